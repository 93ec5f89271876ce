/**
 * `npm run bench`: the order list (spec §7 GET /order) of a shopper with thousands of orders in a
 * shop of a million, on SQLite and on PostgreSQL, through the real order service and repository:
 * the first page, a late page, and searches by product name and by order number.
 *
 *   npm run bench                                    full size: 100,000 shoppers, 1,000,000 orders
 *   npm run bench -- --orders=20000 --shoppers=2000  a quick run
 *
 * Options (or the environment variables in brackets): --orders (BENCH_ORDERS), --shoppers
 * (BENCH_SHOPPERS), --heavy (BENCH_HEAVY_ORDERS), --iterations (BENCH_ITERATIONS), --db=sqlite,postgres
 * (BENCH_DB), --dir (BENCH_DIR, where the generated databases are kept between runs).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DatabaseKind } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { orderRepository } from '../src/modules/orders/repository.js';
import { orderService } from '../src/modules/orders/service.js';
import { settingsRepository } from '../src/modules/settings/repository.js';
import { settingsService } from '../src/modules/settings/service.js';
import { benchDatabase } from './databases.js';
import { type GeneratedShop, generatedShop, generateShop, type ShopSize } from './generate.js';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string' },
    shoppers: { type: 'string' },
    heavy: { type: 'string' },
    iterations: { type: 'string' },
    db: { type: 'string' },
    dir: { type: 'string' },
  },
});

function count(arg: string | undefined, env: string, fallback: number): number {
  const text = arg ?? process.env[env];
  if (text === undefined || text === '') return fallback;
  const value = Number(text.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`${env} must be a positive whole number, not ${text}`);
  return value;
}

const size: ShopSize = {
  orders: count(args.orders, 'BENCH_ORDERS', 1_000_000),
  shoppers: count(args.shoppers, 'BENCH_SHOPPERS', 100_000),
  heavyOrders: count(args.heavy, 'BENCH_HEAVY_ORDERS', 5_000),
};
const iterations = count(args.iterations, 'BENCH_ITERATIONS', 300);
const kinds = (args.db ?? process.env.BENCH_DB ?? 'sqlite,postgres').split(',').map((k) => k.trim()) as DatabaseKind[];
const dir = path.resolve(args.dir ?? process.env.BENCH_DIR ?? path.join(tmpdir(), 'account-bench'));
for (const kind of kinds) {
  if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`--db takes sqlite and/or postgres, not ${kind}`);
}

interface Result {
  name: string;
  matches: number;
  p50: number;
  p99: number;
  mean: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function measure(name: string, call: () => Promise<{ meta: { total: number } }>): Promise<Result> {
  let matches = 0;
  for (let i = 0; i < Math.max(5, Math.floor(iterations / 10)); i++) matches = (await call()).meta.total;
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const began = performance.now();
    await call();
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return { name, matches, p50: percentile(times, 50), p99: percentile(times, 99), mean };
}

const log = (line: string) => console.log(line);
const number = (n: number) => n.toLocaleString('en');
const ms = (n: number) => n.toFixed(2).padStart(8);

async function run(kind: DatabaseKind): Promise<Result[]> {
  const bench = await benchDatabase(kind, dir, size);
  try {
    let db = bench.db;
    await migrateToLatest(db);
    let shop: GeneratedShop | null = await generatedShop(db.kysely);
    if (!shop) {
      log(`${kind}: generating ${number(size.orders)} orders for ${number(size.shoppers)} shoppers in ${dir}`);
      const began = Date.now();
      db = await bench.recreate();
      await migrateToLatest(db);
      shop = await generateShop(db, size, log);
      log(`  done in ${Math.round((Date.now() - began) / 1000)} s`);
    }
    const service = orderService({
      repository: orderRepository(db.kysely),
      settings: settingsService(settingsRepository(db.kysely), {
        singleSignOn: false,
        googleClientId: null,
        googleOneTouch: false,
        facebookAppId: null,
        appleClientId: null,
        appleRedirectUrl: null,
        steam: false,
        auth0: false,
        telegram: false,
        telegramId: null,
        telegramRedirectUrl: null,
        redirectAllowList: [],
      }),
    });
    const heavy = shop.heavyShopperId;
    const middle = await db.kysely
      .selectFrom('orders')
      .select('orderNumber')
      .where('shopperId', '=', heavy)
      .orderBy('id')
      .offset(Math.floor(shop.size.heavyOrders / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const lastPage = Math.max(1, Math.ceil(shop.size.heavyOrders / 10));
    const list = (shopperId: number, page: number, query: string) => () => service.list(shopperId, { page, query });
    const cases: [string, () => Promise<{ meta: { total: number } }>][] = [
      ['first page, a typical shopper', list(shop.typicalShopperId, 1, '')],
      ['first page', list(heavy, 1, '')],
      [`last page (${lastPage})`, list(heavy, lastPage, '')],
      ["search product 'jacket' (common)", list(heavy, 1, 'jacket')],
      ["search product 'ÖLKANNE' (non-ASCII)", list(heavy, 1, 'ÖLKANNE')],
      ["search 'xylophone' (no match)", list(heavy, 1, 'xylophone')],
      [`search order number '${middle.orderNumber}'`, list(heavy, 1, middle.orderNumber)],
      [`search order number part '${middle.orderNumber.slice(0, 7)}'`, list(heavy, 1, middle.orderNumber.slice(0, 7))],
    ];
    const results: Result[] = [];
    for (const [name, call] of cases) results.push(await measure(name, call));
    return results;
  } finally {
    await bench.close();
  }
}

const all: [DatabaseKind, Result[]][] = [];
for (const kind of kinds) all.push([kind, await run(kind)]);

log('');
log(
  `listOrders of the heavy shopper (${number(size.heavyOrders)} orders) among ${number(size.orders)} orders and ` +
    `${number(size.shoppers)} shoppers; ${iterations} calls each, one at a time, through the order service`,
);
for (const [kind, results] of all) {
  log('');
  log(`${kind.padEnd(48)} matches   p50 ms   p99 ms  mean ms`);
  for (const r of results) {
    log(`  ${r.name.padEnd(46)}${String(r.matches).padStart(7)} ${ms(r.p50)} ${ms(r.p99)} ${ms(r.mean)}`);
  }
}
