/**
 * Order status of spec §4 with label and colour, and the rules tied to it. Transaction and shipment
 * status, which only the order screens show, are in payment-shipment-status.ts.
 */
import { lookup, type StatusInfo, type StatusTable } from './status-table.js';

export type { StatusColour, StatusInfo } from './status-table.js';

const ORDER_STATUS: StatusTable = {
  0: ['None', 'grey'],
  10: ['Awaiting payment', 'orange'],
  20: ['Created', 'orange'],
  30: ['Fraud check', 'orange'],
  40: ['Processing', 'orange'],
  50: ['Finished', 'green'],
  60: ['Declined', 'red'],
  70: ['Cancelled', 'red'],
};

/** The codes, for pickers, seeds and tests (pure: a bundle that does not use them drops them). */
export const ORDER_STATUS_CODES = /* @__PURE__ */ Object.keys(ORDER_STATUS).map(Number);

export const orderStatus = (code: number): StatusInfo => lookup(ORDER_STATUS, 'ac_OrderStatus', code);

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
