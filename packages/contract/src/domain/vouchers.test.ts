import { describe, expect, it } from 'vitest';
import type { Voucher } from './entities.js';
import {
  groupVouchers,
  isVoucherExpired,
  voucherClaimDate,
  voucherDiscount,
  voucherExpiry,
  voucherState,
  voucherUsed,
} from './vouchers.js';

const voucher = (over: Partial<Voucher>): Voucher => ({
  id: 1,
  campaignId: 1,
  campaign: 'Spring',
  code: null,
  used: 0,
  limited: false,
  redeemDate: null,
  claimDate: null,
  expireDate: null,
  isExpired: false,
  discount: { percentage: 0, amount: 0, currency: 'EUR' },
  ...over,
});

describe('§4 Voucher: used', () => {
  it("reads 'Yes' for a used limited voucher and the count for an unlimited one", () => {
    expect(voucherUsed(voucher({ used: 1, limited: true }))).toEqual({ key: 'ac_Yes' });
    expect(voucherUsed(voucher({ used: 3, limited: false }))).toEqual({ count: 3 });
  });

  it("reads 'Yes' for an unused voucher with a redeem date, else 'No'", () => {
    expect(voucherUsed(voucher({ used: 0, redeemDate: '2026-02-01T00:00:00Z' }))).toEqual({ key: 'ac_Yes' });
    expect(voucherUsed(voucher({ used: 0 }))).toEqual({ key: 'ac_No' });
  });
});

describe('§3 Voucher: isExpired', () => {
  const now = '2026-06-15T12:00:00.000Z';
  it('is expired from the expiry moment on; a voucher without expiry never expires', () => {
    expect(isVoucherExpired('2026-06-15T11:59:59.999Z', now)).toBe(true);
    expect(isVoucherExpired(now, now)).toBe(true);
    expect(isVoucherExpired('2026-06-15T12:00:00.001Z', now)).toBe(false);
    expect(isVoucherExpired(null, now)).toBe(false);
  });
});

describe('§4 Voucher: dates', () => {
  it("shows the expiry as dd/MM/yyyy, or nothing for 'Does not expire'", () => {
    expect(voucherExpiry('2026-12-31T12:00:00Z')).toBe('31/12/2026');
    expect(voucherExpiry(null)).toBeNull();
  });

  it("shows the claim date as dd/MM/yyyy or '-'", () => {
    expect(voucherClaimDate('2026-03-05T12:00:00Z')).toBe('05/03/2026');
    expect(voucherClaimDate(null)).toBe('-');
  });
});

describe('§4 Voucher: discount text', () => {
  it('prefers the percentage, then the amount with its currency sign, else nothing (N/A)', () => {
    expect(voucherDiscount({ percentage: 15, amount: 10, currency: 'EUR' })).toBe('15%');
    expect(
      voucherDiscount({ percentage: 0, amount: 1250.5, currency: 'EUR' }, { decimalSep: ',', thousandSep: '.' }),
    ).toBe('€ 1.250,50');
    expect(voucherDiscount({ percentage: 0, amount: 0, currency: 'EUR' })).toBeNull();
  });
});

describe('§2 Vouchers: the right-hand mark', () => {
  it('is expired when expired, claimed when claimed, else the claim action', () => {
    expect(voucherState(voucher({ isExpired: true, claimDate: '2026-01-01T00:00:00Z' }))).toBe('expired');
    expect(voucherState(voucher({ claimDate: '2026-01-01T00:00:00Z' }))).toBe('claimed');
    expect(voucherState(voucher({}))).toBe('claimable');
  });
});

describe('§2 Vouchers: grouped by campaign', () => {
  it('sums the used counts per campaign and keeps the order campaigns appear in', () => {
    const groups = groupVouchers([
      voucher({ id: 1, campaignId: 7, campaign: 'Winter', used: 2, expireDate: '2026-01-01T00:00:00Z' }),
      voucher({ id: 2, campaignId: 3, campaign: 'Spring', used: 1 }),
      voucher({ id: 3, campaignId: 7, campaign: 'Winter', used: 3, expireDate: '2026-06-01T00:00:00Z' }),
    ]);
    expect(groups.map((g) => [g.campaign, g.used, g.vouchers.map((v) => v.id)])).toEqual([
      ['Winter', 5, [1, 3]],
      ['Spring', 1, [2]],
    ]);
    expect(groups[0]?.expireDate).toBe('2026-06-01T00:00:00Z');
  });

  it('has no group expiry when one of its vouchers never expires', () => {
    const [group] = groupVouchers([
      voucher({ id: 1, expireDate: '2026-01-01T00:00:00Z' }),
      voucher({ id: 2, expireDate: null }),
    ]);
    expect(group?.expireDate).toBeNull();
  });
});
