/** The shop's webhook endpoints, and what became of the deliveries (integration API, command line). */
import { randomBytes } from 'node:crypto';
import type { Delivery } from '@account/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export interface EndpointInfo {
  id: number;
  url: string;
  description: string;
  createdAt: string;
}

/** Delivered events are kept this long for inspection, then swept. */
const DELIVERED_RETENTION_DAYS = 30;

export function webhookStore(db: Kysely<Database>) {
  return {
    /** Adds an endpoint; its secret is returned here and kept for signing. */
    async addEndpoint(url: string, description = '', now = new Date().toISOString()) {
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      const { id } = await db
        .insertInto('webhookEndpoints')
        .values({ url, secret, description, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, url, description, createdAt: now, secret };
    },

    listEndpoints(): Promise<EndpointInfo[]> {
      return db
        .selectFrom('webhookEndpoints')
        .select(['id', 'url', 'description', 'createdAt'])
        .orderBy('id')
        .execute();
    },

    /** Removes an endpoint and its pending deliveries; answers whether it existed. */
    async removeEndpoint(id: number): Promise<boolean> {
      const result = await db.deleteFrom('webhookEndpoints').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deliveries(filter: {
      state?: 'pending' | 'delivered';
      shopper?: string;
      limit: number;
    }): Promise<Delivery[]> {
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
      const rows = await query.execute();
      return rows.map((row) => ({
        ...row,
        shopper: row.shopper ?? null,
        nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt : null,
      }));
    },

    /** Forgets deliveries acknowledged long ago, and events nothing refers to any more. */
    async sweep(now = new Date()): Promise<void> {
      const before = new Date(now.getTime() - DELIVERED_RETENTION_DAYS * 86_400_000).toISOString();
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
  };
}

export type WebhookStore = ReturnType<typeof webhookStore>;
