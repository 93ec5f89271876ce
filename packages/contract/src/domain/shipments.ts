/**
 * Where an order's parcels are (issue 46): the shipments the shop sends for an order, each with
 * the carrier's events, and how a shopper reads them: a progress line, the latest state in one
 * line, and the spec §4 shipment status code a line of the order takes from its shipment when the
 * shop sets none itself.
 */
import { z } from 'zod';

/** A carrier's event, normalised by the shop: the carriers' own codes differ, these do not. */
export const SHIPMENT_EVENT_STATUSES = [
  'labelCreated',
  'inTransit',
  'outForDelivery',
  'delivered',
  'deliveryAttempted',
  'exception',
  'returnedToSender',
] as const;
export const ShipmentEventStatus = z.enum(SHIPMENT_EVENT_STATUSES);
export type ShipmentEventStatus = z.infer<typeof ShipmentEventStatus>;

/** The spec §4 shipment status code each event stands for (ready, shipped, out, delivered, failed, returned). */
export const SHIPMENT_CODE_OF_EVENT: Readonly<Record<ShipmentEventStatus, number>> = {
  labelCreated: 40,
  inTransit: 50,
  outForDelivery: 80,
  delivered: 60,
  deliveryAttempted: 70,
  exception: 70,
  returnedToSender: 90,
};

/** The progress line's stages, in order. */
export const SHIPMENT_STAGES = ['ordered', 'shipped', 'outForDelivery', 'delivered'] as const;
export type ShipmentStage = (typeof SHIPMENT_STAGES)[number];

/** The events that need the shopper's attention: shown as such on the progress line. */
export const PROBLEM_STATUSES: ReadonlySet<ShipmentEventStatus> = new Set([
  'deliveryAttempted',
  'exception',
  'returnedToSender',
]);

/**
 * How far a shipment got: the index of the last stage reached, and whether it stopped there with a
 * problem (an attempted delivery stops at "out for delivery", an exception or a return on the way).
 */
export function shipmentProgress(status: ShipmentEventStatus | null): { reached: number; problem: boolean } {
  switch (status) {
    case null:
    case 'labelCreated':
      return { reached: 0, problem: false };
    case 'inTransit':
      return { reached: 1, problem: false };
    case 'outForDelivery':
      return { reached: 2, problem: false };
    case 'delivered':
      return { reached: 3, problem: false };
    case 'deliveryAttempted':
      return { reached: 2, problem: true };
    case 'exception':
    case 'returnedToSender':
      return { reached: 1, problem: true };
  }
}

/** Done: nothing more will happen on the way (delivered, or back at the shop). */
export const shipmentEnded = (status: ShipmentEventStatus | null) =>
  status === 'delivered' || status === 'returnedToSender';

const Moment = z.string().describe('ISO 8601 timestamp (UTC)');
const Day = z.string().describe('A calendar day, YYYY-MM-DD');

/** The day the parcel is expected, or the first and last day of a window (the same day for one day). */
export const EstimatedDelivery = z.object({ from: Day, to: Day });
export type EstimatedDelivery = z.infer<typeof EstimatedDelivery>;

export const ShipmentEvent = z.object({
  id: z.number().int(),
  status: ShipmentEventStatus,
  at: Moment,
  location: z.string().nullable(),
  /** The carrier's own words, as the shop passed them on. */
  description: z.string().nullable(),
});
export type ShipmentEvent = z.infer<typeof ShipmentEvent>;

/** A line of the order in a shipment: its index in the order's products, and how many of it. */
export const ShipmentLine = z.object({ line: z.number().int().nonnegative(), quantity: z.number().int().positive() });
export type ShipmentLine = z.infer<typeof ShipmentLine>;

export const Shipment = z.object({
  id: z.number().int(),
  carrier: z.string(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  estimatedDelivery: EstimatedDelivery.nullable(),
  /** The latest event's status (by its time), null before the first. */
  status: ShipmentEventStatus.nullable(),
  statusAt: Moment.nullable(),
  lines: z.array(ShipmentLine),
  /** Newest first. */
  events: z.array(ShipmentEvent),
});
export type Shipment = z.infer<typeof Shipment>;

export const OrderShipments = z.object({ shipments: z.array(Shipment) });
export type OrderShipments = z.infer<typeof OrderShipments>;

/**
 * An order's delivery in one line (the orders list, the overview's last order): the shipment
 * that matters most (a problem first, else the furthest undelivered one, else the last delivered).
 */
export const OrderDelivery = z.object({
  status: ShipmentEventStatus,
  at: Moment,
  estimatedDelivery: EstimatedDelivery.nullable(),
  shipments: z.number().int(),
  delivered: z.number().int(),
});
export type OrderDelivery = z.infer<typeof OrderDelivery>;

/** A shipment still on its way, for the overview. */
export const ShipmentOnTheWay = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  shipmentId: z.number().int(),
  carrier: z.string(),
  status: ShipmentEventStatus.nullable(),
  statusAt: Moment.nullable(),
  estimatedDelivery: EstimatedDelivery.nullable(),
});
export type ShipmentOnTheWay = z.infer<typeof ShipmentOnTheWay>;

export const OnTheWay = z.object({ shipments: z.array(ShipmentOnTheWay) });
export type OnTheWay = z.infer<typeof OnTheWay>;

/** The one-line summary that matters most of an order's shipments (null when none has an event). */
export function orderDelivery(
  shipments: readonly Pick<Shipment, 'status' | 'statusAt' | 'estimatedDelivery'>[],
): OrderDelivery | null {
  const known = shipments.filter(
    (s): s is typeof s & { status: ShipmentEventStatus; statusAt: string } => s.status !== null && s.statusAt !== null,
  );
  if (known.length === 0) return null;
  const delivered = known.filter((s) => s.status === 'delivered').length;
  const rank = (s: (typeof known)[number]) => {
    if (PROBLEM_STATUSES.has(s.status) && s.status !== 'returnedToSender') return 10;
    if (s.status === 'delivered') return 0;
    return 1 + shipmentProgress(s.status).reached + (s.status === 'returnedToSender' ? 5 : 0);
  };
  const [first] = [...known].sort((a, b) => rank(b) - rank(a) || (b.statusAt < a.statusAt ? -1 : 1));
  if (!first) return null;
  return {
    status: first.status,
    at: first.statusAt,
    estimatedDelivery: first.estimatedDelivery,
    shipments: shipments.length,
    delivered,
  };
}
