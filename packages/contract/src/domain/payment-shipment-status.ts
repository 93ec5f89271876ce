/**
 * Transaction and shipment status of spec §4 with label and colour. Apart from status.ts, so that
 * the overview's first screen, which shows only an order's status, does not load these tables.
 */
import { lookup, type StatusInfo, type StatusTable } from './status-table.js';

const TRANSACTION_STATUS: StatusTable = {
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

const SHIPMENT_STATUS: StatusTable = {
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

/** The codes of each table, for pickers, seeds and tests (pure: a bundle that does not use them drops them). */
export const TRANSACTION_STATUS_CODES = /* @__PURE__ */ Object.keys(TRANSACTION_STATUS).map(Number);
export const SHIPMENT_STATUS_CODES = /* @__PURE__ */ Object.keys(SHIPMENT_STATUS).map(Number);

export const transactionStatus = (code: number): StatusInfo => lookup(TRANSACTION_STATUS, 'ac_TransactionStatus', code);
export const shipmentStatus = (code: number): StatusInfo => lookup(SHIPMENT_STATUS, 'ac_ShipmentStatus', code);
