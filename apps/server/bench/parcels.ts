/**
 * Parcels for the API section (DESIGN §8, issue 46): each rotated shopper's newest order gets 5
 * shipments of 20 carrier events each, so `GET /order/shipments/{id}` reads an order with 5
 * shipments and 100 events, and the orders page carries its delivery line. Written in bulk, then
 * each order's state is worked out by the product's own code; taken away again afterwards, so the
 * kept database stays the generated one.
 */
import { SHIPMENT_EVENT_STATUSES } from '@account/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/types.js';
import { shipmentRepository } from '../src/modules/orders/repositories/shipments.js';

const SHIPMENTS_PER_ORDER = 5;
const EVENTS_PER_SHIPMENT = 20;
const BATCH = 500;

/** Adds the parcels; answers how to take them away. */
export async function addParcels(db: Kysely<Database>, orderIds: readonly number[]): Promise<() => Promise<void>> {
  const now = new Date().toISOString();
  const start = Date.parse(now) - 10 * 86_400_000;
  const externalId = (orderId: number, n: number) => `bench-${orderId}-${n}`;
  const shipments = orderIds.flatMap((orderId) =>
    Array.from({ length: SHIPMENTS_PER_ORDER }, (_, n) => ({
      externalId: externalId(orderId, n),
      orderId,
      carrier: 'PostNL',
      trackingNumber: `3SBENCH${orderId}${n}`,
      trackingUrl: `https://jouw.postnl.nl/track-and-trace/3SBENCH${orderId}${n}`,
      estimatedFrom: now.slice(0, 10),
      estimatedTo: now.slice(0, 10),
      lines: JSON.stringify([{ line: 0, quantity: 1 }]),
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (let from = 0; from < shipments.length; from += BATCH) {
    await db
      .insertInto('shipments')
      .values(shipments.slice(from, from + BATCH))
      .execute();
  }
  const stored = await db
    .selectFrom('shipments')
    .select(['id', 'orderId'])
    .where('externalId', 'like', 'bench-%')
    .execute();
  // The last event of each parcel is one of the statuses in turn, so the orders show every kind of line.
  const statuses = SHIPMENT_EVENT_STATUSES;
  const events = stored.flatMap((shipment, s) =>
    Array.from({ length: EVENTS_PER_SHIPMENT }, (_, e) => ({
      shipmentId: shipment.id,
      externalId: String(e),
      status: e === EVENTS_PER_SHIPMENT - 1 ? statuses[s % statuses.length]! : 'inTransit',
      at: new Date(start + e * 3_600_000).toISOString(),
      location: 'Nieuwegein',
      description: `Sorted at the depot (scan ${e + 1})`,
      createdAt: now,
    })),
  );
  for (let from = 0; from < events.length; from += BATCH) {
    await db
      .insertInto('shipmentEvents')
      .values(events.slice(from, from + BATCH))
      .execute();
  }
  const repository = shipmentRepository(db);
  for (const orderId of orderIds) await repository.recompute(orderId);

  return async () => {
    await db.deleteFrom('shipments').where('externalId', 'like', 'bench-%').execute();
    for (let from = 0; from < orderIds.length; from += BATCH) {
      await db
        .updateTable('orders')
        .set({ delivery: null })
        .where('id', 'in', orderIds.slice(from, from + BATCH))
        .execute();
    }
  };
}
