/**
 * The export section: the shopper's "Download my data" ZIP (GET /privacy/export) of the heavy
 * shopper and of a typical one, through the real export service, read to the end as a client
 * would. Reported: the time to the first byte and to the last, the CPU the process spent (its
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

export async function exportSection(db: Db, shop: GeneratedShop): Promise<ExportResult[]> {
  const { exports } = buildDatabaseServices(db);
  // The typical shopper first: it warms up the code paths the heavy one's measurement shares.
  return [
    await measure(db, exports, 'a typical shopper', shop.typicalShopperId),
    await measure(db, exports, 'the heavy shopper', shop.heavyShopperId),
  ];
}
