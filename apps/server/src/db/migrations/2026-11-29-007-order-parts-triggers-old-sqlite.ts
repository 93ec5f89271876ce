/**
 * The SQLite triggers of 2026-11-27-002 rebuilt in a form older SQLite parses (issue 48). A trigger
 * is stored as its text and parsed by every SQLite that opens the file: theirs ordered the
 * aggregate itself (`json_group_array(... order by ...)`, SQLite 3.44), so the sqlite3 of Debian 12
 * (3.40) and Ubuntu 22.04 (3.37) called the whole database malformed. The same arrays, in the same
 * order: the aggregate reads an ordered subquery, whose order SQLite keeps for an aggregate other
 * than count, min and max. PostgreSQL's triggers stay as they are.
 */
import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './schema-kit.js';

/** Frozen, as in 2026-11-27-002: the keys of the JSON objects and the columns they are read from. */
const PARTS = [
  {
    column: 'products',
    table: 'order_products',
    orderBy: 'position, id',
    fields: {
      productId: 'product_id',
      categoryName: 'category_name',
      image: 'image',
      name: 'name',
      url: 'url',
      productType: 'product_type',
      priceE4: 'price_e4',
      status: 'status',
    },
  },
  {
    column: 'transactions',
    table: 'order_transactions',
    orderBy: 'created_at, id',
    fields: {
      method: 'method',
      methodName: 'method_name',
      status: 'status',
      paidE4: 'paid_e4',
      createdAt: 'created_at',
    },
  },
] as const;

/** Each change to a table's rows, and which of its rows name the order: the new, or the removed. */
const EVENTS = [
  ['insert', 'new'],
  ['update', 'new'],
  ['delete', 'old'],
] as const;

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const { column, table, orderBy, fields } of PARTS) {
    // The object is built outside the subquery: a JSON value passed through a subquery's column
    // would arrive as text, and be quoted as a string.
    const pairs = Object.entries(fields)
      .map(([key, field]) => `'${key}', line.${field}`)
      .join(', ');
    for (const [event, row] of EVENTS) {
      await sql.raw(`drop trigger ${table}_${event}`).execute(db);
      await sql
        .raw(
          `create trigger ${table}_${event} after ${event} on ${table} begin
            update orders set ${column} = (select json_group_array(json_object(${pairs}))
              from (select * from ${table} where order_id = ${row}.order_id order by ${orderBy}) line)
            where id = ${row}.order_id;
          end`,
        )
        .execute(db);
    }
  }
}
