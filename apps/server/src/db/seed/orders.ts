/**
 * The demo shoppers' orders. Emma's ~40 orders over three years show every order status, every
 * shipment status and every transaction status of spec §4 (several times, most orders finished),
 * 'View code' products, refunds, split payments, discounts, and orders with one or no address.
 * Amounts add up: total = sub total + service fee + shipping + transaction cost - discount.
 */
import { ReturnPolicyRecord, type ReturnUpdateStatus, returnNumber, type ShipmentEventStatus } from '@account/contract';
import type { PersonaName } from '../../demo/personas.js';
import { returnRepository } from '../../modules/orders/repositories/returns.js';
import { shipmentRepository } from '../../modules/orders/repositories/shipments.js';
import { orderParts } from '../../modules/orders/repository.js';
import { orderSearchText } from '../../modules/orders/search-text.js';
import { speaksPostgres } from '../json-rows.js';
import type { NewRow } from '../types.js';
import { type AddressKey, orderAddressJson } from './addresses.js';
import type { Catalogue, ProductSlug } from './products.js';
import { DEMO_SETTINGS } from './reference-data.js';
import { type Clock, fromCents, insertBatched, type Random, type SeedDb } from './seed-kit.js';

/** Transaction and shipment status codes of spec §4, by name, so the tables below read. */
const TX = {
  started: 1,
  uncleared: 2,
  declined: 3,
  paid: 4,
  cancelled: 5,
  refunded: 6,
  expired: 7,
  error: 8,
  chargeback: 9,
  readyForCapture: 10,
  partialRefund: 11,
} as const;

const SHIP = {
  awaitingPayment: 10,
  awaitingFulfillment: 20,
  awaitingPickup: 30,
  readyForShipment: 40,
  shipped: 50,
  delivered: 60,
  deliveryFailed: 70,
  outForDelivery: 80,
  returned: 90,
  cancelled: 100,
} as const;

const METHODS = {
  ideal: 'iDEAL',
  visa: 'Visa',
  mastercard: 'Mastercard',
  paypal: 'PayPal',
  klarna: 'Klarna',
  bancontact: 'Bancontact',
  applepay: 'Apple Pay',
  giftcard: 'Gift card',
} as const;

type Method = keyof typeof METHODS;

/** What the payment provider charges the shopper, in cents; the other methods are free. */
const TRANSACTION_COST: Partial<Record<Method, number>> = { paypal: 35, klarna: 95 };
/** Service fee for gift wrapping, in cents. */
const GIFT_WRAP = 195;

interface TxPlan {
  method: Method;
  status: number;
  /**
   * total: the order total; rest: the total minus what earlier paid transactions covered;
   * returned: the price of the returned products; none: nothing changed hands; or cents.
   */
  amount: 'total' | 'rest' | 'returned' | 'none' | number;
  /** Hours after the order was placed. */
  hours: number;
}

function tx(method: Method, status: number, options: Partial<Pick<TxPlan, 'amount' | 'hours'>> = {}): TxPlan {
  const defaultAmount: TxPlan['amount'] =
    status === TX.paid || status === TX.uncleared || status === TX.readyForCapture || status === TX.chargeback
      ? 'total'
      : status === TX.refunded || status === TX.partialRefund
        ? 'returned'
        : 'none';
  const defaultHours =
    status === TX.refunded || status === TX.partialRefund ? 16 * 24 : status === TX.chargeback ? 38 * 24 : 0.05;
  return { method, status, amount: options.amount ?? defaultAmount, hours: options.hours ?? defaultHours };
}

/**
 * default: the shopper's usual delivery and billing address; shipOnly: only a delivery address;
 * billOnly: only a billing address; none: neither (an order abandoned before checkout finished);
 * or an explicit [delivery, billing] pair.
 */
type AddressPlan = 'default' | 'shipOnly' | 'billOnly' | 'none' | [AddressKey, AddressKey | null];

/** A carrier's event: its status, hours after the order was placed, where, and the carrier's words. */
type EventPlan = [ShipmentEventStatus, hours: number, location: string | null, description: string];

/** A shipment of the order (issue 46): which lines, the carrier, and its events so far. */
interface ShipmentPlan {
  carrier: 'PostNL' | 'DHL' | 'DPD';
  trackingNumber: string;
  lines: number[];
  /** The expected day, or window of days, counted from the day the order was placed. */
  expectedDays?: [from: number, to: number];
  events: EventPlan[];
}

const TRACKING_URL = {
  PostNL: 'https://jouw.postnl.nl/track-and-trace/',
  DHL: 'https://www.dhl.com/nl-en/home/tracking.html?tracking-id=',
  DPD: 'https://tracking.dpd.de/status/en_US/parcel/',
} as const;

/**
 * A return of the order (issue 46): which lines, asked for some hours after the order, and the
 * shop's updates since (hours after the request). The reason and method are the demo policy's codes.
 */
interface ReturnPlan {
  lines: [line: number, reason: string][];
  method: string;
  comment: string;
  hours: number;
  updates: [ReturnUpdateStatus, hours: number][];
  /** Where the money went back, when refunded. */
  refundTo?: string;
}

interface OrderPlan {
  persona: PersonaName;
  daysAgo: number;
  status: number;
  items: [ProductSlug, shipment: number][];
  transactions: TxPlan[];
  addresses?: AddressPlan;
  discount?: { percent: number } | { amountCents: number };
  serviceFeeCents?: number;
  shipments?: ShipmentPlan[];
  returns?: ReturnPlan[];
}

const { delivered, shipped, returned, cancelled, awaitingPayment, awaitingFulfillment } = SHIP;

const EMMA_ORDERS: Omit<OrderPlan, 'persona'>[] = [
  {
    daysAgo: 0.8,
    status: 40,
    items: [
      ['stormshell-3l-rain-jacket', SHIP.outForDelivery],
      ['merino-hiking-socks', SHIP.outForDelivery],
    ],
    transactions: [tx('visa', TX.paid)],
    shipments: [
      {
        carrier: 'PostNL',
        trackingNumber: '3SFPNL0421372',
        lines: [0, 1],
        expectedDays: [1, 1],
        events: [
          ['labelCreated', 1, null, 'Shipment announced by the sender'],
          ['inTransit', 4, 'Nieuwegein', 'Shipment received and sorted'],
          ['inTransit', 9, 'Amsterdam', 'Shipment at the delivery depot'],
          ['outForDelivery', 17, 'Amsterdam', 'The courier is on the way; delivery between 14:00 and 16:30'],
        ],
      },
    ],
  },
  {
    daysAgo: 1.6,
    status: 10,
    items: [
      ['summit-45-trekking-backpack', awaitingPayment],
      ['roll-top-dry-bag-15', awaitingPayment],
    ],
    transactions: [tx('ideal', TX.started)],
    addresses: 'none',
  },
  {
    daysAgo: 3.2,
    status: 30,
    items: [['alpine-down-jacket', awaitingFulfillment]],
    transactions: [tx('klarna', TX.readyForCapture)],
  },
  {
    daysAgo: 4.5,
    status: 20,
    items: [['basecamp-4-family-tent', awaitingPayment]],
    transactions: [tx('paypal', TX.error)],
  },
  {
    daysAgo: 6.3,
    status: 40,
    items: [
      ['lightweight-camping-chair', SHIP.deliveryFailed],
      ['camp-mug', SHIP.deliveryFailed],
    ],
    transactions: [tx('applepay', TX.paid)],
    addresses: ['emmaCabin', null],
    shipments: [
      {
        carrier: 'DHL',
        trackingNumber: 'JVGL0624519388',
        lines: [0, 1],
        expectedDays: [2, 3],
        events: [
          ['labelCreated', 2, null, 'Label created'],
          ['inTransit', 20, 'Utrecht', 'Processed at the DHL hub'],
          ['outForDelivery', 46, 'Bergen', 'With the courier'],
          [
            'deliveryAttempted',
            52,
            'Bergen',
            'Nobody was home. The parcel waits at the DHL ServicePoint at Dorpsstraat 12 for 7 days; bring ID.',
          ],
        ],
      },
    ],
  },
  {
    daysAgo: 8.1,
    status: 30,
    items: [
      ['beacon-400-headlamp', awaitingFulfillment],
      ['trail-first-aid-kit', awaitingFulfillment],
    ],
    transactions: [tx('visa', TX.paid)],
  },
  {
    daysAgo: 9.4,
    status: 40,
    items: [
      ['nordlys-2-ultralight-tent', SHIP.readyForShipment],
      ['e-gift-card-25', awaitingFulfillment],
      ['squeeze-water-filter', SHIP.awaitingPickup],
    ],
    transactions: [tx('mastercard', TX.paid)],
  },
  { daysAgo: 12, status: 50, items: [['e-gift-card-50', delivered]], transactions: [tx('ideal', TX.paid)] },
  {
    daysAgo: 14.6,
    status: 40,
    items: [
      ['self-inflating-sleeping-mat', shipped],
      ['polar-down-sleeping-bag', shipped],
    ],
    transactions: [tx('klarna', TX.paid)],
    // Split over two parcels: one was delivered, the other is held up.
    shipments: [
      {
        carrier: 'DPD',
        trackingNumber: '01905024381234',
        lines: [0],
        expectedDays: [2, 2],
        events: [
          ['labelCreated', 3, null, 'Order information has been transmitted to DPD'],
          ['inTransit', 22, 'Oirschot', 'In transit'],
          [
            'exception',
            70,
            'Oirschot',
            'The parcel was damaged in transit and is being repacked; the sender is informed',
          ],
        ],
      },
      {
        carrier: 'DPD',
        trackingNumber: '01905024381235',
        lines: [1],
        expectedDays: [2, 2],
        events: [
          ['labelCreated', 3, null, 'Order information has been transmitted to DPD'],
          ['inTransit', 22, 'Oirschot', 'In transit'],
          ['outForDelivery', 44, 'Amsterdam', 'Out for delivery'],
          ['delivered', 49, 'Amsterdam', 'Delivered; signed for by E. de Vries'],
        ],
      },
    ],
  },
  {
    daysAgo: 15.2,
    status: 60,
    items: [['glacier-sunglasses', cancelled]],
    transactions: [tx('visa', TX.declined), tx('mastercard', TX.declined, { hours: 0.2 })],
  },
  {
    daysAgo: 19.7,
    status: 50,
    items: [
      ['trail-runner-gtx', delivered],
      ['merino-hiking-socks', delivered],
    ],
    transactions: [tx('applepay', TX.paid)],
    shipments: [
      {
        carrier: 'PostNL',
        trackingNumber: '3SFPNL0398811',
        lines: [0, 1],
        expectedDays: [1, 2],
        events: [
          ['labelCreated', 2, null, 'Shipment announced by the sender'],
          ['inTransit', 8, 'Nieuwegein', 'Shipment received and sorted'],
          ['outForDelivery', 26, 'Amsterdam', 'The courier is on the way'],
          ['delivered', 30, 'Amsterdam', 'Delivered at the front door'],
        ],
      },
    ],
    // The socks go back; the shoes stay, and could still follow.
    returns: [
      {
        lines: [[1, 'tooLarge']],
        method: 'postnl-point',
        comment: 'A size smaller would fit better.',
        hours: 120,
        updates: [
          ['approved', 5],
          ['labelAvailable', 5.5],
        ],
      },
    ],
  },
  {
    daysAgo: 22.5,
    status: 30,
    items: [['convertible-hiking-trousers', awaitingFulfillment]],
    transactions: [tx('mastercard', TX.readyForCapture)],
  },
  {
    daysAgo: 26,
    status: 70,
    items: [['packable-insulated-vest', cancelled]],
    transactions: [tx('ideal', TX.expired)],
  },
  {
    daysAgo: 33,
    status: 50,
    items: [
      ['fastpack-12-running-vest', returned],
      ['insulated-water-bottle', delivered],
    ],
    transactions: [tx('ideal', TX.paid), tx('ideal', TX.partialRefund)],
    returns: [
      {
        lines: [[0, 'notAsDescribed']],
        method: 'store',
        comment: 'The pockets are much smaller than in the photos.',
        hours: 60,
        updates: [
          ['approved', 3],
          ['received', 50],
          ['refunded', 70],
        ],
        refundTo: 'iDEAL, NL•• •••• •••• 4300',
      },
    ],
  },
  {
    daysAgo: 41,
    status: 20,
    items: [
      ['titanium-cook-set', awaitingPayment],
      ['flame-compact-gas-stove', awaitingPayment],
    ],
    transactions: [tx('ideal', TX.cancelled)],
  },
  {
    daysAgo: 50,
    status: 50,
    items: [
      ['windrunner-softshell-jacket', delivered],
      ['merino-beanie', delivered],
    ],
    transactions: [tx('paypal', TX.paid)],
    // A Trail club voucher.
    discount: { percent: 20 },
  },
  {
    daysAgo: 58,
    status: 10,
    items: [['ridge-trail-shorts', awaitingPayment]],
    transactions: [],
    addresses: 'shipOnly',
  },
  {
    daysAgo: 63,
    status: 50,
    items: [
      ['route-guide-dolomites', delivered],
      ['trekking-poles', delivered],
    ],
    // Part paid with a gift card, the rest with iDEAL.
    transactions: [tx('giftcard', TX.paid, { amount: 2500 }), tx('ideal', TX.paid, { amount: 'rest', hours: 0.1 })],
  },
  {
    daysAgo: 88,
    status: 50,
    items: [
      ['daytripper-20-daypack', shipped],
      ['baseplate-compass', shipped],
    ],
    transactions: [tx('visa', TX.paid)],
    addresses: 'shipOnly',
  },
  {
    daysAgo: 104,
    status: 50,
    items: [
      ['gift-card-in-a-box', delivered],
      ['e-gift-card-100', delivered],
    ],
    transactions: [tx('mastercard', TX.paid)],
    addresses: ['emmaMother', 'emmaBilling'],
    serviceFeeCents: GIFT_WRAP,
  },
  {
    daysAgo: 120,
    status: 60,
    items: [['summit-30-backpack', cancelled]],
    transactions: [tx('klarna', TX.declined)],
  },
  {
    daysAgo: 140,
    status: 50,
    items: [
      ['cabin-wool-slipper', delivered],
      ['camp-mug', delivered],
    ],
    transactions: [tx('ideal', TX.paid)],
    addresses: ['emmaCabin', 'emmaBilling'],
  },
  {
    daysAgo: 160,
    status: 70,
    items: [['trailblazer-gtx-hiking-boot', cancelled]],
    // Cancelled after payment: the whole amount went back.
    transactions: [tx('visa', TX.paid), tx('visa', TX.refunded, { amount: 'total', hours: 26 })],
  },
  {
    daysAgo: 185,
    status: 50,
    items: [
      ['merino-200-base-layer', delivered],
      ['fjord-fleece-midlayer', delivered],
      ['merino-hiking-socks', delivered],
    ],
    transactions: [tx('klarna', TX.paid)],
    discount: { amountCents: 1500 },
  },
  {
    daysAgo: 210,
    status: 50,
    items: [['ridgeline-mid-walking-boot', returned]],
    transactions: [tx('paypal', TX.paid), tx('paypal', TX.refunded)],
  },
  {
    daysAgo: 240,
    status: 50,
    items: [
      ['squeeze-water-filter', delivered],
      ['trail-first-aid-kit', delivered],
      ['baseplate-compass', delivered],
    ],
    transactions: [tx('ideal', TX.paid)],
    addresses: 'shipOnly',
  },
  {
    daysAgo: 280,
    status: 20,
    items: [['approach-pro-climbing-shoe', awaitingPayment]],
    transactions: [tx('ideal', TX.uncleared)],
  },
  {
    daysAgo: 300,
    status: 50,
    items: [['e-gift-card-25', delivered]],
    transactions: [tx('applepay', TX.paid)],
    addresses: 'billOnly',
  },
  {
    daysAgo: 345,
    status: 50,
    items: [
      ['summit-30-backpack', delivered],
      ['roll-top-dry-bag-15', delivered],
    ],
    transactions: [tx('visa', TX.paid), tx('visa', TX.chargeback)],
  },
  {
    daysAgo: 380,
    status: 60,
    items: [['nordlys-2-ultralight-tent', cancelled]],
    transactions: [tx('mastercard', TX.error), tx('mastercard', TX.declined, { hours: 0.3 })],
  },
  {
    daysAgo: 410,
    status: 10,
    items: [
      ['trekking-poles', awaitingPayment],
      ['beacon-400-headlamp', awaitingPayment],
    ],
    transactions: [tx('ideal', TX.expired)],
  },
  {
    daysAgo: 450,
    status: 50,
    items: [
      ['polar-down-sleeping-bag', delivered],
      ['self-inflating-sleeping-mat', delivered],
    ],
    transactions: [tx('ideal', TX.paid)],
    discount: { percent: 10 },
  },
  {
    daysAgo: 530,
    status: 70,
    items: [['alpine-down-jacket', cancelled]],
    transactions: [tx('paypal', TX.cancelled)],
  },
  {
    daysAgo: 600,
    status: 50,
    items: [
      ['trailblazer-gtx-hiking-boot', delivered],
      ['merino-hiking-socks', delivered],
    ],
    transactions: [tx('bancontact', TX.paid)],
    addresses: ['emmaMother', 'emmaBilling'],
  },
  {
    daysAgo: 700,
    status: 60,
    items: [['titanium-cook-set', cancelled]],
    transactions: [tx('visa', TX.declined)],
    addresses: ['emmaFormer', 'emmaFormer'],
  },
  {
    daysAgo: 760,
    status: 50,
    items: [
      ['summit-45-trekking-backpack', delivered],
      ['trekking-poles', delivered],
      ['insulated-water-bottle', delivered],
    ],
    transactions: [tx('ideal', TX.paid)],
    addresses: ['emmaFormer', 'emmaFormer'],
  },
  {
    daysAgo: 860,
    status: 50,
    items: [
      ['convertible-hiking-trousers', delivered],
      ['merino-beanie', delivered],
    ],
    transactions: [tx('giftcard', TX.paid)],
    addresses: ['emmaFormer', null],
  },
  {
    daysAgo: 900,
    status: 70,
    items: [['basecamp-4-family-tent', cancelled]],
    transactions: [tx('ideal', TX.cancelled)],
    addresses: ['emmaFormer', 'emmaFormer'],
  },
  {
    daysAgo: 990,
    status: 50,
    items: [['stormshell-3l-rain-jacket', delivered]],
    transactions: [tx('mastercard', TX.paid)],
    addresses: ['emmaFormer', 'emmaFormer'],
  },
  {
    daysAgo: 1070,
    status: 50,
    items: [
      ['trail-runner-gtx', delivered],
      ['camp-mug', delivered],
    ],
    transactions: [tx('ideal', TX.paid)],
    addresses: ['emmaFormer', 'emmaFormer'],
  },
];

const SOFIA_ORDERS: Omit<OrderPlan, 'persona'>[] = [
  {
    daysAgo: 2.1,
    status: 10,
    items: [['daytripper-20-daypack', awaitingPayment]],
    transactions: [tx('bancontact', TX.started)],
  },
  {
    daysAgo: 11,
    status: 40,
    items: [
      ['fjord-fleece-midlayer', shipped],
      ['merino-beanie', shipped],
    ],
    transactions: [tx('bancontact', TX.paid)],
  },
  { daysAgo: 95, status: 50, items: [['trail-runner-gtx', delivered]], transactions: [tx('klarna', TX.paid)] },
  {
    daysAgo: 230,
    status: 50,
    items: [
      ['e-gift-card-25', delivered],
      ['insulated-water-bottle', delivered],
    ],
    transactions: [tx('paypal', TX.paid)],
  },
];

const LUKAS_ORDERS: Omit<OrderPlan, 'persona'>[] = [
  {
    daysAgo: 5,
    status: 40,
    items: [
      ['trekking-poles', shipped],
      ['beacon-400-headlamp', SHIP.readyForShipment],
    ],
    transactions: [tx('mastercard', TX.paid)],
  },
  {
    daysAgo: 70,
    status: 50,
    items: [
      ['alpine-down-jacket', delivered],
      ['merino-200-base-layer', delivered],
    ],
    transactions: [tx('paypal', TX.paid)],
  },
  {
    daysAgo: 320,
    status: 50,
    items: [
      ['nordlys-2-ultralight-tent', delivered],
      ['squeeze-water-filter', delivered],
    ],
    transactions: [tx('visa', TX.paid)],
    discount: { amountCents: 2000 },
  },
];

const PLANS: OrderPlan[] = [
  ...EMMA_ORDERS.map((plan) => ({ ...plan, persona: 'emma' as const })),
  ...SOFIA_ORDERS.map((plan) => ({ ...plan, persona: 'sofia' as const })),
  ...LUKAS_ORDERS.map((plan) => ({ ...plan, persona: 'lukas' as const })),
];

/** Each shopper's currency and usual [delivery, billing] address. */
const SHOPPER_DEFAULTS: Partial<Record<PersonaName, { currency: string; addresses: [AddressKey, AddressKey] }>> = {
  emma: { currency: 'EUR', addresses: ['emmaDelivery', 'emmaBilling'] },
  sofia: { currency: 'EUR', addresses: ['sofiaHome', 'sofiaHome'] },
  lukas: { currency: 'CHF', addresses: ['lukasHome', 'lukasCompany'] },
};

/** Free shipping from 50 in the order currency; below that a flat rate. */
const FREE_SHIPPING_FROM = 5000;
const SHIPPING_RATE: Record<string, number> = { EUR: 495, CHF: 690 };

/** The Swiss shop prices: about the euro price, ending in .90. */
const priceIn = (currency: string, euroCents: number) =>
  currency === 'CHF' ? Math.max(90, Math.round((euroCents * 0.97) / 100) * 100 - 10) : euroCents;

function addressPair(plan: OrderPlan, defaults: [AddressKey, AddressKey]): [string | null, string | null] {
  const [ship, bill] = (() => {
    const a = plan.addresses ?? 'default';
    if (a === 'default') return defaults;
    if (a === 'shipOnly') return [defaults[0], null];
    if (a === 'billOnly') return [null, defaults[1]];
    if (a === 'none') return [null, null];
    return a;
  })();
  return [ship ? orderAddressJson(ship) : null, bill ? orderAddressJson(bill) : null];
}

export async function seedOrders(
  db: SeedDb,
  shopperIds: Record<PersonaName, number>,
  catalogue: Catalogue,
  time: Clock,
  random: Random,
): Promise<void> {
  // Place every order in time first: order and invoice numbers run up through the shop's history.
  const placed = PLANS.map((plan) => ({
    plan,
    // A believable time of day: up to ~11 hours earlier than the whole-day offset.
    createdAt: time.daysAgo(plan.daysAgo + random.int(0, 660) / 1440),
  })).sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  let orderSequence = 2140;
  let invoiceSequence = 118;
  const orders: NewRow<'orders'>[] = [];
  const details: {
    orderNumber: string;
    products: Omit<NewRow<'orderProducts'>, 'orderId'>[];
    transactions: Omit<NewRow<'orderTransactions'>, 'orderId'>[];
    invoice: { number: string; date: string } | null;
  }[] = [];

  for (const { plan, createdAt } of placed) {
    const defaults = SHOPPER_DEFAULTS[plan.persona];
    if (!defaults) throw new Error(`no order defaults for ${plan.persona}`);
    const currency = defaults.currency;
    orderSequence += random.int(11, 97);
    const orderNumber = `FP-${createdAt.slice(0, 4)}-${String(orderSequence).padStart(6, '0')}`;

    const products = plan.items.map(([slug, shipment], position) => {
      const product = catalogue[slug];
      return {
        position,
        productId: product.id,
        categoryName: product.categoryName,
        image: product.image,
        name: product.name,
        url: product.url,
        productType: product.productType,
        priceCents: priceIn(currency, product.priceCents),
        status: shipment,
      };
    });
    const subTotalCents = products.reduce((sum, p) => sum + p.priceCents, 0);
    const onlyCodes = products.every((p) => p.productType === 1);
    const shippingCostCents =
      onlyCodes || subTotalCents >= FREE_SHIPPING_FROM ? 0 : (SHIPPING_RATE[currency] ?? SHIPPING_RATE.EUR!);
    const discountCents = !plan.discount
      ? 0
      : 'percent' in plan.discount
        ? Math.round((subTotalCents * plan.discount.percent) / 100)
        : plan.discount.amountCents;
    const serviceFeeCents = plan.serviceFeeCents ?? 0;
    const firstMethod = plan.transactions[0]?.method;
    const transactionCostCents = firstMethod ? (TRANSACTION_COST[firstMethod] ?? 0) : 0;
    const totalCents = subTotalCents + serviceFeeCents + shippingCostCents + transactionCostCents - discountCents;
    const returnedCents = products.filter((p) => p.status === SHIP.returned).reduce((s, p) => s + p.priceCents, 0);

    let paidSoFar = 0;
    const transactions = plan.transactions.map((t) => {
      const paidCents =
        t.amount === 'total'
          ? totalCents
          : t.amount === 'rest'
            ? totalCents - paidSoFar
            : t.amount === 'returned'
              ? returnedCents || totalCents
              : t.amount === 'none'
                ? 0
                : t.amount;
      if (t.status === TX.paid) paidSoFar += paidCents;
      return {
        method: t.method,
        methodName: METHODS[t.method],
        status: t.status,
        paidCents,
        createdAt: time.hoursAfter(createdAt, t.hours),
      };
    });

    // Invoices exist once an order is being processed or finished.
    const invoiced = plan.status === 40 || plan.status === 50;
    const invoiceDate = invoiced ? time.hoursAfter(createdAt, plan.status === 50 ? random.int(1, 30) : 0.25) : null;

    const [shippingAddress, billingAddress] = addressPair(plan, defaults.addresses);
    const updatedAt = [createdAt, invoiceDate ?? createdAt, ...transactions.map((t) => t.createdAt)].sort().at(-1)!;
    const lines = products.map(({ priceCents, ...p }) => ({ ...p, priceE4: fromCents(priceCents) }));
    const payments = transactions.map(({ paidCents, ...t }) => ({ ...t, paidE4: fromCents(paidCents) }));
    orders.push({
      shopperId: shopperIds[plan.persona],
      orderNumber,
      // Orders waiting for payment link to the shop's payment page ('Finish order', 'Start payment');
      // the others to the shop's own page of the order ('View order', 'View code').
      accessUrl: plan.status === 10 || plan.status === 20 ? `/checkout/pay/${orderNumber}` : `/order/${orderNumber}`,
      status: plan.status,
      currency,
      serviceFeeE4: fromCents(serviceFeeCents),
      shippingCostE4: fromCents(shippingCostCents),
      transactionCostE4: fromCents(transactionCostCents),
      discountE4: fromCents(discountCents),
      subTotalE4: fromCents(subTotalCents),
      totalE4: fromCents(totalCents),
      shippingAddress,
      billingAddress,
      searchText: orderSearchText(
        orderNumber,
        products.map((p) => p.name),
      ),
      ...orderParts(lines, payments),
      createdAt,
      updatedAt,
    });
    details.push({
      orderNumber,
      products: lines,
      transactions: payments,
      invoice: invoiceDate ? { number: '', date: invoiceDate } : null,
    });
  }

  // Invoice numbers follow invoice dates.
  for (const detail of details
    .filter((d) => d.invoice)
    .sort((a, b) => a.invoice!.date.localeCompare(b.invoice!.date))) {
    invoiceSequence += random.int(3, 19);
    detail.invoice!.number = `INV-${detail.invoice!.date.slice(0, 4)}-${String(invoiceSequence).padStart(5, '0')}`;
  }

  await insertBatched(db, 'orders', orders, 50);
  const stored = await db
    .selectFrom('orders')
    .select(['id', 'orderNumber'])
    .where(
      'orderNumber',
      'in',
      orders.map((o) => o.orderNumber),
    )
    .execute();
  const idByNumber = new Map(stored.map((row) => [row.orderNumber, row.id]));
  const orderId = (orderNumber: string) => {
    const id = idByNumber.get(orderNumber);
    if (id === undefined) throw new Error(`demo order ${orderNumber} was not stored`);
    return id;
  };

  await insertBatched(
    db,
    'orderProducts',
    details.flatMap((d) => d.products.map((p) => ({ ...p, orderId: orderId(d.orderNumber) }))),
  );
  await insertBatched(
    db,
    'orderTransactions',
    details.flatMap((d) => d.transactions.map((t) => ({ ...t, orderId: orderId(d.orderNumber) }))),
  );
  await insertBatched(
    db,
    'invoices',
    details.flatMap((d) => (d.invoice ? [{ orderId: orderId(d.orderNumber), ...d.invoice }] : [])),
  );

  // Written as the integration API writes them, so each order's delivery line is the product's own.
  const shipments = shipmentRepository(db);
  for (const [index, { plan, createdAt }] of placed.entries()) {
    for (const [n, shipment] of (plan.shipments ?? []).entries()) {
      const orderNumber = orders[index]?.orderNumber ?? '';
      const day = (days: number) => new Date(Date.parse(createdAt) + days * 86_400_000).toISOString().slice(0, 10);
      const externalId = `demo-${orderNumber}-${n + 1}`;
      await shipments.put(
        externalId,
        {
          orderId: orderId(orderNumber),
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
          trackingUrl: `${TRACKING_URL[shipment.carrier]}${shipment.trackingNumber}`,
          estimatedFrom: shipment.expectedDays ? day(shipment.expectedDays[0]) : null,
          estimatedTo: shipment.expectedDays ? day(shipment.expectedDays[1]) : null,
          lines: shipment.lines.map((line) => ({ line, quantity: 1 })),
        },
        createdAt,
      );
      const stored = await shipments.find(externalId);
      if (!stored) throw new Error(`demo shipment ${externalId} was not stored`);
      for (const [e, [status, hours, location, description]] of shipment.events.entries()) {
        await shipments.putEvent(
          stored,
          `${externalId}-${e + 1}`,
          { status, at: time.hoursAfter(createdAt, hours), location, description },
          time.hoursAfter(createdAt, hours),
        );
      }
    }
  }

  // Asked for as a shopper asks, and moved on as the shop's updates do (the integration API's writes).
  const policy = ReturnPolicyRecord.parse(DEMO_SETTINGS.returnPolicy);
  const returns = returnRepository(db, speaksPostgres(db) ? 'postgres' : 'sqlite');
  for (const [index, { plan, createdAt }] of placed.entries()) {
    const order = orders[index];
    const detail = details[index];
    if (!order || !detail) continue;
    for (const [n, plannedReturn] of (plan.returns ?? []).entries()) {
      const method = policy.methods.find((m) => m.code === plannedReturn.method);
      if (!method) throw new Error(`no demo return method ${plannedReturn.method}`);
      const requested = time.hoursAfter(createdAt, plannedReturn.hours);
      const lines = plannedReturn.lines.map(([line, code]) => {
        const product = detail.products[line];
        const reason = policy.reasons.find((r) => r.code === code);
        if (!product || !reason)
          throw new Error(`demo return of ${order.orderNumber}: no line ${line} or reason ${code}`);
        return { line, name: product.name, image: product.image ?? null, quantity: 1, reason };
      });
      const id = await returns.insert(
        db,
        {
          orderId: orderId(order.orderNumber),
          shopperId: order.shopperId,
          method: { code: method.code, kind: method.kind, labels: method.labels },
          methodCostE4: fromCents(Math.round(method.cost * 100)),
          currency: order.currency,
          comment: plannedReturn.comment,
          lines,
        },
        requested,
      );
      const refundE4 = plannedReturn.lines.reduce((sum, [line]) => sum + (detail.products[line]?.priceE4 ?? 0), 0);
      for (const [u, [status, hours]] of plannedReturn.updates.entries()) {
        const at = time.hoursAfter(requested, hours);
        await returns.putUpdate(
          id,
          `demo-${order.orderNumber}-return-${n + 1}-${u + 1}`,
          {
            status,
            at,
            reason: null,
            labelUrl: status === 'labelAvailable' ? `/demo-shop/return-label/${returnNumber(id)}.svg` : null,
            labelKind: status === 'labelAvailable' ? 'qr' : null,
            refundE4: status === 'refunded' ? refundE4 : null,
            refundCurrency: status === 'refunded' ? order.currency : null,
            refundTo: status === 'refunded' ? (plannedReturn.refundTo ?? null) : null,
          },
          at,
        );
      }
    }
  }
}
