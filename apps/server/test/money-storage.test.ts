/**
 * Money storage (DESIGN §5, spec §3 Money): amounts stored in minor units before the move to
 * ten-thousandths come back unchanged after the migration, in every money column and currency.
 */
import { fromTenThousandths } from '@account/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { beforeMigration } from './support/older-schema.js';
import { databaseKind } from './support/test-app.js';

describe(`§5 Data: money stored in minor units moves to exact ten-thousandths (${databaseKind})`, () => {
  it('§3 Money: the migration keeps every stored amount (EUR cents, JPY yen) and makes room for large ones', async () => {
    await beforeMigration('2026-11-25-003', async (db, at) => {
      // Written as the schema stood then: minor-unit columns, so through plain SQL.
      await sql`insert into orders (id, shopper_id, order_number, currency, service_fee_minor, shipping_cost_minor,
          transaction_cost_minor, discount_minor, sub_total_minor, total_minor, search_text, created_at, updated_at)
        values (1, 1, 'EUR-1', 'EUR', 150, 495, 35, 100, 2990, 3570, '', ${at}, ${at}),
               (2, 1, 'JPY-1', 'JPY', 0, 0, 0, 0, 1500, 1500, '', ${at}, ${at})`.execute(db.kysely);
      await sql`insert into order_products (order_id, position, product_id, name, price_minor)
        values (1, 0, 1, 'Mug', 1495), (2, 0, 1, 'Tea', 1500)`.execute(db.kysely);
      await sql`insert into order_transactions (order_id, method, method_name, paid_minor, created_at)
        values (1, 'ideal', 'iDEAL', 3570, ${at}), (2, 'card', 'Card', 1500, ${at})`.execute(db.kysely);
      await sql`insert into products (id, name, price_minor, currency, created_at, updated_at)
        values (1, 'Mug', 1495, 'EUR', ${at}, ${at})`.execute(db.kysely);
      await sql`insert into product_prices (product_id, currency, price_minor)
        values (1, 'USD', 1695), (1, 'JPY', 2400)`.execute(db.kysely);
      await sql`insert into voucher_campaigns (name, discount_amount_minor, currency, created_at)
        values ('Ten off', 1000, 'EUR', ${at})`.execute(db.kysely);

      await migrateToLatest(db);
      const k = db.kysely;
      const amounts = (rows: Record<string, unknown>[]) =>
        rows.map((row) =>
          Object.fromEntries(Object.entries(row).map(([key, value]) => [key, fromTenThousandths(Number(value))])),
        );
      const orders = await k
        .selectFrom('orders')
        .select(['serviceFeeE4', 'shippingCostE4', 'transactionCostE4', 'discountE4', 'subTotalE4', 'totalE4'])
        .orderBy('id')
        .execute();
      expect(amounts(orders)).toEqual([
        {
          serviceFeeE4: 1.5,
          shippingCostE4: 4.95,
          transactionCostE4: 0.35,
          discountE4: 1,
          subTotalE4: 29.9,
          totalE4: 35.7,
        },
        { serviceFeeE4: 0, shippingCostE4: 0, transactionCostE4: 0, discountE4: 0, subTotalE4: 1500, totalE4: 1500 },
      ]);
      // Read as numbers on both databases (PostgreSQL's bigint would otherwise arrive as text).
      expect(typeof orders[0]?.totalE4).toBe('number');
      expect(amounts(await k.selectFrom('orderProducts').select('priceE4').orderBy('orderId').execute())).toEqual([
        { priceE4: 14.95 },
        { priceE4: 1500 },
      ]);
      expect(amounts(await k.selectFrom('orderTransactions').select('paidE4').orderBy('orderId').execute())).toEqual([
        { paidE4: 35.7 },
        { paidE4: 1500 },
      ]);
      expect(amounts(await k.selectFrom('products').select('priceE4').execute())).toEqual([{ priceE4: 14.95 }]);
      expect(amounts(await k.selectFrom('productPrices').select('priceE4').orderBy('currency').execute())).toEqual([
        { priceE4: 2400 },
        { priceE4: 16.95 },
      ]);
      expect(amounts(await k.selectFrom('voucherCampaigns').select('discountAmountE4').execute())).toEqual([
        { discountAmountE4: 10 },
      ]);

      // An amount of a million euros with four decimals fits (PostgreSQL's integer ended at 214,748.36).
      await k.updateTable('orders').set({ totalE4: 10_000_000_041 }).where('id', '=', 1).execute();
      const large = await k.selectFrom('orders').select('totalE4').where('id', '=', 1).executeTakeFirstOrThrow();
      expect(fromTenThousandths(large.totalE4)).toBe(1_000_000.0041);
    });
  });
});
