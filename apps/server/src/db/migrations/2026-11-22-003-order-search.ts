/**
 * Order search (spec §2 Orders list) that stays fast for a shopper with thousands of orders in a
 * database of millions: each order keeps its number and product names lower-cased in search_text,
 * and the list index of (shopper, newest first) carries that text too, so the first page, the
 * count and a search read only the shopper's own index entries, never the table.
 */
import { sql } from 'kysely';
import { type AnyDb, isPostgres } from './schema-kit.js';

/** Frozen copy of the application's search text as of this migration (modules/orders/search-text.ts). */
function searchText(orderNumber: string, productNames: string[]): string {
  const fold = (text: string) => text.normalize('NFC').toLowerCase();
  let text = fold(orderNumber);
  let bytes = Buffer.byteLength(text);
  // A B-tree entry of PostgreSQL holds about 2.7 kB; the text rides along in the index below.
  for (const name of new Set(productNames.map(fold))) {
    bytes += 1 + Buffer.byteLength(name);
    if (bytes > 2000) break;
    text += `\n${name}`;
  }
  return text;
}

const BATCH = 500;

/** Fills search_text of the orders already stored, in batches so a large shop's memory stays flat. */
async function backfill(db: AnyDb): Promise<void> {
  let after = 0;
  for (;;) {
    // Single-word aliases: the result keys are the same with or without a camel-case plugin.
    const orders: { id: number; number: string }[] = await db
      .selectFrom('orders')
      .select(['id', 'order_number as number'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const last = orders.at(-1);
    if (!last) return;
    const products: { owner: number; name: string }[] = await db
      .selectFrom('order_products')
      .select(['order_id as owner', 'name'])
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    const names = new Map<number, string[]>();
    for (const p of products) names.set(p.owner, [...(names.get(p.owner) ?? []), p.name]);
    const values = orders.map((o) => sql`(cast(${o.id} as integer), ${searchText(o.number, names.get(o.id) ?? [])})`);
    await sql`with v(id, text) as (values ${sql.join(values)})
      update orders set search_text = v.text from v where orders.id = v.id`.execute(db);
    after = last.id;
  }
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await backfill(db);
  await db.schema.dropIndex('orders_shopper_created_idx').execute();
  if (isPostgres(db)) {
    // INCLUDE keeps the text out of the key: an index-only scan without widening the sort key.
    await sql`create index orders_shopper_search_idx on orders (shopper_id, created_at desc, id desc) include (search_text)`.execute(
      db,
    );
  } else {
    await db.schema
      .createIndex('orders_shopper_search_idx')
      .on('orders')
      .columns(['shopper_id', 'created_at desc', 'id desc', 'search_text'])
      .execute();
  }
}
