/**
 * SQL of the webhooks: the shop's endpoints, the outbox's events and their deliveries. The outbox
 * writes run in the transaction of the shopper's change, so this takes whichever Kysely it is given.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

/** A delivery leased for one attempt. */
export interface ClaimedDelivery {
  id: number;
  eventId: number;
  endpointId: number;
  attempts: number;
}

export interface DeliveryFilter {
  state?: 'pending' | 'delivered';
  shopper?: string;
  limit: number;
}

export function webhookRepository(db: Kysely<Database>) {
  return {
    async insertEndpoint(endpoint: { url: string; secret: string; description: string; createdAt: string }) {
      const { id } = await db.insertInto('webhookEndpoints').values(endpoint).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    listEndpoints() {
      return db
        .selectFrom('webhookEndpoints')
        .select(['id', 'url', 'description', 'createdAt'])
        .orderBy('id')
        .execute();
    },

    /** Removes an endpoint (its pending deliveries go by cascade); answers whether it existed. */
    async removeEndpoint(id: number): Promise<boolean> {
      const result = await db.deleteFrom('webhookEndpoints').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** How many deliveries wait to be sent (the metrics' queue depth). */
    async pendingCount(): Promise<number> {
      const row = await db
        .selectFrom('webhookDeliveries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The newest deliveries first, with their event, endpoint and shopper. */
    deliveries(filter: DeliveryFilter) {
      let query = db
        .selectFrom('webhookDeliveries as d')
        .innerJoin('webhookEvents as e', 'e.id', 'd.eventId')
        .innerJoin('webhookEndpoints as w', 'w.id', 'd.endpointId')
        .leftJoin('shoppers as s', 's.id', 'e.shopperId')
        .select([
          'd.id',
          'd.eventId',
          'e.type as event',
          's.externalId as shopper',
          'w.url as endpoint',
          'd.state',
          'd.attempts',
          'd.nextAttemptAt',
          'd.lastError',
          'd.deliveredAt',
          'd.createdAt',
        ])
        .orderBy('d.id', 'desc')
        .limit(filter.limit);
      if (filter.state) query = query.where('d.state', '=', filter.state);
      if (filter.shopper) query = query.where('s.externalId', '=', filter.shopper);
      return query.execute();
    },

    /** Deletes deliveries acknowledged before `before`, then events nothing refers to any more. */
    async sweep(before: string): Promise<void> {
      await db
        .deleteFrom('webhookDeliveries')
        .where('state', '=', 'delivered')
        .where('deliveredAt', '<', before)
        .execute();
      await db
        .deleteFrom('webhookEvents')
        .where('createdAt', '<', before)
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('webhookDeliveries').select('id').whereRef('eventId', '=', 'webhookEvents.id')),
          ),
        )
        .execute();
    },

    endpointIds(): Promise<number[]> {
      return db
        .selectFrom('webhookEndpoints')
        .select('id')
        .execute()
        .then((rows) => rows.map((row) => row.id));
    },

    async shopperExternalId(shopperId: number): Promise<string | null> {
      const shopper = await db
        .selectFrom('shoppers')
        .select(['id', 'externalId'])
        .where('id', '=', shopperId)
        .executeTakeFirst();
      return shopper?.externalId ?? null;
    },

    /** Stores an event and queues one pending delivery of it per endpoint. */
    async insertEvent(
      event: { shopperId: number; type: string; payload: string; createdAt: string },
      endpointIds: readonly number[],
    ): Promise<void> {
      const { id } = await db.insertInto('webhookEvents').values(event).returning('id').executeTakeFirstOrThrow();
      await db
        .insertInto('webhookDeliveries')
        .values(
          endpointIds.map((endpointId) => ({
            eventId: id,
            endpointId,
            shopperKey: event.shopperId,
            state: 'pending' as const,
            nextAttemptAt: event.createdAt,
            leaseUntil: null,
            lastError: null,
            deliveredAt: null,
            createdAt: event.createdAt,
          })),
        )
        .execute();
    },

    /**
     * Leases up to `limit` due deliveries whose shopper has no earlier one pending for the same
     * endpoint, counting the attempt. `skipLocked` (PostgreSQL) lets instances claim side by side.
     */
    claimDue(options: {
      now: string;
      leaseUntil: string;
      limit: number;
      skipLocked: boolean;
    }): Promise<ClaimedDelivery[]> {
      const { now } = options;
      let due = db
        .selectFrom('webhookDeliveries as d')
        .select('d.id')
        .where('d.state', '=', 'pending')
        .where('d.nextAttemptAt', '<=', now)
        .where((eb) => eb.or([eb('d.leaseUntil', 'is', null), eb('d.leaseUntil', '<', now)]))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('webhookDeliveries as p')
                .select('p.id')
                .whereRef('p.endpointId', '=', 'd.endpointId')
                .whereRef('p.shopperKey', '=', 'd.shopperKey')
                .where('p.state', '=', 'pending')
                .whereRef('p.eventId', '<', 'd.eventId'),
            ),
          ),
        )
        .orderBy('d.eventId')
        .limit(options.limit);
      if (options.skipLocked) due = due.forUpdate().skipLocked();
      return db
        .updateTable('webhookDeliveries')
        .set({ leaseUntil: options.leaseUntil, attempts: sql<number>`attempts + 1` })
        .where('id', 'in', due)
        .returning(['id', 'eventId', 'endpointId', 'attempts'])
        .execute();
    },

    /** The stored event and the endpoint of a delivery; undefined when either was removed meanwhile. */
    async deliveryTarget(delivery: Pick<ClaimedDelivery, 'eventId' | 'endpointId'>) {
      const [event, endpoint] = await Promise.all([
        db.selectFrom('webhookEvents').select(['payload']).where('id', '=', delivery.eventId).executeTakeFirst(),
        db
          .selectFrom('webhookEndpoints')
          .select(['url', 'secret'])
          .where('id', '=', delivery.endpointId)
          .executeTakeFirst(),
      ]);
      return event && endpoint ? { payload: event.payload, url: endpoint.url, secret: endpoint.secret } : undefined;
    },

    async markDelivered(id: number, deliveredAt: string): Promise<void> {
      await db
        .updateTable('webhookDeliveries')
        .set({ state: 'delivered', deliveredAt, leaseUntil: null, lastError: null })
        .where('id', '=', id)
        .execute();
    },

    async scheduleRetry(id: number, nextAttemptAt: string, lastError: string): Promise<void> {
      await db
        .updateTable('webhookDeliveries')
        .set({ nextAttemptAt, leaseUntil: null, lastError })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type WebhookRepository = ReturnType<typeof webhookRepository>;
