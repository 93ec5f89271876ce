/** Status tables of spec §4: order, transaction and shipment status with label and colour. */

export type StatusColour = 'orange' | 'green' | 'red' | 'grey';

export interface StatusInfo {
  code: number;
  /** Translation key of the label. */
  key: string;
  /** English label, used when no translation is loaded. */
  label: string;
  colour: StatusColour;
}

type Table = Readonly<Record<number, readonly [label: string, colour: StatusColour]>>;

const ORDER_STATUS: Table = {
  0: ['None', 'grey'],
  10: ['Awaiting payment', 'orange'],
  20: ['Created', 'orange'],
  30: ['Fraud check', 'orange'],
  40: ['Processing', 'orange'],
  50: ['Finished', 'green'],
  60: ['Declined', 'red'],
  70: ['Cancelled', 'red'],
};

const TRANSACTION_STATUS: Table = {
  1: ['Started', 'orange'],
  2: ['Uncleared', 'red'],
  3: ['Declined', 'red'],
  4: ['Paid', 'green'],
  5: ['Cancelled', 'red'],
  6: ['Refunded', 'green'],
  7: ['Expired', 'red'],
  8: ['Error', 'red'],
  9: ['Chargeback', 'orange'],
  10: ['Ready for capture', 'red'],
  11: ['Partial refund', 'orange'],
};

const SHIPMENT_STATUS: Table = {
  10: ['Awaiting payment', 'orange'],
  20: ['Awaiting fulfillment', 'orange'],
  30: ['Awaiting pickup', 'green'],
  40: ['Ready for shipment', 'green'],
  50: ['Shipped', 'green'],
  60: ['Delivered', 'green'],
  70: ['Delivery failed', 'red'],
  80: ['Out for delivery', 'green'],
  90: ['Returned', 'red'],
  100: ['Cancelled', 'red'],
};

/** The codes of each table, for pickers, seeds and tests. */
export const ORDER_STATUS_CODES = Object.keys(ORDER_STATUS).map(Number);
export const TRANSACTION_STATUS_CODES = Object.keys(TRANSACTION_STATUS).map(Number);
export const SHIPMENT_STATUS_CODES = Object.keys(SHIPMENT_STATUS).map(Number);

function lookup(table: Table, prefix: string, code: number): StatusInfo {
  const entry = table[code];
  if (!entry) return { code, key: 'ac_StatusUnknown', label: 'Unknown', colour: 'grey' };
  return { code, key: `${prefix}${code}`, label: entry[0], colour: entry[1] };
}

export const orderStatus = (code: number): StatusInfo => lookup(ORDER_STATUS, 'ac_OrderStatus', code);
export const transactionStatus = (code: number): StatusInfo => lookup(TRANSACTION_STATUS, 'ac_TransactionStatus', code);
export const shipmentStatus = (code: number): StatusInfo => lookup(SHIPMENT_STATUS, 'ac_ShipmentStatus', code);

/** §4 Order status codes with a rule attached. */
export const ORDER_STATUS_PRE_CREATED = 10;
export const ORDER_STATUS_CREATED = 20;
export const ORDER_STATUS_FINISHED = 50;
/** §6: deleting an order is offered only for status 10. */
export const canDeleteOrder = (status: number): boolean => status === ORDER_STATUS_PRE_CREATED;
/** §2 Order detail: 'View code' needs order status 50 and a code product (productType 1). */
export const PRODUCT_TYPE_CODE = 1;
export const canViewCode = (orderStatusCode: number, productType: number): boolean =>
  orderStatusCode === ORDER_STATUS_FINISHED && productType === PRODUCT_TYPE_CODE;
