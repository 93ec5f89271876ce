/**
 * `npm run bench`: the instrument behind DESIGN §8, on a generated shop of 100,000 shoppers and
 * 1,000,000 orders in SQLite and in PostgreSQL. Sections (all by default; pick with --only):
 *
 *   orders      the order list and search of the heavy shopper through the order service
 *   export      the "Download my data" ZIP of the heavy shopper and of a typical one
 *   api         the hot API calls under load (autocannon) against a bare Fastify route
 *   startup     the server's start on the existing database
 *   bundle      the web app's gzipped JavaScript: the first screen and each screen's chunk
 *   lighthouse  Lighthouse performance (mobile) of the login page, the overview and the orders list
 *   web         bundle and lighthouse
 *   alerts      a price drop of a product on 100,000 wishlists: the PUT, the fan-out, the digests
 *
 *   npm run bench                                                       the full run
 *   npm run bench -- --only=api,web --shoppers=2000 --orders=20000 --duration=3   a quick one
 *
 * Options (or the environment variables in brackets): --only (BENCH_ONLY), --db=sqlite,postgres
 * (BENCH_DB), --shoppers (BENCH_SHOPPERS), --orders (BENCH_ORDERS), --heavy (BENCH_HEAVY_ORDERS),
 * --iterations (BENCH_ITERATIONS), --duration, --windows, --warmup, --connections, --moderate-connections,
 * --sessions (BENCH_DURATION, BENCH_WINDOWS, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_MODERATE_CONNECTIONS, BENCH_SESSIONS), --log-level (BENCH_LOG_LEVEL), --startup-runs
 * (BENCH_STARTUP_RUNS), --lighthouse-runs (BENCH_LIGHTHOUSE_RUNS), --dir (BENCH_DIR: the kept databases), --out (BENCH_OUT: where the JSON
 * goes), --skip-build (use the builds as they are). See README.md beside this file.
 */
import { spawnSync } from 'node:child_process';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DatabaseKind } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ALERT_WISHLISTS, alertsSection } from './alerts.js';
import { apiSection } from './api.js';
import { buildWeb, bundleSection, printBundle } from './bundle.js';
import { benchDatabase } from './databases.js';
import { exportSection } from './export.js';
import { GENERATOR_VERSION, generatedShop, generateShop, type ShopSize } from './generate.js';
import { lighthouseSection } from './lighthouse.js';
import { orderListSection } from './orders.js';
import { ROOT } from './processes.js';
import { type BenchResults, budgetsOf, markdown, writeResults } from './report.js';
import { startupSection } from './startup.js';

const SECTIONS = ['orders', 'export', 'api', 'startup', 'bundle', 'lighthouse', 'alerts'] as const;
type Section = (typeof SECTIONS)[number];

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    db: { type: 'string' },
    orders: { type: 'string' },
    shoppers: { type: 'string' },
    heavy: { type: 'string' },
    iterations: { type: 'string' },
    duration: { type: 'string' },
    windows: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    'moderate-connections': { type: 'string' },
    sessions: { type: 'string' },
    'log-level': { type: 'string' },
    'startup-runs': { type: 'string' },
    'lighthouse-runs': { type: 'string' },
    dir: { type: 'string' },
    out: { type: 'string' },
    'skip-build': { type: 'boolean' },
  },
});

function count(arg: string | undefined, env: string, fallback: number, min = 1): number {
  const text = arg ?? process.env[env];
  if (text === undefined || text === '') return fallback;
  const value = Number(text.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < min) throw new Error(`${env} must be a whole number ≥ ${min}, not ${text}`);
  return value;
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const size: ShopSize = {
  orders: count(args.orders, 'BENCH_ORDERS', 1_000_000),
  shoppers: count(args.shoppers, 'BENCH_SHOPPERS', 100_000),
  heavyOrders: count(args.heavy, 'BENCH_HEAVY_ORDERS', 5_000),
};
const options = {
  iterations: count(args.iterations, 'BENCH_ITERATIONS', 300),
  duration: count(args.duration, 'BENCH_DURATION', 5),
  windows: count(args.windows, 'BENCH_WINDOWS', 3),
  warmup: count(args.warmup, 'BENCH_WARMUP', 5, 0),
  connections: count(args.connections, 'BENCH_CONNECTIONS', 10),
  moderateConnections: count(args['moderate-connections'], 'BENCH_MODERATE_CONNECTIONS', 2),
  sessions: Math.min(20_000, count(args.sessions, 'BENCH_SESSIONS', 1000)),
  logLevel: args['log-level'] ?? process.env.BENCH_LOG_LEVEL ?? 'info',
  startupRuns: count(args['startup-runs'], 'BENCH_STARTUP_RUNS', 3),
  lighthouseRuns: count(args['lighthouse-runs'], 'BENCH_LIGHTHOUSE_RUNS', 5),
  skipBuild: args['skip-build'] ?? false,
};
const kinds = list(args.db ?? process.env.BENCH_DB ?? 'sqlite,postgres') as DatabaseKind[];
for (const kind of kinds) {
  if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`--db takes sqlite and/or postgres, not ${kind}`);
}
const sections = new Set<Section>(
  list(args.only ?? process.env.BENCH_ONLY ?? SECTIONS.join(',')).flatMap((name): Section[] => {
    if (name === 'web') return ['bundle', 'lighthouse'];
    if ((SECTIONS as readonly string[]).includes(name)) return [name as Section];
    throw new Error(`--only takes ${SECTIONS.join(', ')} or web, not ${name}`);
  }),
);
const dir = path.resolve(args.dir ?? process.env.BENCH_DIR ?? path.join(tmpdir(), 'account-bench'));
const outDir = path.resolve(args.out ?? process.env.BENCH_OUT ?? path.join(ROOT, 'bench-results'));
const logDir = path.join(dir, 'logs');

const number = (n: number) => n.toLocaleString('en');
const heading = (text: string) => console.log(`\n== ${text}`);

const results: BenchResults = {
  startedAt: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryBytes: totalmem(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  },
  options: { ...options, size, databases: kinds, sections: [...sections], dir },
  shops: {},
};

function run(command: string, commandArgs: string[]): void {
  console.log(`  ${command} ${commandArgs.join(' ')}`);
  const done = spawnSync(command, commandArgs, { cwd: ROOT, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed:\n${done.stdout}\n${done.stderr}`);
}

const usesServer = ['api', 'startup', 'lighthouse', 'alerts'].some((s) => sections.has(s as Section));
const usesWeb = sections.has('bundle') || sections.has('lighthouse');
if (!options.skipBuild && (usesServer || usesWeb)) {
  heading('build');
  // The server as deployed (dist/main.js) and the web app with Vite's manifest, from the current sources.
  if (usesServer) run('npx', ['tsc', '-b']);
  if (usesWeb) buildWeb();
}

if (sections.has('bundle')) {
  heading('bundle: gzipped JavaScript of the web app');
  results.bundle = bundleSection();
  printBundle(results.bundle);
}

for (const kind of ['orders', 'export', 'api', 'startup'].some((s) => sections.has(s as Section)) ? kinds : []) {
  heading(`${kind}: shop of ${number(size.shoppers)} shoppers and ${number(size.orders)} orders`);
  const bench = await benchDatabase(kind, dir, size);
  try {
    let db = bench.db;
    await migrateToLatest(db);
    let shop = await generatedShop(db.kysely);
    if (shop?.version !== GENERATOR_VERSION) {
      console.log(
        `  generating in ${dir}${shop ? ` (kept one is of generator version ${shop.version ?? 1})` : ' (none kept)'}`,
      );
      const began = Date.now();
      db = await bench.recreate();
      await migrateToLatest(db);
      shop = await generateShop(db, size);
      console.log(`  generated in ${Math.round((Date.now() - began) / 1000)} s`);
    } else {
      console.log(`  kept from ${shop.generatedAt} in ${dir}`);
    }
    results.shops[kind] = shop;
    if (sections.has('orders')) {
      heading(`orders (${kind}): order list of the heavy shopper, ${options.iterations} calls per case`);
      const rows = await orderListSection(db, shop, options.iterations);
      for (const r of rows) {
        console.log(`  ${r.name.padEnd(46)}${String(r.matches).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ms p50`);
      }
      results.orders = { ...results.orders, [kind]: rows };
    }
    if (sections.has('export')) {
      heading(`export (${kind}): the "Download my data" ZIP, read to the end`);
      const rows = await exportSection(db, shop);
      for (const r of rows) {
        console.log(
          `  ${r.shopper}: ${number(r.invoices)} invoices, ${(r.zipBytes / 1_048_576).toFixed(1)} MB in ` +
            `${(r.totalMs / 1000).toFixed(1)} s (CPU ${(r.cpuMs / 1000).toFixed(1)} s), ` +
            `memory ${Math.round(r.memoryBeforeBytes / 1_048_576)} → peak ${Math.round(r.peakMemoryBytes / 1_048_576)} MB, ` +
            `event loop held up ≤ ${r.eventLoopDelayMaxMs.toFixed(0)} ms (p99 ${r.eventLoopDelayP99Ms.toFixed(1)} ms)`,
        );
      }
      results.export = { ...results.export, [kind]: rows };
    }
    if (sections.has('startup')) {
      heading(`startup (${kind})`);
      const startup = await startupSection(bench, kind, { runs: options.startupRuns, logDir });
      results.startup = { ...results.startup, [kind]: startup };
    }
    if (sections.has('api')) {
      heading(`api (${kind})`);
      const api = await apiSection(bench, shop, kind, { ...options, logDir });
      results.api = { ...results.api, [kind]: api };
    }
  } finally {
    await bench.close();
  }
}

// After the shop's databases are closed: this section opens a database of its own (PostgreSQL: in the same cluster).
for (const kind of sections.has('alerts') ? kinds : []) {
  heading(`alerts (${kind}): a price drop of a product on ${number(ALERT_WISHLISTS)} wishlists`);
  const r = await alertsSection(kind, { dir, logDir, logLevel: options.logLevel });
  console.log(
    `  PUT ${r.putMs.toFixed(1)} ms (on no wishlist: ${r.quietPutMs.toFixed(1)} ms); fan-out of ${number(r.alertsMade)} alerts ` +
      `${(r.fanOutMs / 1000).toFixed(1)} s, server RSS ${Math.round(r.serverRssBeforeBytes / 1_048_576)} → peak ` +
      `${Math.round(r.serverPeakRssBytes / 1_048_576)} MB; GET /shopuser/me p99 ${r.getBefore.p99.toFixed(1)} ms before, ` +
      `${r.getDuringFanOut.p99.toFixed(1)} ms during (max ${r.getDuringFanOut.max.toFixed(1)} ms); ` +
      `digests: ${number(r.digestAlerts)} alerts in ${(r.digestMs / 1000).toFixed(1)} s, ${number(r.messagesQueued)} messages queued`,
  );
  results.alerts = { ...results.alerts, [kind]: r };
}

if (sections.has('lighthouse')) {
  heading('lighthouse: mobile emulation, demo shop');
  results.lighthouse = await lighthouseSection({ logDir, runs: options.lighthouseRuns });
}

results.finishedAt = new Date().toISOString();
results.budgets = budgetsOf(results);
const file = writeResults(results, outDir);
console.log(`\n${markdown(results)}\n`);
console.log(`Results: ${path.relative(process.cwd(), file)}; server logs: ${logDir}`);
