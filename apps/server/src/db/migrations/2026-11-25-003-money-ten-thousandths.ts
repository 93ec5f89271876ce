/**
 * Money kept exactly to four decimals (DESIGN §5, spec §3 Money): amounts were integer minor units
 * of their currency (cents for EUR), so a shop's 10.0041 was stored as 10.00 and spec §3's rounding
 * up to 3 decimals could never see it. Every money column becomes integer ten-thousandths of the
 * currency's unit (*_minor -> *_e4), and bigint on PostgreSQL, whose integer would end at 214,748.36.
 */
import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './schema-kit.js';

/** Tables with money columns; a table without a currency of its own takes its order's. */
const MONEY_COLUMNS: { table: string; columns: string[]; currencyOf?: 'orders' }[] = [
  { table: 'products', columns: ['price'] },
  { table: 'product_prices', columns: ['price'] },
  {
    table: 'orders',
    columns: ['service_fee', 'shipping_cost', 'transaction_cost', 'discount', 'sub_total', 'total'],
  },
  { table: 'order_products', columns: ['price'], currencyOf: 'orders' },
  { table: 'order_transactions', columns: ['paid'], currencyOf: 'orders' },
  { table: 'voucher_campaigns', columns: ['discount_amount'] },
];

/** Frozen copy of the minor-unit decimals the amounts were stored with (ISO 4217 via Intl; 2 if unknown). */
function minorUnitDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

async function currencies(db: AnyDb, table: string): Promise<string[]> {
  const rows: { currency: string }[] = await db.selectFrom(table).select('currency').distinct().execute();
  return rows.map((row) => row.currency);
}

export async function up(db: AnyDb): Promise<void> {
  for (const { table, columns, currencyOf } of MONEY_COLUMNS) {
    if (isPostgres(db)) {
      // One statement per table: PostgreSQL rewrites the table once, not once per column.
      const [first = '', ...rest] = columns;
      let widen = db.schema.alterTable(table).alterColumn(`${first}_minor`, (c) => c.setDataType('bigint'));
      for (const column of rest) widen = widen.alterColumn(`${column}_minor`, (c) => c.setDataType('bigint'));
      await widen.execute();
    }
    for (const column of columns) {
      await db.schema.alterTable(table).renameColumn(`${column}_minor`, `${column}_e4`).execute();
    }
    for (const currency of await currencies(db, currencyOf ?? table)) {
      const factor = 10 ** Math.max(0, 4 - minorUnitDecimals(currency));
      if (factor === 1) continue;
      const scaled = Object.fromEntries(
        columns.map((c) => [`${c}_e4`, sql`${sql.ref(`${c}_e4`)} * ${sql.lit(factor)}`]),
      );
      const update = db.updateTable(table).set(scaled);
      await (currencyOf
        ? update.where('order_id', 'in', db.selectFrom(currencyOf).select('id').where('currency', '=', currency))
        : update.where('currency', '=', currency)
      ).execute();
    }
  }
}
