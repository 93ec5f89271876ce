/**
 * The webhook outbox: a shopper's change records its event in the same transaction as the change
 * itself, so the shop hears of every change that was kept and of none that was rolled back. One
 * delivery per configured endpoint is queued with it; without endpoints nothing is written.
 */
import type { WebhookEvent, WebhookEventType } from '@account/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export interface ShopperEvent {
  shopperId: number;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/** The event as stored: everything of the delivered body but its id, which the row gives. */
export type StoredEvent = Omit<WebhookEvent, 'id'>;

/** Records the event and queues its deliveries; pass the transaction of the change. */
export async function recordEvent(trx: Kysely<Database>, event: ShopperEvent, now = new Date()): Promise<void> {
  const endpoints = await trx.selectFrom('webhookEndpoints').select('id').execute();
  if (endpoints.length === 0) return;
  const shopper = await trx
    .selectFrom('shoppers')
    .select(['id', 'externalId'])
    .where('id', '=', event.shopperId)
    .executeTakeFirst();
  const occurredAt = now.toISOString();
  const stored: StoredEvent = {
    type: event.type,
    occurredAt,
    shopper: { id: event.shopperId, externalId: shopper?.externalId ?? null },
    data: event.data,
  };
  const { id } = await trx
    .insertInto('webhookEvents')
    .values({ shopperId: event.shopperId, type: event.type, payload: JSON.stringify(stored), createdAt: occurredAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('webhookDeliveries')
    .values(
      endpoints.map((endpoint) => ({
        eventId: id,
        endpointId: endpoint.id,
        shopperKey: event.shopperId,
        state: 'pending' as const,
        nextAttemptAt: occurredAt,
        leaseUntil: null,
        lastError: null,
        deliveredAt: null,
        createdAt: occurredAt,
      })),
    )
    .execute();
}

/** Something that records events; services get one so tests and callers need not know the table. */
export type EventRecorder = (trx: Kysely<Database>, event: ShopperEvent) => Promise<void>;
