/**
 * §7 GET /order, GET /order/{id}, DELETE /order/{id} and GET /order/downloadInvoice/{id} on the
 * real server and database: a shopper sees, searches (§2 Orders list), deletes (§4 Order delete)
 * and downloads invoices of their own orders only; anyone else's order does not exist for them.
 */

import { randomBytes } from 'node:crypto';
import {
  type Account,
  FEATURES,
  formatMoney,
  ORDER_STATUS_CODES,
  ORDERS_PER_PAGE,
  Order,
  OrderList,
} from '@account/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { orderParts, orderRepository } from '../src/modules/orders/repository.js';
import { orderSearchText } from '../src/modules/orders/search-text.js';
import { TestBrowser } from './support/browser.js';
import { beforeMigration } from './support/older-schema.js';
import { pdfFontNames, pdfText } from './support/pdf-text.js';
import { signIn } from './support/sign-in.js';
import { api, databaseKind, putSetting, startServer, switchOff, type TestServer } from './support/test-app.js';

/** The demo shop. */
let server: TestServer;
/** The demo shop with a comma as decimal separator, a dot between thousands, and its own name. */
let shopServer: TestServer;
/** MyOrders switched off before first use. */
let featureOffServer: TestServer;

beforeAll(async () => {
  [server, shopServer, featureOffServer] = await Promise.all([startServer(), startServer(), startServer()]);
  // Before the first settings read, so that no cached copy hides the change.
  await putSetting(shopServer, 'decimalSep', ',');
  await putSetting(shopServer, 'thousandSep', '.');
  await putSetting(shopServer, 'companyName', 'Bergsport Größe & Co');
  await switchOff(featureOffServer, FEATURES.myOrders);
});
afterAll(async () => {
  await Promise.all([server?.close(), shopServer?.close(), featureOffServer?.close()]);
});

const listUrl = (params: Record<string, string | number> = {}) =>
  api(`/order?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`);
const orderUrl = (id: number | string) => api(`/order/${id}`);
const invoiceUrl = (id: number | string) => api(`/order/downloadInvoice/${id}`);

async function signedIn(subject = 'new', s: TestServer = server): Promise<{ browser: TestBrowser; shopperId: number }> {
  const browser = new TestBrowser(s.app);
  await signIn(browser, subject);
  const me = await browser.request(api('/shopuser/me'));
  expect(me.statusCode).toBe(200);
  return { browser, shopperId: (me.json() as Account).id };
}

async function list(browser: TestBrowser, params: Record<string, string | number> = {}): Promise<OrderList> {
  const response = await browser.request(listUrl(params));
  expect(response.statusCode, response.body).toBe(200);
  return OrderList.parse(response.json());
}

const remove = (browser: TestBrowser, id: number | string, withoutXsrf = false) =>
  browser.request({ method: 'DELETE', url: orderUrl(id), withoutXsrf });

let sequence = 0;

interface OrderSeed {
  products?: string[];
  status?: number;
  createdAt?: string;
  currency?: string;
  /** Each product's price, in stored ten-thousandths. */
  priceE4?: number;
  orderNumber?: string;
  invoice?: string;
}

/** An order of the shopper, written as the shop writes orders (with its search text). */
async function insertOrder(s: TestServer, shopperId: number, seed: OrderSeed = {}) {
  const k = s.app.db.kysely;
  const orderNumber = seed.orderNumber ?? `T-${databaseKind}-${process.pid}-${++sequence}`;
  const products = seed.products ?? ['Test product'];
  const createdAt = seed.createdAt ?? new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString();
  const priceE4 = seed.priceE4 ?? 100_000;
  const subTotalE4 = priceE4 * products.length;
  const lines = products.map((name) => ({
    productId: 1,
    categoryName: 'Test',
    image: null,
    name,
    url: null,
    productType: 0,
    priceE4,
    status: 60,
  }));
  const payment = { method: 'ideal', methodName: 'iDEAL', status: 4, paidE4: 0, createdAt };
  const { id } = await k
    .insertInto('orders')
    .values({
      shopperId,
      orderNumber,
      accessUrl: null,
      status: seed.status ?? 50,
      currency: seed.currency ?? 'EUR',
      serviceFeeE4: 0,
      shippingCostE4: 49_500,
      transactionCostE4: 3_500,
      discountE4: 10_000,
      subTotalE4,
      totalE4: subTotalE4 + 49_500 + 3_500 - 10_000,
      shippingAddress: null,
      billingAddress: null,
      searchText: orderSearchText(orderNumber, products),
      ...orderParts(lines, [payment]),
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('orderProducts')
    .values(lines.map((line, position) => ({ orderId: id, position, ...line })))
    .execute();
  await k
    .insertInto('orderTransactions')
    .values({ orderId: id, ...payment })
    .execute();
  if (seed.invoice)
    await k.insertInto('invoices').values({ orderId: id, number: seed.invoice, date: createdAt }).execute();
  return { id, orderNumber };
}

/** The shopper's order ids as the list must show them: newest first, then the higher id. */
async function idsNewestFirst(s: TestServer, shopperId: number): Promise<number[]> {
  const rows = await s.app.db.kysely
    .selectFrom('orders')
    .select('id')
    .where('shopperId', '=', shopperId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

async function rowCounts(s: TestServer, orderId: number) {
  const k = s.app.db.kysely;
  const count = async (table: 'orders' | 'orderProducts' | 'orderTransactions' | 'invoices') => {
    const column = table === 'orders' ? 'id' : 'orderId';
    const rows = await k.selectFrom(table).select(column).where(column, '=', orderId).execute();
    return rows.length;
  };
  return {
    orders: await count('orders'),
    products: await count('orderProducts'),
    transactions: await count('orderTransactions'),
    invoices: await count('invoices'),
  };
}

describe(`§7 GET /order?page={page}&query={query} (${databaseKind})`, () => {
  it('§2 Orders list: the signed-in shopper’s own orders, newest first, with meta total and numberPerPage', async () => {
    const { browser, shopperId } = await signedIn('demo-emma');
    const expected = await idsNewestFirst(server, shopperId);
    expect(expected.length).toBeGreaterThan(ORDERS_PER_PAGE);
    const page = await list(browser);
    expect(page.meta).toEqual({ total: expected.length, numberPerPage: ORDERS_PER_PAGE });
    expect(page.data.map((o) => o.id)).toEqual(expected.slice(0, ORDERS_PER_PAGE));
    const created = page.data.map((o) => o.created);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('§4 Order list: pages of numberPerPage cover every order once; total pages is total / numberPerPage rounded up', async () => {
    const { browser, shopperId } = await signedIn();
    for (let i = 0; i < 23; i++) await insertOrder(server, shopperId);
    const pages: number[][] = [];
    for (let page = 1; page <= 3; page++) {
      const result = await list(browser, { page });
      expect(result.meta).toEqual({ total: 23, numberPerPage: 10 });
      pages.push(result.data.map((o) => o.id));
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(pages.flat()).toEqual(await idsNewestFirst(server, shopperId));
    expect(Math.ceil(23 / ORDERS_PER_PAGE)).toBe(3);
  });

  it('§9 Pagination: a page beyond the end is an empty list with the right meta, not an error', async () => {
    const { browser, shopperId } = await signedIn();
    for (let i = 0; i < 12; i++) await insertOrder(server, shopperId);
    for (const page of [3, 4, 2_147_483_647]) {
      expect(await list(browser, { page })).toEqual({ data: [], meta: { total: 12, numberPerPage: 10 } });
    }
    expect(await list(browser, { page: 2, query: 'no such thing' })).toEqual({
      data: [],
      meta: { total: 0, numberPerPage: 10 },
    });
    const fresh = await signedIn();
    expect(await list(fresh.browser)).toEqual({ data: [], meta: { total: 0, numberPerPage: 10 } });
  });

  it('§2 Orders list: orders placed at the same moment are listed higher id first', async () => {
    const { browser, shopperId } = await signedIn();
    const at = '2026-03-01T10:00:00.000Z';
    const first = await insertOrder(server, shopperId, { createdAt: at });
    const second = await insertOrder(server, shopperId, { createdAt: at });
    const older = await insertOrder(server, shopperId, { createdAt: '2026-02-01T10:00:00.000Z' });
    expect((await list(browser)).data.map((o) => o.id)).toEqual([second.id, first.id, older.id]);
  });

  it('§2 Orders list: a search by order number matches any part of it, case-insensitively', async () => {
    const { browser, shopperId } = await signedIn('demo-emma');
    const [newest] = (await list(browser)).data;
    const number = newest!.orderId;
    const exact = await list(browser, { query: number.toLowerCase() });
    expect(exact.data.map((o) => o.orderId)).toEqual([number]);
    expect(exact.meta.total).toBe(1);
    // Emma's numbers of that year: every one found contains the fragment.
    const year = number.slice(0, 7);
    const rows = await server.app.db.kysely
      .selectFrom('orders')
      .select('orderNumber')
      .where('shopperId', '=', shopperId)
      .execute();
    const matching = rows.filter((r) => r.orderNumber.includes(year));
    const found = await list(browser, { query: `  ${year.toLowerCase()} ` });
    expect(found.meta.total).toBe(matching.length);
    for (const order of found.data) expect(order.orderId).toContain(year);
  });

  it('§2 Orders list: a search by product name matches any part of any product, case-insensitively', async () => {
    const { browser, shopperId } = await signedIn('demo-emma');
    const products = await server.app.db.kysely
      .selectFrom('orderProducts')
      .innerJoin('orders', 'orders.id', 'orderProducts.orderId')
      .select(['orders.id', 'orderProducts.name'])
      .where('orders.shopperId', '=', shopperId)
      .execute();
    const withJacket = new Set(products.filter((p) => p.name.toLowerCase().includes('jacket')).map((p) => p.id));
    expect(withJacket.size).toBeGreaterThan(1);
    const found = await list(browser, { query: 'JaCkEt' });
    expect(found.meta.total).toBe(withJacket.size);
    for (const order of found.data) {
      expect(order.products.some((p) => p.name.toLowerCase().includes('jacket'))).toBe(true);
    }
  });

  it('§2 Orders list: the search is Unicode-aware: non-ASCII letters match in any case and composition', async () => {
    const { browser, shopperId } = await signedIn();
    const warm = await insertOrder(server, shopperId, { products: ['Größe Wärmflasche'] });
    const aero = await insertOrder(server, shopperId, { products: ['ÆRØ parka'] });
    const oil = await insertOrder(server, shopperId, { products: ['Camp mug', 'Ölkanne'] });
    const ids = async (query: string) => (await list(browser, { query })).data.map((o) => o.id);
    expect(await ids('WÄRMFLASCHE')).toEqual([warm.id]);
    expect(await ids('größe wärm')).toEqual([warm.id]);
    expect(await ids('ærø')).toEqual([aero.id]);
    expect(await ids('ÖLK')).toEqual([oil.id]);
    // 'Ö' typed as O plus a combining diaeresis.
    expect(await ids('O\u0308lkanne')).toEqual([oil.id]);
    expect(await ids('mug')).toEqual([oil.id]);
    expect(await ids('Warmflasche')).toEqual([]);
  });

  it('§2 Orders list: an order of very many products is stored and found by its number and its first products', async () => {
    const { browser, shopperId } = await signedIn();
    // Random names do not compress: the text must fit an index entry as it is.
    const names = Array.from({ length: 150 }, () => `Part ${randomBytes(24).toString('hex')}`);
    const big = await insertOrder(server, shopperId, { products: names });
    const ids = async (query: string) => (await list(browser, { query })).data.map((o) => o.id);
    expect(await ids(big.orderNumber)).toEqual([big.id]);
    expect(await ids(names[0]!.toUpperCase())).toEqual([big.id]);
    expect((await list(browser)).data[0]!.products).toHaveLength(150);
  });

  it('§2 Orders list: %, _ and \\ in a search are plain characters, not wildcards', async () => {
    const { browser, shopperId } = await signedIn();
    const percent = await insertOrder(server, shopperId, { products: ['100% merino'] });
    const underscore = await insertOrder(server, shopperId, { products: ['snow_shoe'] });
    await insertOrder(server, shopperId, { products: ['100 merino', 'snowshoe'] });
    const ids = async (query: string) => (await list(browser, { query })).data.map((o) => o.id);
    expect(await ids('%')).toEqual([percent.id]);
    expect(await ids('0% m')).toEqual([percent.id]);
    expect(await ids('_')).toEqual([underscore.id]);
    expect(await ids('w_s')).toEqual([underscore.id]);
    expect(await ids('\\')).toEqual([]);
  });

  it('§6 Orders list: a search never finds another shopper’s orders', async () => {
    const lukas = await signedIn('demo-lukas');
    const [lukasOrder] = (await list(lukas.browser)).data;
    const emma = await signedIn('demo-emma');
    expect(await list(emma.browser, { query: lukasOrder!.orderId })).toEqual({
      data: [],
      meta: { total: 0, numberPerPage: 10 },
    });
  });

  it('§7 GET /order: a page that is not a positive whole number or a query over 200 characters is a 400', async () => {
    const { browser } = await signedIn();
    const bad: Record<string, string | number>[] = [
      { page: 0 },
      { page: -1 },
      { page: 'two' },
      { page: 1.5 },
      { query: 'x'.repeat(201) },
    ];
    for (const params of bad) {
      const response = await browser.request(listUrl(params));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe(`§7 GET /order/{id} (${databaseKind})`, () => {
  it('§2 Order detail: the shopper’s own order with products, transactions, amounts, addresses and invoice', async () => {
    const { browser, shopperId } = await signedIn('demo-emma');
    const row = await server.app.db.kysely
      .selectFrom('orders')
      .innerJoin('invoices', 'invoices.orderId', 'orders.id')
      .select(['orders.id', 'orders.orderNumber', 'orders.totalE4', 'invoices.number'])
      .where('orders.shopperId', '=', shopperId)
      .where('orders.billingAddress', 'is not', null)
      .orderBy('orders.id')
      .executeTakeFirstOrThrow();
    const response = await browser.request(orderUrl(row.id));
    expect(response.statusCode).toBe(200);
    const order = Order.parse(response.json());
    expect(order).toMatchObject({
      id: row.id,
      orderId: row.orderNumber,
      totalPrice: { amount: row.totalE4 / 10_000, currency: 'EUR' },
      invoice: { name: row.number },
    });
    expect(order.products.length).toBeGreaterThan(0);
    expect(order.transactions.length).toBeGreaterThan(0);
    expect(order.billingAddress?.text).toContain('Emma de Vries');
  });

  it('§6 another shopper’s order or an unknown id is a 404, as if it did not exist', async () => {
    const lukas = await signedIn('demo-lukas');
    const [lukasOrder] = (await list(lukas.browser)).data;
    const emma = await signedIn('demo-emma');
    for (const id of [lukasOrder!.id, 2_147_483_647]) {
      const response = await emma.browser.request(orderUrl(id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('§7 GET /order/{id}: an id that is not a positive whole number is a 400', async () => {
    const { browser } = await signedIn();
    for (const id of ['abc', '0', '-3', '1.5', '1e3', '99999999999']) {
      const response = await browser.request(orderUrl(id));
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe(`README Upgrades: an order the previous release writes during a rolling deploy (${databaseKind})`, () => {
  it('shows with the products and payments it wrote into order_products and order_transactions only, as this release shows its own; and follows their changes', async () => {
    const { browser, shopperId } = await signedIn();
    const k = server.app.db.kysely;
    const ours = await insertOrder(server, shopperId, { products: ['Tent', 'Stove'] });
    const ourOrder = Order.parse((await browser.request(orderUrl(ours.id))).json());
    // The previous release's write: the order's own columns (products and transactions left to
    // their defaults), then its rows of products and payments.
    const { products, transactions, id, ...columns } = await k
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', ours.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(products)).toHaveLength(2);
    const { id: theirs } = await k
      .insertInto('orders')
      .values({ ...columns, orderNumber: `${columns.orderNumber}-previous` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = await k
      .selectFrom('orderProducts')
      .selectAll()
      .where('orderId', '=', id)
      .orderBy('position')
      .execute();
    await k
      .insertInto('orderProducts')
      .values(lines.map(({ id: _line, ...line }) => ({ ...line, orderId: theirs })))
      .execute();
    const later = new Date(Date.parse(columns.createdAt) + 60_000).toISOString();
    await k
      .insertInto('orderTransactions')
      .values([
        { orderId: theirs, method: 'visa', methodName: 'Visa', status: 4, paidE4: 10_000, createdAt: later },
        { orderId: theirs, method: 'ideal', methodName: 'iDEAL', status: 4, paidE4: 0, createdAt: columns.createdAt },
      ])
      .execute();
    const read = async () => Order.parse((await browser.request(orderUrl(theirs))).json());
    const shown = await read();
    expect(shown.products).toEqual(ourOrder.products);
    expect(shown.transactions.map((t) => t.method)).toEqual(['ideal', 'visa']);
    expect(shown.transactions[0]).toEqual(ourOrder.transactions[0]);

    // The previous release changes a product's status and takes a payment back.
    await k
      .updateTable('orderProducts')
      .set({ status: 70 })
      .where('orderId', '=', theirs)
      .where('position', '=', 1)
      .execute();
    await k.deleteFrom('orderTransactions').where('orderId', '=', theirs).where('method', '=', 'visa').execute();
    const changed = await read();
    expect(changed.products.map((p) => p.status)).toEqual([ourOrder.products[0]!.status, 70]);
    expect(changed.transactions.map((t) => t.method)).toEqual(['ideal']);
    const listed = (await list(browser)).data.find((order) => order.id === theirs);
    expect(listed?.products.map((p) => p.name)).toEqual(['Tent', 'Stove']);
  });
});

describe(`§7 DELETE /order/{id} (${databaseKind})`, () => {
  it('§4 Order delete: an order awaiting payment (status 10) is deleted with its products, payments and invoice', async () => {
    const { browser, shopperId } = await signedIn();
    const order = await insertOrder(server, shopperId, { status: 10, invoice: `INV-DEL-${databaseKind}-${sequence}` });
    const kept = await insertOrder(server, shopperId, { status: 10 });
    expect(await rowCounts(server, order.id)).toEqual({ orders: 1, products: 1, transactions: 1, invoices: 1 });
    const response = await remove(browser, order.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await browser.request(orderUrl(order.id))).statusCode).toBe(404);
    expect(await rowCounts(server, order.id)).toEqual({ orders: 0, products: 0, transactions: 0, invoices: 0 });
    expect((await list(browser)).data.map((o) => o.id)).toEqual([kept.id]);
    // Deleting it again: it is gone.
    expect((await remove(browser, order.id)).statusCode).toBe(404);
  });

  it('§6 Order delete: every status other than 10 is a 409 conflict and the order stays', async () => {
    const { browser, shopperId } = await signedIn();
    for (const status of ORDER_STATUS_CODES.filter((code) => code !== 10)) {
      const order = await insertOrder(server, shopperId, { status });
      const response = await remove(browser, order.id);
      expect(response.statusCode, `status ${status}`).toBe(409);
      expect(response.json()).toMatchObject({ status: 409, code: 'conflict' });
      expect(await rowCounts(server, order.id)).toEqual({ orders: 1, products: 1, transactions: 1, invoices: 0 });
    }
  });

  it('§6 Order delete: another shopper’s order is a 404 and stays', async () => {
    const owner = await signedIn();
    const order = await insertOrder(server, owner.shopperId, { status: 10 });
    const other = await signedIn();
    const response = await remove(other.browser, order.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
    expect((await rowCounts(server, order.id)).orders).toBe(1);
  });

  it('§7 Order delete: without the cross-site request token it is a 403 and the order stays', async () => {
    const { browser, shopperId } = await signedIn();
    const order = await insertOrder(server, shopperId, { status: 10 });
    const response = await remove(browser, order.id, true);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'xsrf_token_invalid' });
    expect((await rowCounts(server, order.id)).orders).toBe(1);
  });

  it('§7 Order delete: an id that is not a positive whole number is a 400', async () => {
    const { browser } = await signedIn();
    for (const id of ['abc', '0']) expect((await remove(browser, id)).statusCode).toBe(400);
  });
});

describe(`§7 GET /order/downloadInvoice/{id} (${databaseKind})`, () => {
  it('§7 file download: a PDF named invoice-{number}.pdf with the shop, numbers, dates, addresses, products and amounts', async () => {
    const { browser, shopperId } = await signedIn('demo-emma');
    const row = await server.app.db.kysely
      .selectFrom('orders')
      .innerJoin('invoices', 'invoices.orderId', 'orders.id')
      .select(['orders.id', 'invoices.number'])
      .where('orders.shopperId', '=', shopperId)
      .where('orders.discountE4', '>', 0)
      .orderBy('orders.id')
      .executeTakeFirstOrThrow();
    const order = Order.parse((await browser.request(orderUrl(row.id))).json());
    const response = await browser.request(invoiceUrl(row.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${row.number}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    const money = (m: Order['totalPrice']) => formatMoney(m);
    for (const expected of [
      'Fjord & Pine',
      'Invoice',
      row.number,
      order.orderId,
      'Billing address'.toUpperCase(),
      'Emma de Vries',
      ...order.products.map((p) => p.name),
      ...order.products.map((p) => money(p.price)),
      'Subtotal',
      money(order.subTotal),
      'Service fee',
      money(order.serviceFee),
      'Shipping costs',
      money(order.shippingCost),
      'Transaction costs',
      money(order.transactionCost),
      'Discount',
      money({ ...order.discount, amount: -order.discount.amount }),
      'Total price',
      money(order.totalPrice),
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('§3 Money: the invoice shows amounts in the order’s currency with the configured separators', async () => {
    const { browser, shopperId } = await signedIn('new', shopServer);
    const order = await insertOrder(shopServer, shopperId, {
      products: ['Basecamp tent', 'Tarp'],
      priceE4: 1_234_567_800,
      currency: 'GBP',
      invoice: `INV-SEP-${databaseKind}`,
    });
    const response = await browser.request(invoiceUrl(order.id));
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Bergsport Größe & Co');
    expect(text).toContain('£ 123.456,78');
    expect(text).toContain('£ 246.913,56');
    // Total: sub total + shipping 4.95 + transaction cost 0.35 - discount 1.00.
    expect(text).toContain('£ 246.917,86');
    expect(text).toContain('£ -1,00');
  });

  it('§7 the invoice is in the shopper’s language, with the shop’s own translations', async () => {
    const { browser, shopperId } = await signedIn('demo-lukas');
    const row = await server.app.db.kysely
      .selectFrom('orders')
      .innerJoin('invoices', 'invoices.orderId', 'orders.id')
      .select(['orders.id'])
      .where('orders.shopperId', '=', shopperId)
      .executeTakeFirstOrThrow();
    await server.app.db.kysely
      .insertInto('translations')
      .values({ languageCode: 'de', key: 'ac_InvoicePdfThanks', value: 'Danke für den Einkauf, {company}!' })
      .execute();
    const text = pdfText((await browser.request(invoiceUrl(row.id))).rawPayload);
    for (const expected of ['Rechnung', 'RECHNUNGSNUMMER', 'Zwischensumme', 'Gesamtpreis', 'Seite 1 von 1']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Danke für den Einkauf, Fjord & Pine!');
    expect(text).toContain('CHF ');
    // Lukas's addresses are in Switzerland: named in German, not as the shop lists it (issue 44).
    expect(text).toContain('Schweiz');
    expect(text).not.toContain('Switzerland');
  });

  it('§7 characters the PDF font lacks do not break the invoice, nor do decomposed accents or control characters; a non-ASCII file name travels as filename*', async () => {
    const { browser, shopperId } = await signedIn();
    const number = `INV-Łódź-東京-${databaseKind}`;
    const order = await insertOrder(server, shopperId, {
      products: ['東京 tent ₪', 'C\u030caj\u0007 kettle'],
      currency: 'ILS',
      invoice: number,
    });
    const response = await browser.request(invoiceUrl(order.id));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-INV-_odz-__-${databaseKind}.pdf"; ` +
        `filename*=UTF-8''${encodeURIComponent(`invoice-${number}.pdf`)}`,
    );
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`INV-Łódź-`);
    expect(text).toContain(' tent ');
    // 'C' with a combining caron prints as 'Č'; the bell character not at all.
    expect(text).toContain('Čaj kettle');
    // The font has no shekel sign: the amount names the currency instead.
    expect(text).toContain('ILS 10.00');
  });

  it('§7 invoices in every name: Polish, Czech, Greek and Cyrillic names, streets and products show as written, in an embedded font', async () => {
    const { browser, shopperId } = await signedIn();
    const number = `INV-Ж-${databaseKind}`;
    const order = await insertOrder(server, shopperId, {
      products: ['Палатка «Урал»', 'Σκηνή βουνού', 'Čajník Żubr'],
      currency: 'RUB',
      invoice: number,
    });
    const billing = 'Иван Петров\nул. Тверская 7, кв. 12\n125009 Москва';
    const shipping = 'Zofia Żółkiewska\nul. Świętokrzyska 12\n00-916 Warszawa';
    // The invoice prints an address from its parts (its country named in the invoice's language).
    const parts = (first: string, last: string, street: string, number: string, zip: string, city: string) => ({
      ...{ firstName: first, lastName: last, name: `${first} ${last}`, companyName: '', vatNumber: '' },
      ...{ addressType: 0, email: '', telephone: '', country: '', address: street, addressNumber: number },
      ...{ addressNumberSuffix: '', zipCode: zip, city, text: '' },
    });
    await server.app.db.kysely
      .updateTable('orders')
      .set({
        billingAddress: JSON.stringify(parts('Иван', 'Петров', 'ул. Тверская', '7, кв. 12', '125009', 'Москва')),
        shippingAddress: JSON.stringify(parts('Zofia', 'Żółkiewska', 'ul. Świętokrzyska', '12', '00-916', 'Warszawa')),
      })
      .where('id', '=', order.id)
      .execute();
    const response = await browser.request(invoiceUrl(order.id));
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    for (const expected of [
      ...billing.split('\n'),
      ...shipping.split('\n'),
      'Палатка «Урал»',
      'Σκηνή βουνού',
      'Čajník Żubr',
      number,
      '₽ 30.00',
    ]) {
      expect(text).toContain(expected);
    }
    // Subsets of the font (a six-letter tag before the name), and no standard font.
    const fonts = pdfFontNames(response.rawPayload);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+/);
    expect(fonts.map((font) => font.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'SourceSans3-Bold',
      'SourceSans3-Regular',
    ]);
  });

  it('§7 an order without an invoice, another shopper’s order or an unknown id is a 404', async () => {
    const { browser, shopperId } = await signedIn();
    const without = await insertOrder(server, shopperId, { status: 10 });
    const other = await signedIn();
    const foreign = await insertOrder(server, other.shopperId, { invoice: `INV-FOREIGN-${databaseKind}` });
    for (const id of [without.id, foreign.id, 2_147_483_647]) {
      const response = await browser.request(invoiceUrl(id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await browser.request(invoiceUrl('abc'))).statusCode).toBe(400);
  });
});

describe(`§6 the order calls need sign-in and the feature MyOrders (${databaseKind})`, () => {
  it('§6 every order call needs sign-in (401) and deletes nothing', async () => {
    const owner = await signedIn();
    const order = await insertOrder(server, owner.shopperId, { status: 10, invoice: `INV-ANON-${databaseKind}` });
    const anonymous = new TestBrowser(server.app);
    await anonymous.open();
    for (const response of [
      await anonymous.request(listUrl()),
      await anonymous.request(orderUrl(order.id)),
      await remove(anonymous, order.id),
      await anonymous.request(invoiceUrl(order.id)),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthenticated' });
    }
    expect((await rowCounts(server, order.id)).orders).toBe(1);
  });

  it('§6 without the feature MyOrders every order call is a 404 and deletes nothing', async () => {
    const { browser, shopperId } = await signedIn('new', featureOffServer);
    const order = await insertOrder(featureOffServer, shopperId, { status: 10, invoice: `INV-OFF-${databaseKind}` });
    for (const response of [
      await browser.request(listUrl()),
      await browser.request(orderUrl(order.id)),
      await remove(browser, order.id),
      await browser.request(invoiceUrl(order.id)),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'feature_disabled' });
    }
    expect((await rowCounts(featureOffServer, order.id)).orders).toBe(1);
  });
});

describe(`§2 Orders: orders stored before their products moved into their rows (${databaseKind})`, () => {
  it('§2 Order detail: the migration puts every stored order’s products (by position) and payments (by time) into its row, as an order read whole shows them', async () => {
    await beforeMigration('2026-11-26-003', async (db, at) => {
      await sql`insert into orders (id, shopper_id, order_number, currency, created_at, updated_at)
        values (1, 1, 'OLD-1', 'EUR', ${at}, ${at}), (2, 1, 'OLD-2', 'EUR', ${at}, ${at})`.execute(db.kysely);
      // Inserted out of their order: the position orders the products, the time the payments.
      await sql`insert into order_products (order_id, position, product_id, category_name, image, name, url, product_type, price_e4, status)
        values (1, 1, 7, 'Mugs', null, 'Camp mug', null, 0, 129500, 20),
               (1, 0, 3, 'Coats', '/img/parka.jpg', 'ÆRØ "parka"', '/p/3', 1, 2499900, 60)`.execute(db.kysely);
      await sql`insert into order_transactions (order_id, method, method_name, status, paid_e4, created_at)
        values (1, 'ideal', 'iDEAL', 4, 2629400, '2026-01-02T00:00:00.000Z'),
               (1, 'paypal', 'PayPal', 2, 0, '2026-01-01T12:00:00.000Z')`.execute(db.kysely);

      await migrateToLatest(db);
      const repository = orderRepository(db.kysely);
      const order = await repository.find(1, 1);
      expect(order?.products).toEqual([
        {
          productId: 3,
          categoryName: 'Coats',
          image: '/img/parka.jpg',
          name: 'ÆRØ "parka"',
          url: '/p/3',
          productType: 1,
          price: { amount: 249.99, currency: 'EUR' },
          status: 60,
        },
        {
          productId: 7,
          categoryName: 'Mugs',
          image: null,
          name: 'Camp mug',
          url: null,
          productType: 0,
          price: { amount: 12.95, currency: 'EUR' },
          status: 20,
        },
      ]);
      expect(order?.transactions).toEqual([
        {
          method: 'paypal',
          methodName: 'PayPal',
          status: 2,
          paid: { amount: 0, currency: 'EUR' },
          created: '2026-01-01T12:00:00.000Z',
        },
        {
          method: 'ideal',
          methodName: 'iDEAL',
          status: 4,
          paid: { amount: 262.94, currency: 'EUR' },
          created: '2026-01-02T00:00:00.000Z',
        },
      ]);
      const empty = await repository.find(1, 2);
      expect([empty?.products, empty?.transactions]).toEqual([[], []]);
    });
  });
});

describe(`§2 Orders list: orders stored before the search existed (${databaseKind})`, () => {
  it('§2 Orders list: the migration fills in the search text of every stored order, in batches', async () => {
    await beforeMigration('2026-11-22-003', async (db, at) => {
      // Written as the schema stood then: without search_text, so through plain SQL.
      const orders = Array.from({ length: 1203 }, (_, i) => i + 1);
      await sql`insert into orders (id, shopper_id, order_number, currency, created_at, updated_at) values ${sql.join(
        orders.map((id) => sql`(${id}, 1, ${`OLD-${id}`}, 'EUR', ${at}, ${at})`),
      )}`.execute(db.kysely);
      const products: [number, number, string][] = [
        [1, 0, 'Größe WÄRMFLASCHE'],
        [1, 1, 'Camp mug'],
        [1, 2, 'Größe WÄRMFLASCHE'],
        [1202, 0, 'ÆRØ parka'],
      ];
      await sql`insert into order_products (order_id, position, product_id, name) values ${sql.join(
        products.map(([order, position, name]) => sql`(${order}, ${position}, 1, ${name})`),
      )}`.execute(db.kysely);

      await migrateToLatest(db);
      const rows = await db.kysely
        .selectFrom('orders')
        .select(['id', 'orderNumber', 'searchText'])
        .orderBy('id')
        .execute();
      const namesOf = (id: number) => products.filter(([order]) => order === id).map(([, , name]) => name);
      expect(rows).toHaveLength(orders.length);
      for (const row of rows) expect(row.searchText).toBe(orderSearchText(row.orderNumber, namesOf(row.id)));
      expect(rows[0]!.searchText).toBe('old-1\ngröße wärmflasche\ncamp mug');
      expect(rows[1201]!.searchText).toBe('old-1202\nærø parka');
    });
  });
});
