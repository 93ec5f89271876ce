/**
 * Self-service returns (issue 46, "Send it back"): an order's own return rules as the shop sends
 * them, the returns shoppers ask for (with the reasons' and method's labels as offered then, so a
 * later policy change does not rewrite them), and the shop's updates of each. A return keeps its
 * status (the latest update by its time, or cancelled), so lists read no updates.
 */
import { type AnyDb, isPostgres, notNull, withId } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('return_rules')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    /** JSON: [{line, returnable, until, reasons?, methods?}]. */
    .addColumn('lines', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('returns'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references('shoppers.id').onDelete('cascade'))
    .addColumn('status', 'text', notNull)
    /** JSON: {code, kind, labels}. */
    .addColumn('method', 'text', notNull)
    .addColumn('method_cost_e4', isPostgres(db) ? 'bigint' : 'integer', notNull)
    .addColumn('currency', 'text', notNull)
    .addColumn('comment', 'text', notNull)
    /** JSON: [{line, quantity, reason: {code, labels}}]. */
    .addColumn('lines', 'text', notNull)
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('returns_order_idx').on('returns').column('order_id').execute();
  await db.schema.createIndex('returns_shopper_idx').on('returns').columns(['shopper_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('return_updates'))
    .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('external_id', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('at', 'text', notNull)
    .addColumn('reason', 'text')
    .addColumn('label_url', 'text')
    .addColumn('label_kind', 'text')
    .addColumn('refund_e4', isPostgres(db) ? 'bigint' : 'integer')
    .addColumn('refund_currency', 'text')
    .addColumn('refund_to', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('return_updates_key_idx')
    .unique()
    .on('return_updates')
    .columns(['return_id', 'external_id'])
    .execute();
}
