/** An order with an invoice, written as the shop writes them: for the tests of kept invoice PDFs. */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.js';
import { databaseKind } from './test-app.js';

let sequence = 0;

/** An order of the shopper with an invoice; answers the order's id. */
export async function insertInvoicedOrder(k: Kysely<Database>, shopperId: number): Promise<number> {
  const number = `KEPT-${databaseKind}-${process.pid}-${++sequence}`;
  const createdAt = new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString();
  const { id } = await k
    .insertInto('orders')
    .values({
      shopperId,
      orderNumber: number,
      accessUrl: null,
      status: 50,
      currency: 'EUR',
      serviceFeeE4: 0,
      shippingCostE4: 49_500,
      transactionCostE4: 0,
      discountE4: 0,
      subTotalE4: 100_000,
      totalE4: 149_500,
      shippingAddress: null,
      billingAddress: null,
      searchText: number.toLowerCase(),
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('orderProducts')
    .values({
      orderId: id,
      position: 0,
      productId: 1,
      categoryName: 'Test',
      image: null,
      name: 'Kept jacket',
      url: null,
      productType: 0,
      priceE4: 100_000,
      status: 60,
    })
    .execute();
  await k
    .insertInto('invoices')
    .values({ orderId: id, number: `INV-${number}`, date: createdAt })
    .execute();
  return id;
}
