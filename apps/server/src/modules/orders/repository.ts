import { fromMinorUnits, type Money, type Order, type OrderAddress } from '@account/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/types.js';

export const ORDER_COLUMNS = [
  'id',
  'orderNumber',
  'accessUrl',
  'status',
  'currency',
  'serviceFeeMinor',
  'shippingCostMinor',
  'transactionCostMinor',
  'discountMinor',
  'subTotalMinor',
  'totalMinor',
  'shippingAddress',
  'billingAddress',
  'createdAt',
] as const;

export type OrderRow = Pick<Selectable<OrdersTable>, (typeof ORDER_COLUMNS)[number]>;

const money = (minor: number, currency: string): Money => ({ amount: fromMinorUnits(minor, currency), currency });

function parseAddress(json: string | null): OrderAddress | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as OrderAddress;
  } catch {
    return null;
  }
}

export function orderRepository(db: Kysely<Database>) {
  /** Full orders (products, transactions, invoice) for the given rows, in three queries. */
  async function hydrate(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [products, transactions, invoices] = await Promise.all([
      db
        .selectFrom('orderProducts')
        .select(['orderId', 'productId', 'categoryName', 'image', 'name', 'url', 'productType', 'priceMinor', 'status'])
        .where('orderId', 'in', ids)
        .orderBy('orderId')
        .orderBy('position')
        .execute(),
      db
        .selectFrom('orderTransactions')
        .select(['orderId', 'method', 'methodName', 'status', 'paidMinor', 'createdAt'])
        .where('orderId', 'in', ids)
        .orderBy('orderId')
        .orderBy('createdAt')
        .execute(),
      db.selectFrom('invoices').select(['id', 'orderId', 'number', 'date']).where('orderId', 'in', ids).execute(),
    ]);
    return rows.map((row) => {
      const currency = row.currency;
      const invoice = invoices.find((i) => i.orderId === row.id);
      return {
        id: row.id,
        orderId: row.orderNumber,
        accessUrl: row.accessUrl,
        created: row.createdAt,
        status: row.status,
        serviceFee: money(row.serviceFeeMinor, currency),
        shippingCost: money(row.shippingCostMinor, currency),
        transactionCost: money(row.transactionCostMinor, currency),
        discount: money(row.discountMinor, currency),
        subTotal: money(row.subTotalMinor, currency),
        totalPrice: money(row.totalMinor, currency),
        shippingAddress: parseAddress(row.shippingAddress),
        billingAddress: parseAddress(row.billingAddress),
        invoice: invoice ? { id: invoice.id, name: invoice.number, date: invoice.date } : null,
        products: products
          .filter((p) => p.orderId === row.id)
          .map((p) => ({
            productId: p.productId,
            categoryName: p.categoryName,
            image: p.image,
            name: p.name,
            url: p.url,
            productType: p.productType,
            price: money(p.priceMinor, currency),
            status: p.status,
          })),
        transactions: transactions
          .filter((t) => t.orderId === row.id)
          .map((t) => ({
            method: t.method,
            methodName: t.methodName,
            status: t.status,
            paid: money(t.paidMinor, currency),
            created: t.createdAt,
          })),
      };
    });
  }

  return {
    hydrate,
    async latest(shopperId: number): Promise<Order | null> {
      const row = await db
        .selectFrom('orders')
        .select(ORDER_COLUMNS)
        .where('shopperId', '=', shopperId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? ((await hydrate([row]))[0] ?? null) : null;
    },
  };
}

export type OrderRepository = ReturnType<typeof orderRepository>;
