/**
 * SQL of the orders: a shopper's order list and search, one order, deleting one; and the shop's
 * writes of its orders by its own ids.
 */
import { fromTenThousandths, type Money, type Order, OrderAddress } from '@account/contract';
import { type InferResult, type Kysely, sql } from 'kysely';
import { anyDeleted, upsertByExternalId } from '../../db/external-id.js';
import { prepared } from '../../db/prepared.js';
import type { Database, NewRow, OrderLine, OrderPayment } from '../../db/types.js';
import { accountPart } from '../account/part.js';
import { recordEvent } from '../webhooks/outbox.js';
import { parseDelivery } from './repositories/shipments.js';

/** A line's status where neither the shop nor a shipment gives one: awaiting fulfilment (spec §4). */
const AWAITING_FULFILMENT = 20;

const ORDER_COLUMNS = [
  'orders.id',
  'orders.orderNumber',
  'orders.accessUrl',
  'orders.status',
  'orders.currency',
  'orders.serviceFeeE4',
  'orders.shippingCostE4',
  'orders.transactionCostE4',
  'orders.discountE4',
  'orders.subTotalE4',
  'orders.totalE4',
  'orders.shippingAddress',
  'orders.billingAddress',
  'orders.createdAt',
  'orders.products',
  'orders.transactions',
  'orders.delivery',
  // An order has at most one invoice (unique order_id): it comes along in the same row.
  'invoices.id as invoiceId',
  'invoices.number as invoiceNumber',
  'invoices.date as invoiceDate',
] as const;

const money = (stored: number, currency: string): Money => ({ amount: fromTenThousandths(stored), currency });

/** The contract's keys of an order address, in its order: stored JSON may hold them in another. */
const ORDER_ADDRESS_KEYS = Object.keys(OrderAddress.shape) as (keyof OrderAddress)[];

function parseAddress(json: string): OrderAddress | null {
  try {
    const stored = JSON.parse(json) as OrderAddress;
    const keys = Object.keys(stored);
    // Most are stored in the contract's order already.
    if (keys.length === ORDER_ADDRESS_KEYS.length && keys.every((key, i) => key === ORDER_ADDRESS_KEYS[i]))
      return stored;
    return Object.fromEntries(
      ORDER_ADDRESS_KEYS.filter((key) => key in stored).map((key) => [key, stored[key]]),
    ) as OrderAddress;
  } catch {
    return null;
  }
}

/** Whole orders, as assemble() takes them. */
const selectOrders = (db: Kysely<Database>) =>
  db.selectFrom('orders').leftJoin('invoices', 'invoices.orderId', 'orders.id').select(ORDER_COLUMNS);

/** The shopper's newest order in their account (spec §3: lastOrder), or null before their first. */
export const lastOrderPart = accountPart(
  (db, shopper) =>
    selectOrders(db)
      .where('orders.shopperId', '=', shopper.id)
      .orderBy('orders.createdAt', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(1),
  (rows) => assemble(rows)[0] ?? null,
);

/** An order's own columns as the shop sends them. */
export type ShopOrder = Omit<NewRow<'orders'>, 'id' | 'externalId' | 'products' | 'transactions'>;

/**
 * The order's JSON columns of its products (in the shop's order) and payments (oldest first; the
 * sort is stable, so payments of the same moment keep the shop's order), each with exactly the
 * keys assemble() reads.
 */
export function orderParts(
  products: readonly OrderLine[],
  transactions: readonly OrderPayment[],
): { products: string; transactions: string } {
  const lines: OrderLine[] = products.map((p) => ({
    productId: p.productId,
    categoryName: p.categoryName,
    image: p.image,
    name: p.name,
    url: p.url,
    productType: p.productType,
    priceE4: p.priceE4,
    status: p.status,
  }));
  const payments: OrderPayment[] = transactions
    .map((t) => ({
      method: t.method,
      methodName: t.methodName,
      status: t.status,
      paidE4: t.paidE4,
      createdAt: t.createdAt,
    }))
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  return { products: JSON.stringify(lines), transactions: JSON.stringify(payments) };
}

async function orderIdOf(db: Kysely<Database>, externalId: string): Promise<number | undefined> {
  const row = await db.selectFrom('orders').select('id').where('externalId', '=', externalId).executeTakeFirst();
  return row?.id;
}

/** Where a page of orders ended: the next page starts after this order. */
export interface OrderCursor {
  createdAt: string;
  id: number;
}

export type OrderRow = InferResult<ReturnType<typeof selectOrders>>[number];

/** Full orders from their rows. */
function assemble(rows: OrderRow[]): Order[] {
  // An order's billing address is mostly its delivery address, and a shopper's orders share a few:
  // each stored text is read once (JSON.stringify writes a shared object as often as it occurs).
  const addresses = new Map<string, OrderAddress | null>();
  const address = (json: string | null) => {
    if (!json) return null;
    let parsed = addresses.get(json);
    if (parsed === undefined) {
      parsed = parseAddress(json);
      addresses.set(json, parsed);
    }
    return parsed;
  };
  return rows.map((row) => {
    const currency = row.currency;
    const delivery = parseDelivery(row.delivery);
    return {
      id: row.id,
      orderId: row.orderNumber,
      accessUrl: row.accessUrl,
      created: row.createdAt,
      status: row.status,
      serviceFee: money(row.serviceFeeE4, currency),
      shippingCost: money(row.shippingCostE4, currency),
      transactionCost: money(row.transactionCostE4, currency),
      discount: money(row.discountE4, currency),
      subTotal: money(row.subTotalE4, currency),
      totalPrice: money(row.totalE4, currency),
      shippingAddress: address(row.shippingAddress),
      billingAddress: address(row.billingAddress),
      invoice:
        row.invoiceId !== null && row.invoiceNumber !== null && row.invoiceDate !== null
          ? { id: row.invoiceId, name: row.invoiceNumber, date: row.invoiceDate }
          : null,
      products: (JSON.parse(row.products) as OrderLine[]).map((p, line) => ({
        productId: p.productId,
        categoryName: p.categoryName,
        image: p.image,
        name: p.name,
        url: p.url,
        productType: p.productType,
        price: money(p.priceE4, currency),
        // 0: the shop left it to the line's shipments.
        status: p.status || delivery?.lineCodes[line] || AWAITING_FULFILMENT,
      })),
      transactions: (JSON.parse(row.transactions) as OrderPayment[]).map((t) => ({
        method: t.method,
        methodName: t.methodName,
        status: t.status,
        paid: money(t.paidE4, currency),
        created: t.createdAt,
      })),
      delivery: delivery && {
        status: delivery.status,
        at: delivery.at,
        estimatedDelivery: delivery.estimatedDelivery,
        shipments: delivery.shipments,
        delivered: delivery.delivered,
      },
    };
  });
}

export function orderRepository(db: Kysely<Database>) {
  const orders = () => selectOrders(db);
  const orderRow = prepared(db, (p: { shopperId: number; id: number }) =>
    orders().where('orders.id', '=', p.id).where('orders.shopperId', '=', p.shopperId),
  );
  const complete = (row: OrderRow | undefined): Order | null => (row ? (assemble([row])[0] ?? null) : null);

  /**
   * A page of the shopper's orders (or of those whose search text matches the LIKE pattern): its
   * whole orders with the count, in one prepared query.
   * The page's ids are chosen from the shopper's entries of the covering index
   * orders_shopper_search_idx alone (index-only scans); full rows are read for the page's orders only.
   */
  const pageQueries = (searching: boolean) => {
    type Params = { shopperId: number; pattern: string; limit: number; offset: number };
    const matching = (shopperId: number, pattern: string) => {
      const mine = db.selectFrom('orders').where('shopperId', '=', shopperId);
      return searching ? mine.where(sql<boolean>`${sql.ref('searchText')} like ${pattern} escape '\\'`) : mine;
    };
    const pageIds = (p: Params) =>
      matching(p.shopperId, p.pattern)
        .select('id')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(p.limit)
        .offset(p.offset);
    const count = (p: Pick<Params, 'shopperId' | 'pattern'>) =>
      matching(p.shopperId, p.pattern).select((eb) => eb.fn.countAll().as('total'));
    return {
      // The page's orders with the number of matches in all, counted by a subquery that runs once
      // per statement: a window count made SQLite buffer the matches and sort the page once more
      // (about 40 µs more per page on the bench's shop).
      rows: prepared(db, (p: Params) =>
        db
          .selectFrom(pageIds(p).as('page'))
          .innerJoin('orders', 'orders.id', 'page.id')
          .leftJoin('invoices', 'invoices.orderId', 'orders.id')
          .select([...ORDER_COLUMNS, count(p).as('total')])
          .orderBy('orders.createdAt', 'desc')
          .orderBy('orders.id', 'desc'),
      ),
      count: prepared(db, count),
    };
  };
  const allOrders = pageQueries(false);
  const matchingOrders = pageQueries(true);

  return {
    /** One page of the shopper's orders, newest first, and how many there are in all. */
    async page(
      shopperId: number,
      { pattern, limit, offset }: { pattern: string | null; limit: number; offset: number },
    ): Promise<{ orders: Order[]; total: number }> {
      const queries = pattern === null ? allOrders : matchingOrders;
      // Unused by the queries of the whole list, which take no pattern.
      const params = { shopperId, pattern: pattern ?? '', limit, offset };
      const rows = await queries.rows.rows(params);
      const orders = assemble(rows);
      // Kysely types a count as string, number or bigint (db/connection.ts reads bigint as a number).
      if (rows[0]) return { orders, total: Number(rows[0].total) };
      if (offset === 0) return { orders, total: 0 };
      // Past the last page: the page query had no row to carry the count.
      const count = await queries.count.first(params);
      return { orders, total: Number(count?.total ?? 0) };
    },

    /** One of the shopper's orders; another shopper's is as absent as an unknown one. */
    async find(shopperId: number, id: number): Promise<Order | null> {
      return complete(await orderRow.first({ shopperId, id }));
    },

    async status(shopperId: number, id: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', id)
        .where('shopperId', '=', shopperId)
        .executeTakeFirst();
      return row?.status;
    },

    /** Deletes the order (its products, transactions and invoice cascade) if it still has `status`. */
    async remove(shopperId: number, id: number, status: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('orders')
          .where('id', '=', id)
          .where('shopperId', '=', shopperId)
          .where('status', '=', status)
          .returning(['orderNumber', 'externalId'])
          .executeTakeFirst();
        if (!deleted) return false;
        await recordEvent(trx, {
          shopperId,
          type: 'order.deleted',
          data: { id, orderId: deleted.orderNumber, externalId: deleted.externalId },
        });
        return true;
      });
    },

    async shopperLanguage(shopperId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('shoppers')
        .select('defaultLanguage')
        .where('id', '=', shopperId)
        .executeTakeFirst();
      return row?.defaultLanguage;
    },

    /**
     * The shopper's orders after `after` (keyset: newest first, by creation time then id), at most
     * `limit`, in full: what an export reads page by page, however many orders there are.
     */
    async pageAfter(shopperId: number, after: OrderCursor | null, limit: number): Promise<Order[]> {
      let query = orders().where('orders.shopperId', '=', shopperId);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('orders.createdAt', '<', after.createdAt),
            eb.and([eb('orders.createdAt', '=', after.createdAt), eb('orders.id', '<', after.id)]),
          ]),
        );
      }
      const rows = await query.orderBy('orders.createdAt', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
      return assemble(rows);
    },

    /** The shopper's orders holding these invoices (the invoices rendered ahead). */
    async withInvoices(shopperId: number, invoiceIds: readonly number[]): Promise<Order[]> {
      if (invoiceIds.length === 0) return [];
      const rows = await orders()
        .where('orders.shopperId', '=', shopperId)
        // By the orders' keys: filtering the joined invoices would read every order of the shopper.
        .where('orders.id', 'in', (eb) => eb.selectFrom('invoices').select('orderId').where('id', 'in', invoiceIds))
        .orderBy('orders.id')
        .execute();
      return assemble(rows);
    },

    idOfExternal: (externalId: string) => orderIdOf(db, externalId),

    /** The shop's ids and availability of products (buy again), by local id; those the shop never sent have no id. */
    async cartProducts(
      ids: readonly number[],
    ): Promise<Map<number, { externalId: string | null; availability: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('products')
        .select(['id', 'externalId', 'availability'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((row) => [row.id, { externalId: row.externalId, availability: row.availability }]));
    },

    /** How many products (lines) the order has. */
    async lineCount(orderId: number): Promise<number> {
      const row = await db.selectFrom('orders').select('products').where('id', '=', orderId).executeTakeFirst();
      return row ? (JSON.parse(row.products) as unknown[]).length : 0;
    },

    async idWithOrderNumber(orderNumber: string): Promise<number | undefined> {
      const row = await db.selectFrom('orders').select('id').where('orderNumber', '=', orderNumber).executeTakeFirst();
      return row?.id;
    },

    /** The order holding the invoice with this number. */
    async orderIdWithInvoice(number: string): Promise<number | undefined> {
      const row = await db.selectFrom('invoices').select('orderId').where('number', '=', number).executeTakeFirst();
      return row?.orderId;
    },

    /** Creates or replaces the order with the shop's id, with its products and payments. */
    async putShopOrder(
      externalId: string,
      order: ShopOrder,
      products: readonly OrderLine[],
      transactions: readonly OrderPayment[],
    ): Promise<{ id: number; created: boolean }> {
      const whole = { ...order, ...orderParts(products, transactions) };
      const written = await upsertByExternalId(
        await orderIdOf(db, externalId),
        (id) => db.updateTable('orders').set(whole).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('orders')
              .values({ ...whole, externalId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
      const orderId = written.id;
      // Still written for the previous release, which reads them, during a rolling deploy. The
      // database then rebuilds the order's JSON from them (2026-11-27-002), as it does after the
      // previous release's own writes: the same content as written above. Written above all the
      // same, so that the order's row is whole from its first statement: a reader between this
      // write and the rows' would otherwise see the order without products or payments.
      await db.deleteFrom('orderProducts').where('orderId', '=', orderId).execute();
      if (products.length > 0) {
        await db
          .insertInto('orderProducts')
          .values(products.map((product, position) => ({ ...product, orderId, position })))
          .execute();
      }
      await db.deleteFrom('orderTransactions').where('orderId', '=', orderId).execute();
      if (transactions.length > 0) {
        await db
          .insertInto('orderTransactions')
          .values(transactions.map((transaction) => ({ ...transaction, orderId })))
          .execute();
      }
      return written;
    },

    /** Sets the order's one invoice, or removes it when there is none. */
    async putInvoice(orderId: number, invoice: { number: string; date: string } | null): Promise<void> {
      if (!invoice) {
        await db.deleteFrom('invoices').where('orderId', '=', orderId).execute();
        return;
      }
      await db
        .insertInto('invoices')
        .values({ orderId, ...invoice })
        .onConflict((oc) => oc.column('orderId').doUpdateSet(invoice))
        .execute();
    },

    async deleteShopOrder(externalId: string): Promise<boolean> {
      return anyDeleted(await db.deleteFrom('orders').where('externalId', '=', externalId).executeTakeFirst());
    },
  };
}

export type OrderRepository = ReturnType<typeof orderRepository>;
