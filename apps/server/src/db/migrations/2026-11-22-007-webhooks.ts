/**
 * Webhooks to the shop: an outbox of events written in the same transaction as the shopper's
 * change, and one delivery per event and endpoint, retried until the endpoint acknowledges it.
 * Deliveries carry the event's shopper so that each endpoint gets one shopper's events in order.
 */
import { type AnyDb, notNull, withId, zero } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('url', 'text', notNull)
    .addColumn('secret', 'text', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('webhook_events'))
    .addColumn('shopper_id', 'integer')
    .addColumn('type', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    /** The event's shopper (0 for none): deliveries of one shopper to one endpoint go in order. */
    .addColumn('shopper_key', 'integer', zero)
    .addColumn('state', 'text', notNull)
    .addColumn('attempts', 'integer', zero)
    .addColumn('next_attempt_at', 'text', notNull)
    /** Until when an instance is delivering it; another instance may take it over afterwards. */
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_order_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'shopper_key', 'state', 'event_id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_event_idx').on('webhook_deliveries').column('event_id').execute();
}
