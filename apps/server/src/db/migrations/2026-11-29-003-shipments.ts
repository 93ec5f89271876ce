/**
 * Shipments of an order and the carriers' events (issue 46), as the shop sends them. Each shipment
 * keeps its latest event's status and time (by the event's time, whatever order they arrive in),
 * and each order its delivery in one line (JSON, with the status code each of its lines takes from
 * its shipment), so that lists read no events.
 */
import { type AnyDb, notNull, withId } from './schema-kit.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('shipments'))
    .addColumn('external_id', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('carrier', 'text', notNull)
    .addColumn('tracking_number', 'text')
    .addColumn('tracking_url', 'text')
    .addColumn('estimated_from', 'text')
    .addColumn('estimated_to', 'text')
    /** JSON: [{line, quantity}], the order's product indexes. */
    .addColumn('lines', 'text', notNull)
    .addColumn('status', 'text')
    .addColumn('status_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('shipments_order_idx').on('shipments').column('order_id').execute();

  await withId(db, db.schema.createTable('shipment_events'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('external_id', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('at', 'text', notNull)
    .addColumn('location', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('shipment_events_key_idx')
    .unique()
    .on('shipment_events')
    .columns(['shipment_id', 'external_id'])
    .execute();
  await db.schema
    .createIndex('shipment_events_time_idx')
    .on('shipment_events')
    .columns(['shipment_id', 'at'])
    .execute();

  await db.schema.alterTable('orders').addColumn('delivery', 'text').execute();
}
