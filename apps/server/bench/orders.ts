/**
 * The order-list section: the order list (spec §7 GET /order) of a shopper with thousands of orders
 * in a shop of a million, through the real order service and repository, one call at a time: the
 * first page, a late page, and searches by product name and by order number. The heavy shopper's
 * first page carries parcels (5 shipments of 20 events per order), so its orders show their
 * delivery line, as a shopper's recent orders do (issue 46).
 */
import type { Db } from '../src/db/connection.js';
import { buildDatabaseServices } from '../src/services.js';
import type { GeneratedShop } from './generate.js';
import { addParcels } from './parcels.js';

export interface OrderListResult {
  name: string;
  matches: number;
  p50: number;
  p99: number;
  mean: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function measure(
  name: string,
  iterations: number,
  call: () => Promise<{ meta: { total: number } }>,
): Promise<OrderListResult> {
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

export async function orderListSection(db: Db, shop: GeneratedShop, iterations: number): Promise<OrderListResult[]> {
  const service = buildDatabaseServices(db).orders;
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
  const firstPage = await db.kysely
    .selectFrom('orders')
    .select('id')
    .where('shopperId', '=', heavy)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  const removeParcels = await addParcels(
    db.kysely,
    firstPage.map((row) => row.id),
  );
  try {
    const results: OrderListResult[] = [];
    for (const [name, call] of cases) results.push(await measure(name, iterations, call));
    return results;
  } finally {
    await removeParcels();
  }
}
