/** Issue 46: the one line that says where an order's parcels are, in English, Dutch and German. */
import { EN, fillPlaceholders } from '@account/contract';
import { describe, expect, it } from 'vitest';
import { type DeliveryState, deliveryLine, formatEstimate, formatMoment, intlLocale } from './delivery-line';

// The tests run with TZ=UTC (vitest.config.ts): local days are UTC days.
const NOW = new Date('2026-12-01T10:00:00Z');

const state = (partial: Partial<DeliveryState>): DeliveryState => ({
  status: 'inTransit',
  at: '2026-11-30T18:00:00Z',
  estimatedDelivery: null,
  ...partial,
});

/** The line as the English catalogue reads it. */
const english = (delivery: DeliveryState, now = NOW) => {
  const line = deliveryLine(delivery, now, 'en');
  return fillPlaceholders(EN[line.key], line.params);
};

describe('issue 46: an order’s delivery in one line', () => {
  it('out for delivery: today when the courier left today', () => {
    expect(english(state({ status: 'outForDelivery', at: '2026-12-01T07:12:00Z' }))).toBe('Out for delivery today');
    expect(english(state({ status: 'outForDelivery', at: '2026-11-30T07:12:00Z' }))).toBe('Out for delivery');
    expect(deliveryLine(state({ status: 'outForDelivery' }), NOW, 'en').tone).toBe('onTheWay');
  });

  it('on its way: the expected day, today or tomorrow, or a window of days', () => {
    const window = { from: '2026-12-02', to: '2026-12-03' };
    // ICU versions differ in the (thin) spaces around a range's dash.
    expect(english(state({ estimatedDelivery: window }))).toMatch(/^On its way — expected 2\s?–\s?3 December$/);
    expect(english(state({ estimatedDelivery: { from: '2026-12-01', to: '2026-12-01' } }))).toBe(
      'On its way — expected today',
    );
    expect(english(state({ estimatedDelivery: { from: '2026-12-02', to: '2026-12-02' } }))).toBe(
      'On its way — expected tomorrow',
    );
    expect(english(state({ estimatedDelivery: { from: '2026-12-04', to: '2026-12-04' } }))).toBe(
      'On its way — expected Friday 4 December',
    );
    expect(english(state({ estimatedDelivery: { from: '2026-11-30', to: '2026-12-02' } }))).toMatch(
      /^On its way — expected 30 November\s–\s2 December$/,
    );
    expect(english(state({}))).toBe('On its way');
  });

  it('an estimate that has passed is not repeated: later than expected', () => {
    expect(english(state({ estimatedDelivery: { from: '2026-11-28', to: '2026-11-30' } }))).toBe(
      'On its way — later than expected',
    );
  });

  it('before the first scan (or with a label only): being prepared', () => {
    expect(english(state({ status: null, at: null }))).toBe('Being prepared for shipping');
    expect(
      english(state({ status: 'labelCreated', estimatedDelivery: { from: '2026-12-03', to: '2026-12-03' } })),
    ).toBe('Being prepared — expected Thursday 3 December');
  });

  it('delivered: on its day, or today', () => {
    const line = deliveryLine(state({ status: 'delivered', at: '2026-11-28T13:05:00Z' }), NOW, 'en');
    expect(line.tone).toBe('done');
    expect(fillPlaceholders(EN[line.key], line.params)).toBe('Delivered on 28 November');
    expect(english(state({ status: 'delivered', at: '2026-12-01T09:00:00Z' }))).toBe('Delivered today');
  });

  it('problems ask for attention and point to what to do', () => {
    const cases = [
      ['deliveryAttempted', 'Delivery attempted — see what to do'],
      ['exception', 'Delivery problem — see details'],
      ['returnedToSender', 'Returned to the shop'],
    ] as const;
    for (const [status, text] of cases) {
      expect(english(state({ status }))).toBe(text);
      expect(deliveryLine(state({ status }), NOW, 'en').tone).toBe('attention');
    }
  });

  it('several parcels: how many arrived, only while some are still to come', () => {
    const split = state({ status: 'exception', shipments: 2, delivered: 1 });
    expect(deliveryLine(split, NOW, 'en').parcels).toEqual({ delivered: '1', total: '2' });
    expect(fillPlaceholders(EN.ac_ParcelsDelivered, { delivered: '1', total: '2' })).toBe('1 of 2 parcels delivered');
    expect(deliveryLine(state({ shipments: 3, delivered: 0 }), NOW, 'en').parcels).toBeNull();
    expect(deliveryLine(state({ status: 'delivered', shipments: 3, delivered: 3 }), NOW, 'en').parcels).toBeNull();
    expect(deliveryLine(state({}), NOW, 'en').parcels).toBeNull();
  });

  it('the days are written in the shopper’s language', () => {
    const window = { from: '2026-12-02', to: '2026-12-03' };
    expect(formatEstimate(window, NOW, 'nl')).toBe('2–3 december');
    expect(formatEstimate(window, NOW, 'de')).toBe('2.–3. Dezember');
    expect(formatEstimate({ from: '2026-12-01', to: '2026-12-01' }, NOW, 'nl')).toBe('vandaag');
    expect(formatEstimate({ from: '2026-12-02', to: '2026-12-02' }, NOW, 'de')).toBe('morgen');
    expect(formatEstimate({ from: '2026-12-04', to: '2026-12-04' }, NOW, 'nl')).toBe('vrijdag 4 december');
    expect(deliveryLine(state({ status: 'delivered', at: '2026-11-28T13:05:00Z' }), NOW, 'de').params).toEqual({
      date: '28. November',
    });
  });

  it('an event’s moment: day, month and time, the year only when it is another', () => {
    expect(formatMoment('2026-11-30T14:05:00Z', NOW, 'en')).toMatch(/^30 November(,| at) 14:05$/);
    expect(formatMoment('2025-12-30T14:05:00Z', NOW, 'nl')).toMatch(/^30 december 2025( om|,) 14:05$/);
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('de')).toBe('de');
  });
});
