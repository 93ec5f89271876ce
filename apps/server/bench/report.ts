/** The results of a run: one JSON file under bench-results/, and markdown tables with the DESIGN §8 budgets. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AlertsResult } from './alerts.js';
import { type ApiResult, leastOf } from './api.js';
import type { BundleResult } from './bundle.js';
import type { ExportResult } from './export.js';
import type { GeneratedShop } from './generate.js';
import type { PageScore } from './lighthouse.js';
import type { OrderListResult } from './orders.js';
import type { StartupResult } from './startup.js';

export interface Budget {
  budget: string;
  subject: string;
  measured: string;
  pass: boolean;
}

export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  machine: { cpus: number; cpuModel: string; memoryBytes: number; node: string; platform: string };
  options: Record<string, unknown>;
  shops: Record<string, GeneratedShop>;
  orders?: Record<string, OrderListResult[]>;
  export?: Record<string, ExportResult[]>;
  api?: Record<string, ApiResult>;
  startup?: Record<string, StartupResult>;
  bundle?: BundleResult;
  lighthouse?: PageScore[];
  alerts?: Record<string, AlertsResult>;
  budgets?: Budget[];
}

/** DESIGN §8: server CPU per request of the hot calls, on SQLite and on PostgreSQL (app + database server). */
export const CPU_BUDGETS: Record<string, { sqlite: number; postgres: number; postgresServer: number }> = {
  'GET /shopuser/me': { sqlite: 1200, postgres: 1400, postgresServer: 900 },
  'GET /order?page=1': { sqlite: 900, postgres: 1000, postgresServer: 700 },
  'GET /order/{id}': { sqlite: 600, postgres: 800, postgresServer: 500 },
  // An order with 5 shipments and 100 carrier events stays within an order's budget (issue 46).
  'GET /order/shipments/{id}': { sqlite: 600, postgres: 800, postgresServer: 500 },
  'POST /address': { sqlite: 1200, postgres: 1500, postgresServer: 1000 },
};

/** DESIGN §8. */
export const BUDGETS = {
  p99Ms: 10,
  firstScreenBytes: 110_000,
  startMs: 2000,
  lighthouseScore: 95,
  lcpMs: 2000,
  tbtMs: 150,
  /**
   * Issue 47, a price drop of a product on 100,000 wishlists (§8 names the fan-out, not yet its
   * figures): the shop's PUT answers as for a product on no wishlist, the fan-out is done within
   * a minute, with the server's memory growing by little (batches of 5,000), and the hot calls
   * keep their p99 meanwhile.
   */
  alertPutMs: 100,
  alertFanOutMs: 60_000,
  alertFanOutMemoryBytes: 100 * 1_048_576,
};

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const fixed = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const whole = (n: number) => Math.round(n).toLocaleString('en');
const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

function apiBudgets(kind: string, api: ApiResult): Budget[] {
  const budgets: Budget[] = [];
  for (const call of api.calls) {
    const failed = call.non2xx + call.errors;
    const limits = CPU_BUDGETS[call.call];
    const problem = call.error ? `failed: ${call.error.slice(0, 60)}` : failed > 0 ? `${failed} failed requests` : null;
    if (limits) {
      const appLimit = kind === 'postgres' ? limits.postgres : limits.sqlite;
      budgets.push({
        budget: `server CPU ≤ ${whole(appLimit)} µs/request`,
        subject: `${call.call} (${kind})`,
        measured: problem ?? `${leastOf(call.cpuWindows)} µs`,
        pass: problem === null && call.cpuMicrosPerRequest <= appLimit,
      });
      if (kind === 'postgres') {
        const server = call.databaseCpuMicrosPerRequest;
        budgets.push({
          budget: `PostgreSQL server CPU ≤ ${whole(limits.postgresServer)} µs/request`,
          subject: `${call.call} (${kind})`,
          measured:
            problem ??
            (call.databaseCpuWindows === undefined ? 'not measured' : `${leastOf(call.databaseCpuWindows)} µs`),
          pass: problem === null && server !== undefined && server <= limits.postgresServer,
        });
      }
    }
    const moderate = call.moderate;
    budgets.push({
      budget: `hot call p99 < ${BUDGETS.p99Ms} ms at moderate load`,
      subject: `${call.call} (${kind})`,
      measured: moderate
        ? `p99 ${fixed(moderate.p99)} ms at ${moderate.connections} connections, ${whole(moderate.rps)} req/s` +
          (moderate.failed > 0 ? `, ${moderate.failed} failed requests` : '')
        : 'not measured',
      pass: moderate !== undefined && moderate.p99 < BUDGETS.p99Ms && moderate.failed === 0,
    });
  }
  return budgets;
}

function lighthouseBudgets(pages: PageScore[]): Budget[] {
  return pages.map((p) => {
    const lcp = p.largestContentfulPaint;
    const tbt = p.totalBlockingTime;
    const cls = p.cumulativeLayoutShift;
    return {
      budget: `Lighthouse mobile ≥ ${BUDGETS.lighthouseScore}, LCP ≤ ${BUDGETS.lcpMs / 1000} s, TBT ≤ ${BUDGETS.tbtMs} ms, CLS 0`,
      subject: p.page,
      measured: p.error
        ? `failed: ${p.error.slice(0, 60)}`
        : `${p.score ?? '–'}, LCP ${lcp === null ? '–' : `${(lcp / 1000).toFixed(2)} s`}, ` +
          `TBT ${tbt === null ? '–' : `${Math.round(tbt)} ms`}, CLS ${cls === null ? '–' : fixed(cls, 3)}`,
      pass:
        !p.error &&
        (p.score ?? 0) >= BUDGETS.lighthouseScore &&
        lcp !== null &&
        lcp <= BUDGETS.lcpMs &&
        tbt !== null &&
        tbt <= BUDGETS.tbtMs &&
        cls !== null &&
        cls < 0.001,
    };
  });
}

function alertBudgets(kind: string, r: AlertsResult): Budget[] {
  const wishlists = whole(r.wishlists);
  const grown = r.serverPeakRssBytes - r.serverRssBeforeBytes;
  return [
    {
      budget: `PUT /products/{id} < ${BUDGETS.alertPutMs} ms, the fan-out in the background`,
      subject: `a price drop on ${wishlists} wishlists (${kind})`,
      measured: `${fixed(r.putMs, 1)} ms (on no wishlist: ${fixed(r.quietPutMs, 1)} ms)`,
      pass: r.putMs < BUDGETS.alertPutMs,
    },
    {
      budget: `fan-out < ${BUDGETS.alertFanOutMs / 1000} s, server memory + < ${mb(BUDGETS.alertFanOutMemoryBytes)}`,
      subject: `${wishlists} alerts (${kind})`,
      measured: `${fixed(r.fanOutMs / 1000, 1)} s for ${whole(r.alertsMade)}, RSS ${mb(r.serverRssBeforeBytes)} → ${mb(r.serverPeakRssBytes)}`,
      pass:
        r.alertsMade === r.wishlists && r.fanOutMs < BUDGETS.alertFanOutMs && grown < BUDGETS.alertFanOutMemoryBytes,
    },
    {
      budget: `hot call p99 < ${BUDGETS.p99Ms} ms at moderate load while the fan-out runs`,
      subject: `GET /shopuser/me during the fan-out (${kind})`,
      measured: `p99 ${fixed(r.getDuringFanOut.p99)} ms (before: ${fixed(r.getBefore.p99)} ms), ${whole(r.getDuringFanOut.requests)} requests`,
      pass: r.getDuringFanOut.p99 < BUDGETS.p99Ms,
    },
  ];
}

export function budgetsOf(results: BenchResults): Budget[] {
  const budgets: Budget[] = [];
  for (const [kind, api] of Object.entries(results.api ?? {})) budgets.push(...apiBudgets(kind, api));
  if (results.bundle) {
    for (const [name, screen] of Object.entries(results.bundle.firstScreens)) {
      budgets.push({
        budget: `first screen ≤ ${kb(BUDGETS.firstScreenBytes)} gzipped JS`,
        subject: `${name} at first load`,
        measured: kb(screen.gzip),
        pass: screen.gzip <= BUDGETS.firstScreenBytes,
      });
    }
    const bundled = results.bundle.screens.filter((s) => !s.chunk || s.sharesChunkWith.length > 0);
    budgets.push({
      budget: 'each screen its own chunk',
      subject: `${results.bundle.screens.length} screens of the router`,
      measured:
        bundled.length === 0
          ? 'all lazy, one chunk each'
          : `not on their own: ${bundled.map((s) => path.basename(s.screen)).join(', ')}`,
      pass: bundled.length === 0,
    });
  }
  if (results.lighthouse) budgets.push(...lighthouseBudgets(results.lighthouse));
  for (const [kind, r] of Object.entries(results.alerts ?? {})) budgets.push(...alertBudgets(kind, r));
  for (const [kind, startup] of Object.entries(results.startup ?? {})) {
    budgets.push({
      budget: `start < ${BUDGETS.startMs / 1000} s on an existing database`,
      subject: `server start (${kind})`,
      measured: `${whole(startup.readyMs)} ms to health (logged startupMs ${startup.startupMs ?? '?'})`,
      pass: startup.readyMs < BUDGETS.startMs,
    });
  }
  return budgets;
}

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

export function markdown(results: BenchResults): string {
  const out: string[] = [];
  const shop = Object.values(results.shops)[0];
  out.push(
    `## npm run bench, ${results.startedAt}`,
    '',
    `${results.machine.cpus} × ${results.machine.cpuModel}, ${mb(results.machine.memoryBytes)}, Node ${results.machine.node}` +
      (shop
        ? `; shop of ${whole(shop.size.shoppers)} shoppers and ${whole(shop.size.orders)} orders ` +
          `(heavy shopper: ${whole(shop.size.heavyOrders)})`
        : ''),
  );

  for (const [kind, rows] of Object.entries(results.orders ?? {})) {
    out.push(
      '',
      `### Order list of the heavy shopper, through the order service, one call at a time (${kind})`,
      '',
      table(
        ['case', 'matches', 'p50 ms', 'p99 ms', 'mean ms'],
        rows.map((r) => [r.name, r.matches, fixed(r.p50), fixed(r.p99), fixed(r.mean)]),
      ),
    );
  }

  for (const [kind, rows] of Object.entries(results.export ?? {})) {
    out.push(
      '',
      `### "Download my data" ZIP, read to the end (${kind})`,
      '',
      table(
        [
          'shopper',
          'orders',
          'invoices',
          'ZIP',
          'first byte',
          'all',
          'CPU',
          'memory before → peak',
          'event loop held up (max, p99)',
        ],
        rows.map((r) => [
          r.shopper,
          whole(r.orders),
          whole(r.invoices),
          mb(r.zipBytes),
          `${whole(r.firstByteMs)} ms`,
          `${fixed(r.totalMs / 1000, 1)} s`,
          `${fixed(r.cpuMs / 1000, 1)} s`,
          `${mb(r.memoryBeforeBytes)} → ${mb(r.peakMemoryBytes)}`,
          `${whole(r.eventLoopDelayMaxMs)} ms, ${fixed(r.eventLoopDelayP99Ms, 1)} ms`,
        ]),
      ),
    );
  }

  for (const [kind, api] of Object.entries(results.api ?? {})) {
    out.push(
      '',
      `### API under load (${kind}): ${api.connections} connections, each sending as soon as answered, ` +
        `${api.windows} windows of ${api.duration} s per call (the CPU per request is the least of the windows'), ` +
        `${whole(api.sessions)} signed-in shoppers, LOG_LEVEL=${api.logLevel}`,
      '',
      table(
        [
          'call',
          'req/s',
          'p50 ms',
          'p99 ms',
          'vs bare',
          'p99 ms, moderate load',
          'server CPU µs/req (least)',
          'database server CPU µs/req (least)',
          'SQL statements/req',
          'peak RSS',
          'failed',
        ],
        [
          ...[api.bare.before, api.bare.after].map((r) => [
            r.call,
            whole(r.rps),
            fixed(r.p50),
            fixed(r.p99),
            '',
            '',
            whole(r.cpuMicrosPerRequest),
            '',
            '',
            mb(r.peakRssBytes),
            r.non2xx + r.errors,
          ]),
          ...api.calls.map((r) =>
            r.error
              ? [r.call, '–', '–', '–', '–', '–', '–', '–', '–', '–', r.error.slice(0, 60)]
              : [
                  r.call,
                  whole(r.rps),
                  fixed(r.p50),
                  fixed(r.p99),
                  `${Math.round((r.ratio ?? 0) * 100)}%`,
                  r.moderate ? `${fixed(r.moderate.p99)} (${r.moderate.connections} conn.)` : '–',
                  leastOf(r.cpuWindows),
                  r.databaseCpuWindows === undefined ? '–' : leastOf(r.databaseCpuWindows),
                  r.statementsPerRequest === undefined ? '–' : fixed(r.statementsPerRequest, 1),
                  mb(r.peakRssBytes),
                  r.non2xx + r.errors,
                ],
          ),
        ],
      ),
      '',
      `Server peak RSS over the section (VmHWM): ${mb(api.serverPeakRssBytes)}.`,
    );
  }

  if (results.bundle) {
    const b = results.bundle;
    out.push(
      '',
      '### Web app JavaScript (gzip)',
      '',
      `Entry ${b.entry.file}: ${kb(b.entry.gzip)}, ${kb(b.entry.withStaticImportsGzip)} with its static imports; ` +
        `all JavaScript: ${kb(b.totalJsGzip)}.`,
      '',
      table(
        ['screen', 'chunk', 'own', 'loaded beyond the entry', 'at first load'],
        b.screens.map((s) => {
          const first = Object.entries(b.firstScreens).find(([name]) => s.screen.includes(`/${name}/`));
          return [
            s.screen.replace('src/features/', ''),
            s.chunk ? path.basename(s.chunk) : 'none',
            kb(s.ownGzip),
            kb(s.lazyGzip),
            first ? kb(first[1].gzip) : '',
          ];
        }),
      ),
    );
  }

  if (results.lighthouse) {
    const s = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);
    out.push(
      '',
      '### Lighthouse performance, mobile emulation (demo shop)',
      '',
      table(
        ['page', 'score', 'FCP', 'LCP', 'TBT', 'speed index', 'CLS', 'runs (LCP fastest–slowest)', 'note'],
        results.lighthouse.map((p) => [
          p.page,
          p.score ?? '–',
          s(p.firstContentfulPaint),
          s(p.largestContentfulPaint),
          p.totalBlockingTime === null ? '–' : `${Math.round(p.totalBlockingTime)} ms`,
          s(p.speedIndex),
          p.cumulativeLayoutShift === null ? '–' : fixed(p.cumulativeLayoutShift, 3),
          p.lcpRange ? `${p.runs} (${s(p.lcpRange[0])}–${s(p.lcpRange[1])})` : String(p.runs),
          p.error ?? (new URL(p.finalUrl).pathname !== new URL(p.url).pathname ? `ended at ${p.finalUrl}` : ''),
        ]),
      ),
    );
  }

  for (const [kind, startup] of Object.entries(results.startup ?? {})) {
    out.push(
      '',
      `### Server start on the existing database (${kind})`,
      '',
      table(
        ['run', 'spawn → health answers', 'logged startupMs'],
        startup.runs.map((r, i) => [i + 1, `${whole(r.readyMs)} ms`, r.startupMs ?? '–']),
      ),
    );
  }

  for (const [kind, r] of Object.entries(results.alerts ?? {})) {
    const ms = (n: number) => `${fixed(n, 1)} ms`;
    out.push(
      '',
      `### A price drop of a product on ${whole(r.wishlists)} wishlists (${kind})`,
      '',
      table(
        [
          'PUT /products/{id}',
          'PUT, on no wishlist',
          'fan-out',
          'server RSS before → peak',
          'GET /shopuser/me p50/p99/max before',
          'during the fan-out',
          'digests',
          'messages queued',
        ],
        [
          [
            ms(r.putMs),
            ms(r.quietPutMs),
            `${fixed(r.fanOutMs / 1000, 1)} s (${whole((r.alertsMade * 1000) / r.fanOutMs)} alerts/s)`,
            `${mb(r.serverRssBeforeBytes)} → ${mb(r.serverPeakRssBytes)}`,
            `${fixed(r.getBefore.p50)} / ${fixed(r.getBefore.p99)} / ${fixed(r.getBefore.max)} ms`,
            `${fixed(r.getDuringFanOut.p50)} / ${fixed(r.getDuringFanOut.p99)} / ${fixed(r.getDuringFanOut.max)} ms (${whole(r.getDuringFanOut.requests)} requests)`,
            `${whole(r.digestAlerts)} in ${fixed(r.digestMs / 1000, 1)} s (${whole((r.digestAlerts * 1000) / r.digestMs)} alerts/s)`,
            whole(r.messagesQueued),
          ],
        ],
      ),
    );
  }

  const budgets = results.budgets ?? [];
  if (budgets.length > 0) {
    out.push(
      '',
      '### DESIGN §8 budgets',
      '',
      table(
        ['budget', 'subject', 'measured', 'result'],
        budgets.map((b) => [b.budget, b.subject, b.measured, b.pass ? 'pass' : '**FAIL**']),
      ),
    );
  }
  return out.join('\n');
}

export function writeResults(results: BenchResults, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${results.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
