/**
 * The webhook outbox: a shopper's change records its event in the same transaction as the change
 * itself, so the shop hears of every change that was kept and of none that was rolled back. One
 * delivery per configured endpoint is queued with it; without endpoints nothing is written.
 */
import type { WebhookEvent, WebhookEventType } from '@account/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { webhookRepository } from './repository.js';

export interface ShopperEvent {
  shopperId: number;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/** The event as stored: everything of the delivered body but its id, which the row gives. */
export type StoredEvent = Omit<WebhookEvent, 'id'>;

/** Records the event and queues its deliveries; pass the transaction of the change. */
export async function recordEvent(trx: Kysely<Database>, event: ShopperEvent, now = new Date()): Promise<void> {
  const rows = webhookRepository(trx);
  const endpointIds = await rows.endpointIds();
  if (endpointIds.length === 0) return;
  const occurredAt = now.toISOString();
  const stored: StoredEvent = {
    type: event.type,
    occurredAt,
    shopper: { id: event.shopperId, externalId: await rows.shopperExternalId(event.shopperId) },
    data: event.data,
  };
  await rows.insertEvent(
    { shopperId: event.shopperId, type: event.type, payload: JSON.stringify(stored), createdAt: occurredAt },
    endpointIds,
  );
}
