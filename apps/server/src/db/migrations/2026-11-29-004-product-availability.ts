/**
 * A product's availability as the shop sends it (issue 46: buy again leaves out what cannot be
 * bought; issue 47's alerts read it too): inStock, lowStock, outOfStock or discontinued.
 */
import type { AnyDb } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('availability', 'text', (c) => c.notNull().defaultTo('inStock'))
    .execute();
}
