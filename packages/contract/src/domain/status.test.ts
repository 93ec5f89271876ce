import { describe, expect, it } from 'vitest';
import { EN } from '../i18n/en.js';
import {
  SHIPMENT_STATUS_CODES,
  shipmentStatus,
  TRANSACTION_STATUS_CODES,
  transactionStatus,
} from './payment-shipment-status.js';
import { canDeleteOrder, canViewCode, ORDER_STATUS_CODES, orderStatus } from './status.js';

const english = EN as Readonly<Record<string, string>>;

describe('§4 Order status: codes, labels and colours', () => {
  it('§4 Order status: the codes are exactly 0, 10, 20, 30, 40, 50, 60 and 70', () => {
    expect(ORDER_STATUS_CODES).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
  });

  it.each([
    [0, 'None', 'grey'],
    [10, 'Awaiting payment', 'orange'],
    [20, 'Created', 'orange'],
    [30, 'Fraud check', 'orange'],
    [40, 'Processing', 'orange'],
    [50, 'Finished', 'green'],
    [60, 'Declined', 'red'],
    [70, 'Cancelled', 'red'],
  ] as const)('§4 Order status %i is "%s" in %s', (code, label, colour) => {
    expect(orderStatus(code)).toEqual({ code, key: `ac_OrderStatus${code}`, label, colour });
    expect(english[`ac_OrderStatus${code}`]).toBe(label);
  });

  it('§4 Order status: colours are orange for 10–40, green for 50, red for 60 and 70', () => {
    expect([10, 20, 30, 40].map((code) => orderStatus(code).colour)).toEqual(['orange', 'orange', 'orange', 'orange']);
    expect(orderStatus(50).colour).toBe('green');
    expect([60, 70].map((code) => orderStatus(code).colour)).toEqual(['red', 'red']);
  });
});

describe('§4 Transaction status: codes, labels and colours', () => {
  it('§4 Transaction status: the codes are exactly 1 to 11', () => {
    expect(TRANSACTION_STATUS_CODES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it.each([
    [1, 'Started', 'orange'],
    [2, 'Uncleared', 'red'],
    [3, 'Declined', 'red'],
    [4, 'Paid', 'green'],
    [5, 'Cancelled', 'red'],
    [6, 'Refunded', 'green'],
    [7, 'Expired', 'red'],
    [8, 'Error', 'red'],
    [9, 'Chargeback', 'orange'],
    [10, 'Ready for capture', 'red'],
    [11, 'Partial refund', 'orange'],
  ] as const)('§4 Transaction status %i is "%s" in %s', (code, label, colour) => {
    expect(transactionStatus(code)).toEqual({ code, key: `ac_TransactionStatus${code}`, label, colour });
    expect(english[`ac_TransactionStatus${code}`]).toBe(label);
  });

  it('§4 Transaction status: 1, 9 and 11 are orange; 4 and 6 green; all others red', () => {
    for (const code of TRANSACTION_STATUS_CODES) {
      const expected = [1, 9, 11].includes(code) ? 'orange' : [4, 6].includes(code) ? 'green' : 'red';
      expect(transactionStatus(code).colour).toBe(expected);
    }
  });
});

describe('§4 Shipment status: codes, labels and colours', () => {
  it('§4 Shipment status: the codes are exactly 10 to 100 in steps of 10', () => {
    expect(SHIPMENT_STATUS_CODES).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });

  it.each([
    [10, 'Awaiting payment', 'orange'],
    [20, 'Awaiting fulfillment', 'orange'],
    [30, 'Awaiting pickup', 'green'],
    [40, 'Ready for shipment', 'green'],
    [50, 'Shipped', 'green'],
    [60, 'Delivered', 'green'],
    [70, 'Delivery failed', 'red'],
    [80, 'Out for delivery', 'green'],
    [90, 'Returned', 'red'],
    [100, 'Cancelled', 'red'],
  ] as const)('§4 Shipment status %i is "%s" in %s', (code, label, colour) => {
    expect(shipmentStatus(code)).toEqual({ code, key: `ac_ShipmentStatus${code}`, label, colour });
    expect(english[`ac_ShipmentStatus${code}`]).toBe(label);
  });

  it('§4 Shipment status: 10 and 20 orange; 30, 40, 50, 60 and 80 green; 70, 90 and 100 red', () => {
    for (const code of SHIPMENT_STATUS_CODES) {
      const expected = [10, 20].includes(code) ? 'orange' : [70, 90, 100].includes(code) ? 'red' : 'green';
      expect(shipmentStatus(code).colour).toBe(expected);
    }
  });
});

describe("§4 Unknown status codes get the label 'Unknown'", () => {
  it.each([
    ['order', orderStatus, [5, 80, -10, 1, 10.5]],
    ['transaction', transactionStatus, [0, 12, 100, -1, 4.5]],
    ['shipment', shipmentStatus, [0, 5, 110, 1000, -10]],
  ] as const)(
    "§4 an unknown %s status code is 'Unknown' (grey, key ac_StatusUnknown) and keeps its code",
    (_, lookup, codes) => {
      for (const code of codes) {
        expect(lookup(code)).toEqual({ code, key: 'ac_StatusUnknown', label: 'Unknown', colour: 'grey' });
      }
      expect(english.ac_StatusUnknown).toBe('Unknown');
    },
  );

  it('§4 a code of one table is not borrowed by another (transaction 20, order 1 are unknown)', () => {
    expect(transactionStatus(20).label).toBe('Unknown');
    expect(orderStatus(1).label).toBe('Unknown');
    expect(shipmentStatus(1).label).toBe('Unknown');
  });
});

describe('§6 Permissions on orders', () => {
  it('§6 Deleting an order is offered only for status 10', () => {
    expect(canDeleteOrder(10)).toBe(true);
    for (const code of [...ORDER_STATUS_CODES.filter((c) => c !== 10), 11, 100, -10]) {
      expect(canDeleteOrder(code)).toBe(false);
    }
  });

  it('§6 Viewing a code needs order status 50 and productType 1', () => {
    expect(canViewCode(50, 1)).toBe(true);
  });

  it('§6 Viewing a code is refused for any other order status, even with productType 1', () => {
    for (const code of ORDER_STATUS_CODES.filter((c) => c !== 50)) {
      expect(canViewCode(code, 1)).toBe(false);
    }
  });

  it('§6 Viewing a code is refused for any other productType, even with order status 50', () => {
    for (const productType of [0, 2, 3, -1, 10]) {
      expect(canViewCode(50, productType)).toBe(false);
    }
  });
});
