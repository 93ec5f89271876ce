/**
 * What a shopper hears about, and the wishlist's alerts (issue 47). Additive only: new tables,
 * columns with defaults.
 *
 * - notification_choices: the shopper's own choice per event and channel; without a row the
 *   shop's default holds.
 * - wishlist_items.alert and shoppers.wishlist_alerts: an item's alert, and the wishlist-wide one
 *   (items added later start with it).
 * - products.shop_updated_at: the shop's time of the product's data; an older record changes nothing.
 * - product_changes: a change that matters to wishlists (back in stock, a price drop in one
 *   currency), fanned out in the background, `fanned_to` the last shopper id done.
 * - wishlist_alerts: one per shopper and change, never two; gathered into one message per shopper.
 * - mail_queue.channel: the notice queue carries text messages too; mail_outbox.headers keeps the
 *   headers a letterbox mail was sent with (List-Unsubscribe).
 */
import { sql } from 'kysely';
import { type AnyDb, flag, notNull, withId } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('notification_choices')
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references('shoppers.id').onDelete('cascade'))
    .addColumn('event', 'text', notNull)
    .addColumn('channel', 'text', notNull)
    .addColumn('enabled', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addPrimaryKeyConstraint('notification_choices_pk', ['shopper_id', 'event', 'channel'])
    .execute();

  await db.schema.alterTable('wishlist_items').addColumn('alert', 'integer', flag).execute();
  // The fan-out reads a product's followers in shopper order, a batch at a time: without it each
  // batch read every wishlist of the shop.
  await db.schema
    .createIndex('wishlist_items_alert_idx')
    .on('wishlist_items')
    .columns(['product_id', 'shopper_id'])
    .where(sql.ref('alert'), '=', 1)
    .execute();
  await db.schema.alterTable('shoppers').addColumn('wishlist_alerts', 'integer', flag).execute();
  await db.schema.alterTable('products').addColumn('shop_updated_at', 'text').execute();

  await withId(db, db.schema.createTable('product_changes'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    /** backInStock | priceDrop */
    .addColumn('kind', 'text', notNull)
    /** The currency of a price drop; null for back in stock. */
    .addColumn('currency', 'text')
    .addColumn('old_price_e4', 'bigint')
    .addColumn('new_price_e4', 'bigint')
    .addColumn('at', 'text', notNull)
    /** The last shopper id the fan-out has done; null before it starts. */
    .addColumn('fanned_to', 'integer')
    .addColumn('fanned_at', 'text')
    .execute();
  await db.schema
    .createIndex('product_changes_product_idx')
    .on('product_changes')
    .columns(['product_id', 'kind', 'at'])
    .execute();
  await db.schema
    .createIndex('product_changes_fanout_idx')
    .on('product_changes')
    .columns(['fanned_at', 'id'])
    .execute();

  await withId(db, db.schema.createTable('wishlist_alerts'))
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references('shoppers.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('change_id', 'integer', (c) => c.notNull().references('product_changes.id').onDelete('cascade'))
    /** pending | sent | dropped (no longer wished for, or nothing to send it by) */
    .addColumn('state', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('lease_until', 'text')
    .addColumn('done_at', 'text')
    .execute();
  await db.schema
    .createIndex('wishlist_alerts_once_idx')
    .unique()
    .on('wishlist_alerts')
    .columns(['shopper_id', 'change_id'])
    .execute();
  await db.schema
    .createIndex('wishlist_alerts_due_idx')
    .on('wishlist_alerts')
    .columns(['state', 'shopper_id', 'created_at'])
    .execute();
  // The alerts whose window is over, found without reading those still waiting.
  await db.schema
    .createIndex('wishlist_alerts_waiting_idx')
    .on('wishlist_alerts')
    .columns(['state', 'created_at'])
    .execute();

  await db.schema
    .alterTable('mail_queue')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email'))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
}
