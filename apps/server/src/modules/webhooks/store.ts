/** The shop's webhook endpoints, and what became of the deliveries (integration API, command line). */
import { randomBytes } from 'node:crypto';
import type { Delivery } from '@account/contract';
import type { DeliveryFilter, WebhookRepository } from './repository.js';

export interface EndpointInfo {
  id: number;
  url: string;
  description: string;
  createdAt: string;
}

/** Delivered events are kept this long for inspection, then swept. */
const DELIVERED_RETENTION_DAYS = 30;

export function webhookStore(rows: WebhookRepository) {
  return {
    /** Adds an endpoint; its secret is returned here and kept for signing. */
    async addEndpoint(url: string, description = '', now = new Date().toISOString()) {
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      const id = await rows.insertEndpoint({ url, secret, description, createdAt: now });
      return { id, url, description, createdAt: now, secret };
    },

    listEndpoints: (): Promise<EndpointInfo[]> => rows.listEndpoints(),

    /** Removes an endpoint and its pending deliveries; answers whether it existed. */
    removeEndpoint: (id: number): Promise<boolean> => rows.removeEndpoint(id),

    async deliveries(filter: DeliveryFilter): Promise<Delivery[]> {
      return (await rows.deliveries(filter)).map((row) => ({
        ...row,
        shopper: row.shopper ?? null,
        nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt : null,
      }));
    },

    /** How many deliveries wait to go out (the outbox's depth). */
    pendingCount: (): Promise<number> => rows.pendingCount(),

    /** Forgets deliveries acknowledged long ago, and events nothing refers to any more. */
    sweep: (now = new Date()): Promise<void> =>
      rows.sweep(new Date(now.getTime() - DELIVERED_RETENTION_DAYS * 86_400_000).toISOString()),
  };
}

export type WebhookStore = ReturnType<typeof webhookStore>;
