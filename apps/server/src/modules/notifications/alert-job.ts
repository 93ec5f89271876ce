/**
 * Wishlist alerts in the background (issue 47), so that a price change for a product on 100,000
 * wishlists never holds up the request that brought it:
 *  1. fan-out: each product change becomes one pending alert per following wishlist, a batch of
 *     shoppers per round;
 *  2. digest: a shopper's alerts wait `alertDigestMinutes` from the first, then go out together as
 *     one message per channel the shopper chose, queued for durable delivery in the transaction
 *     that marks them sent. An alert for a product no longer wished for (or whose alert was turned
 *     off) is dropped.
 */
import type { NotificationChannel } from '@account/contract';
import type { MailMessage } from '../../integrations/mail/mail-transport.js';
import { type LookOutcome, pollingJob } from '../../jobs/polling-job.js';
import type { SettingsService } from '../settings/service.js';
import type { ClaimedAlert, NotificationRepository } from './repository.js';
import type { NotificationService } from './service.js';

export interface AlertJobOptions {
  repository: NotificationRepository;
  notifications: NotificationService;
  settings: SettingsService;
  accountUrl: string;
  pollIntervalMs: number;
  /** Wishlists per fan-out statement. */
  fanOutBatch?: number;
  log?: { warn(details: object, message: string): void };
  onLook?: (job: string, outcome: LookOutcome) => void;
}

/** Shoppers digested per round (the bench times its rounds). */
export const SHOPPERS_PER_ROUND = 50;
/** Fan-out batches per round at most, so that a round stays short. */
const FAN_OUT_ROUNDS = 20;
/** Longer than a digest's writing takes: a lease never runs out mid-way. */
const LEASE_MS = 60_000;

const eventOf = (alert: ClaimedAlert) => (alert.kind === 'backInStock' ? 'backInStock' : 'priceDrop');

export function alertJob(options: AlertJobOptions) {
  const batch = options.fanOutBatch ?? 5_000;

  /** Sends the due alerts of one shopper, unless another instance holds them. */
  async function digest(shopperId: number, now: Date): Promise<void> {
    const at = now.toISOString();
    const alerts = await options.repository.claimAlerts(
      shopperId,
      at,
      new Date(now.getTime() + LEASE_MS).toISOString(),
    );
    if (alerts.length === 0) return;
    const wished = alerts.filter((alert) => alert.stillWished);
    const gone = alerts.filter((alert) => !alert.stillWished);
    // Before the transaction: on SQLite a read of expired settings within it would wait for ever.
    const stored = await options.settings.stored();
    await options.repository.transaction(async (trx) => {
      await options.repository.settleAlerts(
        gone.map((alert) => alert.id),
        'dropped',
        at,
        trx,
      );
      // Per channel, the alerts of the events the shopper wants on it; a product once, its latest news.
      const messageOf = (wanted: (alert: ClaimedAlert) => boolean): MailMessage | null => {
        const items = latestPerProduct(wished.filter(wanted));
        if (items.length === 0) return null;
        const events = [...new Set(items.map(eventOf))];
        return {
          kind: 'wishlist-alerts',
          items: items.map((alert) => ({
            name: alert.name,
            url: alert.url,
            change: alert.kind,
            currency: alert.currency,
            oldPriceE4: alert.oldPriceE4,
            newPriceE4: alert.newPriceE4,
          })),
          wishlistUrl: `${options.accountUrl}/wishlist`,
          audience: { shopperId, events },
        };
      };
      // The wishlist events the shopper wants on each channel, as tellOn reads their choices.
      const chosen = new Map<NotificationChannel, Set<'backInStock' | 'priceDrop'>>();
      let wantedByAny = new Set<ClaimedAlert>();
      const queued = await options.notifications.tellOn(
        trx,
        shopperId,
        (channel) => messageOf((alert) => chosen.get(channel)?.has(eventOf(alert)) ?? false),
        (choices) => {
          chosen.clear();
          for (const channel of ['email', 'sms'] as const) {
            chosen.set(
              channel,
              new Set((['backInStock', 'priceDrop'] as const).filter((event) => choices[event][channel])),
            );
          }
          wantedByAny = new Set(
            wished.filter((alert) => [...chosen.values()].some((events) => events.has(eventOf(alert)))),
          );
          return [...chosen.keys()].filter((channel) => (chosen.get(channel)?.size ?? 0) > 0);
        },
        stored,
      );
      const sent = queued > 0 ? wished.filter((alert) => wantedByAny.has(alert)) : [];
      await options.repository.settleAlerts(
        sent.map((alert) => alert.id),
        'sent',
        at,
        trx,
      );
      await options.repository.settleAlerts(
        wished.filter((alert) => !sent.includes(alert)).map((alert) => alert.id),
        'dropped',
        at,
        trx,
      );
    });
  }
  /** One round: a fan-out batch, then the shoppers whose digest is due. Answers whether more may be waiting. */
  async function runOnce(now = new Date()): Promise<boolean> {
    // Every change waiting is fanned out first (within a budget), so that changes that came
    // together reach a shopper in one message.
    let more = false;
    for (let round = 0; round < FAN_OUT_ROUNDS; round++) {
      const started = performance.now();
      more = await options.repository.fanOutBatch(batch, now.toISOString());
      if (!more) break;
      // As long a pause as the batch took: a request needs several turns of the event loop (and, on
      // SQLite, of its one connection), and gets them between two batches rather than one turn per
      // batch; the fan-out takes twice as long, the hot calls stay within DESIGN §8 (the bench's alerts).
      await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
    }
    // The settings are read only when some alert waits, so that an idle job never reads (and so
    // caches) them on its own from start-up.
    if (!(await options.repository.anyPending(now.toISOString()))) return more;
    const minutes = (await options.settings.stored()).alertDigestMinutes;
    const dueBefore = new Date(now.getTime() - minutes * 60_000).toISOString();
    const shoppers = await options.repository.dueShoppers(dueBefore, now.toISOString(), SHOPPERS_PER_ROUND);
    for (const shopperId of shoppers) await digest(shopperId, now);
    return more || shoppers.length === SHOPPERS_PER_ROUND;
  }

  const job = pollingJob({
    name: 'wishlist alerts round',
    look: () => runOnce(),
    intervalMs: options.pollIntervalMs,
    log: options.log,
    onLook: options.onLook,
  });

  return { runOnce, start: job.start, wake: job.wake, stop: job.stop };
}

/** One alert per product: its latest (a drop after a drop says the lowest price). */
function latestPerProduct(alerts: readonly ClaimedAlert[]): ClaimedAlert[] {
  const byProduct = new Map<number, ClaimedAlert>();
  for (const alert of alerts) byProduct.set(alert.productId, alert);
  return [...byProduct.values()];
}

export type AlertJob = ReturnType<typeof alertJob>;
