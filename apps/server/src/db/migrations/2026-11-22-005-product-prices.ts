/**
 * A product's price in each currency the shop sells in (its price lists), so the wishlist and the
 * recently viewed products show the shopper's chosen currency. A product without a price in that
 * currency keeps showing its own price and currency.
 */
import { type AnyDb, notNull } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('product_prices')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('currency', 'text', notNull)
    .addColumn('price_minor', 'integer', notNull)
    .addPrimaryKeyConstraint('product_prices_pk', ['product_id', 'currency'])
    .execute();
}
