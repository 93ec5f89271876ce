/**
 * SQL of the shipments (issue 46): the shop's shipments of an order and its carriers' events, and
 * what they tell the shopper. A shipment keeps its latest event (by the event's own time, so that
 * events arriving out of order change nothing), and its order the delivery in one line with the
 * status code each line takes from its shipments: lists and the overview read no events.
 */
import {
  type OnTheWay,
  type OrderDelivery,
  orderDelivery,
  PROBLEM_STATUSES,
  SHIPMENT_CODE_OF_EVENT,
  type Shipment,
  ShipmentEventStatus,
  type ShipmentLine,
  shipmentProgress,
} from '@account/contract';
import type { Kysely } from 'kysely';
import { anyDeleted, upsertByExternalId } from '../../../db/external-id.js';
import { prepared } from '../../../db/prepared.js';
import type { Database, Row } from '../../../db/types.js';

/** What orders.delivery holds: the one-line delivery, and per line of the order the code its shipments give (0: none). */
export interface StoredDelivery extends OrderDelivery {
  lineCodes: number[];
}

/** A shipment as the shop sends it: the columns of its row that are the shop's, its lines as a list. */
export type ShopShipment = Pick<
  Row<'shipments'>,
  'orderId' | 'carrier' | 'trackingNumber' | 'trackingUrl' | 'estimatedFrom' | 'estimatedTo'
> & { lines: ShipmentLine[] };

export interface ShopShipmentEvent {
  status: ShipmentEventStatus;
  at: string;
  location: string | null;
  description: string | null;
}

const estimated = (from: string | null, to: string | null) => (from && to ? { from, to } : null);
/** A stored status; only the integration API's checked values are ever written. */
const statusOf = (value: string | null): ShipmentEventStatus | null =>
  value === null ? null : ShipmentEventStatus.parse(value);

/** The status code a line takes from the shipments holding it: a problem first, else the one least far. */
function lineCode(statuses: readonly ShipmentEventStatus[]): number {
  const problem = statuses.find((status) => PROBLEM_STATUSES.has(status));
  if (problem) return SHIPMENT_CODE_OF_EVENT[problem];
  const [least] = [...statuses].sort((a, b) => shipmentProgress(a).reached - shipmentProgress(b).reached);
  return least ? SHIPMENT_CODE_OF_EVENT[least] : 0;
}

/** Parses orders.delivery; a damaged value reads as none. */
export function parseDelivery(json: string | null): StoredDelivery | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as StoredDelivery;
  } catch {
    return null;
  }
}

export function shipmentRepository(db: Kysely<Database>) {
  const shipmentsOfOrder = prepared(db, (p: { shopperId: number; orderId: number }) =>
    db
      .selectFrom('shipments')
      .innerJoin('orders', 'orders.id', 'shipments.orderId')
      .select([
        'shipments.id',
        'shipments.carrier',
        'shipments.trackingNumber',
        'shipments.trackingUrl',
        'shipments.estimatedFrom',
        'shipments.estimatedTo',
        'shipments.lines',
        'shipments.status',
        'shipments.statusAt',
      ])
      .where('orders.id', '=', p.orderId)
      .where('orders.shopperId', '=', p.shopperId)
      .orderBy('shipments.createdAt')
      .orderBy('shipments.id'),
  );
  const eventsOfOrder = prepared(db, (p: { orderId: number }) =>
    db
      .selectFrom('shipmentEvents')
      .innerJoin('shipments', 'shipments.id', 'shipmentEvents.shipmentId')
      .select([
        'shipmentEvents.id',
        'shipmentEvents.shipmentId',
        'shipmentEvents.status',
        'shipmentEvents.at',
        'shipmentEvents.location',
        'shipmentEvents.description',
      ])
      .where('shipments.orderId', '=', p.orderId)
      .orderBy('shipmentEvents.at', 'desc')
      .orderBy('shipmentEvents.id', 'desc'),
  );
  const onTheWay = prepared(db, (p: { shopperId: number }) =>
    db
      .selectFrom('shipments')
      .innerJoin('orders', 'orders.id', 'shipments.orderId')
      .select([
        'orders.id as orderId',
        'orders.orderNumber',
        'shipments.id as shipmentId',
        'shipments.carrier',
        'shipments.status',
        'shipments.statusAt',
        'shipments.estimatedFrom',
        'shipments.estimatedTo',
      ])
      .where('orders.shopperId', '=', p.shopperId)
      .where((eb) =>
        eb.or([
          eb('shipments.status', 'is', null),
          eb('shipments.status', 'not in', ['delivered', 'returnedToSender']),
        ]),
      )
      .orderBy('orders.createdAt', 'desc')
      .orderBy('shipments.id'),
  );

  /** The shipment's latest event by its time (a later id wins a tie: the newer message of the same moment). */
  async function latestEvent(shipmentId: number) {
    return db
      .selectFrom('shipmentEvents')
      .select(['status', 'at'])
      .where('shipmentId', '=', shipmentId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Writes the order's delivery line and its lines' codes from its shipments as they now are. */
  async function refreshOrder(orderId: number): Promise<void> {
    const rows = await db
      .selectFrom('shipments')
      .select(['status', 'statusAt', 'estimatedFrom', 'estimatedTo', 'lines'])
      .where('orderId', '=', orderId)
      .execute();
    const shipments = rows.map((row) => ({
      status: statusOf(row.status),
      statusAt: row.statusAt,
      estimatedDelivery: estimated(row.estimatedFrom, row.estimatedTo),
      lines: JSON.parse(row.lines) as ShipmentLine[],
    }));
    const summary = orderDelivery(shipments);
    let delivery: StoredDelivery | null = null;
    if (summary) {
      const byLine = new Map<number, ShipmentEventStatus[]>();
      for (const shipment of shipments) {
        if (!shipment.status) continue;
        for (const { line } of shipment.lines) byLine.set(line, [...(byLine.get(line) ?? []), shipment.status]);
      }
      const size = Math.max(0, ...[...byLine.keys()].map((line) => line + 1));
      const lineCodes = Array.from({ length: size }, (_, line) => lineCode(byLine.get(line) ?? []));
      delivery = { ...summary, lineCodes };
    }
    await db
      .updateTable('orders')
      .set({ delivery: delivery && JSON.stringify(delivery) })
      .where('id', '=', orderId)
      .execute();
  }

  /** Takes the shipment's latest event onto it, then onto its order. */
  async function refreshShipment(shipmentId: number, orderId: number) {
    const latest = await latestEvent(shipmentId);
    await db
      .updateTable('shipments')
      .set({ status: latest?.status ?? null, statusAt: latest?.at ?? null })
      .where('id', '=', shipmentId)
      .execute();
    await refreshOrder(orderId);
    return latest;
  }

  async function find(externalId: string) {
    return db
      .selectFrom('shipments')
      .select(['id', 'orderId', 'status', 'carrier', 'trackingUrl'])
      .where('externalId', '=', externalId)
      .executeTakeFirst();
  }

  return {
    find,

    /** Takes every shipment's latest event onto it and the order's delivery line anew (after bulk writes). */
    async recompute(orderId: number): Promise<void> {
      const rows = await db.selectFrom('shipments').select('id').where('orderId', '=', orderId).execute();
      for (const row of rows) {
        const latest = await latestEvent(row.id);
        await db
          .updateTable('shipments')
          .set({ status: latest?.status ?? null, statusAt: latest?.at ?? null })
          .where('id', '=', row.id)
          .execute();
      }
      await refreshOrder(orderId);
    },

    /** Creates or replaces the shipment with the shop's id; its events stay. */
    async put(externalId: string, shipment: ShopShipment, now: string): Promise<{ id: number; created: boolean }> {
      const existing = await find(externalId);
      const values = { ...shipment, lines: JSON.stringify(shipment.lines), updatedAt: now };
      const written = await upsertByExternalId(
        existing?.id,
        (id) => db.updateTable('shipments').set(values).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('shipments')
              .values({ ...values, externalId, createdAt: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
      await refreshShipment(written.id, shipment.orderId);
      // Moved to another order: the old one no longer has it.
      if (existing && existing.orderId !== shipment.orderId) await refreshOrder(existing.orderId);
      return written;
    },

    async remove(externalId: string): Promise<boolean> {
      const existing = await find(externalId);
      if (!existing) return false;
      const deleted = anyDeleted(await db.deleteFrom('shipments').where('id', '=', existing.id).executeTakeFirst());
      await refreshOrder(existing.orderId);
      return deleted;
    },

    /** Creates or replaces the event with the shop's id within its shipment. */
    async putEvent(
      shipment: { id: number; orderId: number },
      externalId: string,
      event: ShopShipmentEvent,
      now: string,
    ) {
      const existing = await db
        .selectFrom('shipmentEvents')
        .select('id')
        .where('shipmentId', '=', shipment.id)
        .where('externalId', '=', externalId)
        .executeTakeFirst();
      const { created } = await upsertByExternalId(
        existing?.id,
        (id) => db.updateTable('shipmentEvents').set(event).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('shipmentEvents')
              .values({ ...event, shipmentId: shipment.id, externalId, createdAt: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
      const latest = await refreshShipment(shipment.id, shipment.orderId);
      return { created, latest };
    },

    async removeEvent(shipment: { id: number; orderId: number }, externalId: string): Promise<boolean> {
      const deleted = anyDeleted(
        await db
          .deleteFrom('shipmentEvents')
          .where('shipmentId', '=', shipment.id)
          .where('externalId', '=', externalId)
          .executeTakeFirst(),
      );
      if (deleted) await refreshShipment(shipment.id, shipment.orderId);
      return deleted;
    },

    /** The shipments of one of the shopper's orders with every event, newest first; another's order has none. */
    async ofOrder(shopperId: number, orderId: number): Promise<Shipment[]> {
      const rows = await shipmentsOfOrder.rows({ shopperId, orderId });
      if (rows.length === 0) return [];
      const events = await eventsOfOrder.rows({ orderId });
      return rows.map((row) => ({
        id: row.id,
        carrier: row.carrier,
        trackingNumber: row.trackingNumber,
        trackingUrl: row.trackingUrl,
        estimatedDelivery: estimated(row.estimatedFrom, row.estimatedTo),
        status: statusOf(row.status),
        statusAt: row.statusAt,
        lines: JSON.parse(row.lines) as ShipmentLine[],
        events: events
          .filter((event) => event.shipmentId === row.id)
          .map((event) => ({
            id: event.id,
            status: ShipmentEventStatus.parse(event.status),
            at: event.at,
            location: event.location,
            description: event.description,
          })),
      }));
    },

    /** The shop's own view of an order's parcels by its number: its ids and latest states (the demo shop's carrier desk). */
    async ofOrderNumber(orderNumber: string) {
      const rows = await db
        .selectFrom('shipments')
        .innerJoin('orders', 'orders.id', 'shipments.orderId')
        .select(['shipments.externalId', 'shipments.carrier', 'shipments.trackingNumber', 'shipments.status'])
        .where('orders.orderNumber', '=', orderNumber)
        .orderBy('shipments.id')
        .execute();
      return rows.map((row) => ({ ...row, status: statusOf(row.status) }));
    },

    /** Every shipment of the shopper not yet delivered (nor back at the shop), newest order first. */
    async onTheWay(shopperId: number): Promise<OnTheWay> {
      const rows = await onTheWay.rows({ shopperId });
      return {
        shipments: rows.map((row) => ({
          orderId: row.orderId,
          orderNumber: row.orderNumber,
          shipmentId: row.shipmentId,
          carrier: row.carrier,
          status: statusOf(row.status),
          statusAt: row.statusAt,
          estimatedDelivery: estimated(row.estimatedFrom, row.estimatedTo),
        })),
      };
    },
  };
}

export type ShipmentRepository = ReturnType<typeof shipmentRepository>;
