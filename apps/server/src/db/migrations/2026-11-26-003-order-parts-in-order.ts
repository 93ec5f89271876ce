/**
 * An order's products and payments as JSON arrays in its own row (issue 23): a page of orders was
 * one row per order plus two correlated aggregates per order, which were most of the page's cost
 * on both databases. Expand only: the tables stay, and the previous release keeps reading them.
 */
import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './schema-kit.js';

/** Frozen: the keys of the JSON objects and the columns they are read from. */
const LINE = {
  productId: 'product_id',
  categoryName: 'category_name',
  image: 'image',
  name: 'name',
  url: 'url',
  productType: 'product_type',
  priceE4: 'price_e4',
  status: 'status',
};
const PAYMENT = {
  method: 'method',
  methodName: 'method_name',
  status: 'status',
  paidE4: 'paid_e4',
  createdAt: 'created_at',
};

/** The order's rows of `table` as a JSON array, `[]` for none. */
function arrayOf(postgres: boolean, table: string, fields: Record<string, string>, orderBy: string) {
  const pairs = Object.entries(fields)
    .map(([key, column]) => `'${key}', ${table}.${column}`)
    .join(', ');
  return sql.raw(
    postgres
      ? `coalesce((select json_agg(json_build_object(${pairs}) order by ${orderBy})::text from ${table} where ${table}.order_id = orders.id), '[]')`
      : `(select json_group_array(json_object(${pairs}) order by ${orderBy}) from ${table} where ${table}.order_id = orders.id)`,
  );
}

export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .alterTable('orders')
    .addColumn('products', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('transactions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // One statement for both columns: each order row is written once (PostgreSQL: one dead version).
  await db
    .updateTable('orders')
    .set({
      products: arrayOf(postgres, 'order_products', LINE, 'order_products.position, order_products.id'),
      transactions: arrayOf(
        postgres,
        'order_transactions',
        PAYMENT,
        'order_transactions.created_at, order_transactions.id',
      ),
    })
    .execute();
}
