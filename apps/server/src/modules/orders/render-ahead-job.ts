/**
 * Renders ahead the invoices of shoppers with many, so that even their first data export sends
 * kept PDFs instead of rendering thousands (18 s for 4,000 on two cores). Only theirs: a shopper
 * with fewer than RENDER_AHEAD_MIN_INVOICES renders theirs in well under a second when asked, and
 * keeping every invoice of a shop with millions of orders would cost ~20 KB each for PDFs that
 * are mostly never downloaded (those are kept on first use).
 *
 * A look reads one span of shopper ids (a bounded part of the orders, so a SQLite look holds the
 * event loop for milliseconds only), claims a batch of one such shopper's invoices (every instance
 * runs the job; each gets the claims it inserted) and renders them one at a time on the render
 * threads, leaving the other threads and cores to requests. A full sweep of the shoppers is
 * followed by the interval. The settings are read only when there is something to render.
 */
import { type LookOutcome, pollingJob } from '../../jobs/polling-job.js';
import type { InvoicePdfRepository } from './repositories/invoice-pdfs.js';
import type { OrderService } from './service.js';

/** Where a cold export nears a second (~4.5 ms an invoice on two render threads). */
export const RENDER_AHEAD_MIN_INVOICES = 200;
/** Shopper ids a look reads: ~2,000 orders in a shop of ten orders a shopper. */
const SPAN = 200;
/** Invoices a look renders (~1 s on one thread). */
const BATCH = 50;
/** Longer than a batch takes: a claim never runs out mid-way. */
const LEASE_MS = 10 * 60_000;
/** New heavy shoppers wait at most this long after a sweep (and render on use meanwhile). */
const SWEEP_INTERVAL_MS = 15 * 60_000;
/** A server just started has better things to do. */
const FIRST_LOOK_AFTER_MS = 60_000;

export interface RenderAheadJobOptions {
  pdfs: Pick<InvoicePdfRepository, 'aheadCandidates' | 'claim' | 'release'>;
  orders: Pick<OrderService, 'renderAhead'>;
  minInvoices?: number;
  now?: () => Date;
  log?: { warn(details: object, message: string): void };
  onLook?: (job: string, outcome: LookOutcome) => void;
}

export function renderAheadJob(options: RenderAheadJobOptions) {
  const minInvoices = options.minInvoices ?? RENDER_AHEAD_MIN_INVOICES;
  const now = options.now ?? (() => new Date());
  /** The last shopper id of the spans done in this sweep. */
  let sweptTo = 0;
  /** The shopper whose invoices the last look rendered: the next look goes on with them. */
  let current: number | null = null;

  /** Claims and renders a batch of the shopper's invoices; false when none was left to claim. */
  async function renderBatch(shopperId: number, at: Date): Promise<boolean> {
    const until = new Date(at.getTime() + LEASE_MS).toISOString();
    const claimed = await options.pdfs.claim(shopperId, BATCH, at.toISOString(), until);
    if (claimed.length === 0) return false;
    try {
      await options.orders.renderAhead(shopperId, claimed);
    } catch (error) {
      await options.pdfs.release(claimed);
      throw error;
    }
    return true;
  }

  /** One batch of a shopper, or one span of shoppers with none to render; true while the sweep goes on. */
  async function runOnce(): Promise<boolean> {
    const at = now();
    if (current !== null && (await renderBatch(current, at))) return true;
    current = null;
    const { shopperIds, beyond } = await options.pdfs.aheadCandidates(sweptTo, SPAN, minInvoices, at.toISOString());
    for (const shopperId of shopperIds) {
      if (await renderBatch(shopperId, at)) {
        current = shopperId;
        return true;
      }
    }
    sweptTo = beyond ? sweptTo + SPAN : 0;
    return beyond;
  }

  const job = pollingJob({
    name: 'invoice render-ahead round',
    look: () => runOnce(),
    intervalMs: SWEEP_INTERVAL_MS,
    firstLookAfterMs: FIRST_LOOK_AFTER_MS,
    log: options.log,
    onLook: options.onLook,
  });

  return { runOnce, start: job.start, wake: job.wake, stop: job.stop };
}

export type RenderAheadJob = ReturnType<typeof renderAheadJob>;
