/**
 * An order's products and payments JSON (2026-11-26-003) follows its rows in order_products and
 * order_transactions, whoever writes them. During a rolling deploy the previous release still
 * writes orders (the integration API) into those tables only: without this, an order it wrote or
 * changed would show here without its products or payments until the shop sent it again. The
 * database rebuilds the order's column from its rows after every change to them, so both
 * releases read the same order. Until a later release drops the tables.
 */
import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './schema-kit.js';

/** Frozen, as in 2026-11-26-003: the keys of the JSON objects and the columns they are read from. */
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
  const postgres = isPostgres(db);
  for (const { column, table, orderBy, fields } of PARTS) {
    const pairs = Object.entries(fields)
      .map(([key, field]) => `'${key}', line.${field}`)
      .join(', ');
    const sorted = orderBy
      .split(', ')
      .map((field) => `line.${field}`)
      .join(', ');
    if (postgres) {
      // One rebuild per statement for every order it touched (a transition table of the changed rows).
      await sql
        .raw(
          `create function ${table}_changed() returns trigger language plpgsql as $$ begin
            update orders set ${column} = coalesce((select json_agg(json_build_object(${pairs}) order by ${sorted})::text
              from ${table} line where line.order_id = orders.id), '[]')
            where orders.id in (select distinct order_id from changed);
            return null;
          end $$`,
        )
        .execute(db);
      // A trigger with a transition table takes one event.
      for (const [event, rows] of EVENTS) {
        await sql
          .raw(
            `create trigger ${table}_${event} after ${event} on ${table} referencing ${rows} table as changed
              for each statement execute function ${table}_changed()`,
          )
          .execute(db);
      }
      continue;
    }
    // SQLite has row triggers only: the order of each changed row is rebuilt.
    for (const [event, row] of EVENTS) {
      await sql
        .raw(
          `create trigger ${table}_${event} after ${event} on ${table} begin
            update orders set ${column} = (select json_group_array(json_object(${pairs}) order by ${sorted})
              from ${table} line where line.order_id = ${row}.order_id)
            where id = ${row}.order_id;
          end`,
        )
        .execute(db);
    }
  }
}
