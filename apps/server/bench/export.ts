/**
 * The export section: the shopper's "Download my data" ZIP (GET /privacy/export) of the heavy
 * shopper and of a typical one, through the real export service, read to the end as a client
 * would: cold (no invoice PDF kept), then with every invoice kept; and one sweep of the
 * render-ahead job. Reported: the time to the first byte and to the last, the CPU the process spent (its
 * render threads included), its peak memory while streaming (sampled) against before, how long the
 * event loop was held up at most (other requests wait that long), and what the ZIP holds. Memory
 * is the anonymous resident memory (heaps, buffers, threads): the resident set also counts the
 * database file SQLite maps, which is the system's file cache.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../src/db/connection.js';
import { renderAheadJob } from '../src/modules/orders/render-ahead-job.js';
import type { PrivacyExport } from '../src/modules/privacy/export.js';
import { buildDatabaseServices } from '../src/services.js';
import type { GeneratedShop } from './generate.js';

export interface ExportResult {
  shopper: string;
  orders: number;
  invoices: number;
  zipBytes: number;
  firstByteMs: number;
  totalMs: number;
  cpuMs: number;
  memoryBeforeBytes: number;
  peakMemoryBytes: number;
  eventLoopDelayMaxMs: number;
  eventLoopDelayP99Ms: number;
}

/** Anonymous resident memory (Linux); elsewhere the resident set. */
function memory(): number {
  try {
    const kb = /^RssAnon:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // Not Linux.
  }
  return process.memoryUsage.rss();
}

async function measure(db: Db, exports: PrivacyExport, name: string, shopperId: number): Promise<ExportResult> {
  const counts = await db.kysely
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.orderId', 'orders.id')
    .select((eb) => [eb.fn.count<number>('orders.id').as('orders'), eb.fn.count<number>('invoices.id').as('invoices')])
    .where('orders.shopperId', '=', shopperId)
    .executeTakeFirstOrThrow();
  const memoryBeforeBytes = memory();
  let peakMemoryBytes = memoryBeforeBytes;
  const sampler = setInterval(() => {
    peakMemoryBytes = Math.max(peakMemoryBytes, memory());
  }, 25);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const cpu = process.cpuUsage();
  const began = performance.now();
  let firstByteMs = Number.NaN;
  let zipBytes = 0;
  try {
    const { stream } = await exports.zip(shopperId, { signal: new AbortController().signal });
    await pipeline(
      stream,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          if (zipBytes === 0) firstByteMs = performance.now() - began;
          zipBytes += chunk.length;
          // As a socket does: the next chunk comes after a turn of the event loop.
          setImmediate(callback);
        },
      }),
    );
  } finally {
    clearInterval(sampler);
    delay.disable();
  }
  const totalMs = performance.now() - began;
  const used = process.cpuUsage(cpu);
  peakMemoryBytes = Math.max(peakMemoryBytes, memory());
  return {
    shopper: name,
    orders: Number(counts.orders),
    invoices: Number(counts.invoices),
    zipBytes,
    firstByteMs,
    totalMs,
    cpuMs: (used.user + used.system) / 1000,
    memoryBeforeBytes,
    peakMemoryBytes,
    eventLoopDelayMaxMs: delay.max / 1e6,
    eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
  };
}

/** Forgets the shoppers' kept invoice PDFs: the database stays as generated. */
async function forgetKept(db: Db, shopperIds: number[]): Promise<void> {
  await db.kysely.deleteFrom('invoicePdfs').where('shopperId', 'in', shopperIds).execute();
}

/**
 * One sweep of the render-ahead job over the whole shop: how long it takes, the CPU it spends,
 * its longest look (on SQLite the event loop is held that long) and the event loop's delay.
 */
async function sweep(db: Db, what: string): Promise<void> {
  const { repositories, orders } = buildDatabaseServices(db);
  const job = renderAheadJob({ pdfs: repositories.invoicePdfs, orders });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const cpu = process.cpuUsage();
  const began = performance.now();
  let looks = 0;
  let longest = 0;
  for (let more = true; more; looks++) {
    const lookBegan = performance.now();
    more = await job.runOnce();
    longest = Math.max(longest, performance.now() - lookBegan);
  }
  delay.disable();
  const used = process.cpuUsage(cpu);
  console.log(
    `  render-ahead sweep, ${what}: ${looks} looks in ${((performance.now() - began) / 1000).toFixed(1)} s ` +
      `(CPU ${((used.user + used.system) / 1e6).toFixed(1)} s), the longest look ${longest.toFixed(0)} ms, ` +
      `event loop held up ≤ ${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms)`,
  );
}

export async function exportSection(db: Db, shop: GeneratedShop): Promise<ExportResult[]> {
  const { exports } = buildDatabaseServices(db);
  const shoppers = [shop.typicalShopperId, shop.heavyShopperId];
  await forgetKept(db, shoppers);
  try {
    // The typical shopper first: it warms up the code paths the heavy one's measurement shares.
    // Cold: nothing kept, every invoice rendered (and kept). Then, the heavy shopper's kept ones
    // forgotten, the render-ahead job's sweep, and their first export after it (as every later one).
    const cold = [
      await measure(db, exports, 'a typical shopper, cold', shop.typicalShopperId),
      await measure(db, exports, 'the heavy shopper, cold', shop.heavyShopperId),
    ];
    await forgetKept(db, [shop.heavyShopperId]);
    await sweep(db, "rendering the heavy shopper's invoices ahead");
    const kept = [
      await measure(db, exports, 'a typical shopper, invoices kept', shop.typicalShopperId),
      await measure(db, exports, 'the heavy shopper, rendered ahead', shop.heavyShopperId),
    ];
    await sweep(db, 'nothing left to render');
    return [...cold, ...kept];
  } finally {
    await forgetKept(db, shoppers);
  }
}
