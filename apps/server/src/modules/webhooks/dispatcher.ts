/**
 * Delivers the outbox's events to the shop's endpoints: signed, retried with backoff until an
 * endpoint acknowledges (any 2xx), at least once, and in order per shopper and endpoint. Every
 * instance runs a dispatcher; a delivery is leased by one of them at a time (SKIP LOCKED on
 * PostgreSQL), and a lease that runs out — an instance that died mid-delivery — frees it again.
 */
import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@account/contract';
import type { DatabaseKind } from '../../db/connection.js';
import { type LookOutcome, pollingJob, retryDelayMs } from '../../jobs/polling-job.js';
import type { StoredEvent } from './outbox.js';
import type { ClaimedDelivery, WebhookRepository } from './repository.js';

export interface DispatcherOptions {
  repository: WebhookRepository;
  kind: DatabaseKind;
  fetch: typeof globalThis.fetch;
  /** How often to look for due deliveries when the last look found none. */
  pollIntervalMs: number;
  /** How long an endpoint may take to answer. */
  timeoutMs: number;
  /** The wait after the first failed attempt; it doubles with every further one. */
  retryBaseMs: number;
  /** Deliveries taken per look. */
  batchSize?: number;
  log?: { warn(details: object, message: string): void };
  /** Told the outcome of every attempt (metrics). */
  onDelivery?: (delivered: boolean) => void;
  /** Told the outcome of every look (metrics). */
  onLook?: (job: string, outcome: LookOutcome) => void;
}

/** The signature header of a delivery body sent at `timestamp` (Unix seconds). */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function webhookDispatcher(options: DispatcherOptions) {
  const rows = options.repository;
  const batchSize = options.batchSize ?? 20;
  // Long enough for the slowest endpoint, with room: a lease must not run out mid-delivery.
  const leaseMs = options.timeoutMs * 3 + 5_000;

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const target = await rows.deliveryTarget(delivery);
    // Removed meanwhile (cascade): nothing left to deliver.
    if (!target) return;
    const stored = JSON.parse(target.payload) as StoredEvent;
    const body = JSON.stringify({ id: delivery.eventId, ...stored });
    const timestamp = Math.floor(Date.now() / 1000);
    let failure: string | null = null;
    try {
      const response = await options.fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'account-area-webhooks/1',
          [WEBHOOK_HEADERS.event]: stored.type,
          [WEBHOOK_HEADERS.delivery]: String(delivery.id),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signDelivery(target.secret, timestamp, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      // The body is not needed, but reading it lets the connection be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) failure = `HTTP ${response.status}`;
    } catch (error) {
      failure = (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message || 'network error';
    }
    const now = new Date();
    options.onDelivery?.(failure === null);
    if (failure === null) {
      await rows.markDelivered(delivery.id, now.toISOString());
      return;
    }
    await rows.scheduleRetry(
      delivery.id,
      new Date(now.getTime() + retryDelayMs(delivery.attempts, options.retryBaseMs)).toISOString(),
      failure.slice(0, 500),
    );
  }

  /** One look: claims what is due and delivers it; answers how many were taken. */
  async function runOnce(): Promise<number> {
    const now = new Date();
    const claimed = await rows.claimDue({
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      limit: batchSize,
      skipLocked: options.kind === 'postgres',
    });
    await Promise.all(claimed.map((delivery) => deliver(delivery)));
    return claimed.length;
  }

  const job = pollingJob({
    name: 'webhook delivery round',
    // A full batch: more may be due.
    look: async () => (await runOnce()) >= batchSize,
    intervalMs: options.pollIntervalMs,
    log: options.log,
    onLook: options.onLook,
  });

  return { runOnce, start: job.start, stop: job.stop };
}

export type WebhookDispatcher = ReturnType<typeof webhookDispatcher>;
