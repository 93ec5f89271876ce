import { describe, expect, it } from 'vitest';
import { VoucherClaimResult, VoucherCodeParams } from './vouchers.js';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (result: Result) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

describe('§7 POST /voucher/claim/{code}', () => {
  it('§7 claim by code: the code is taken as text and trimmed', () => {
    expect(VoucherCodeParams.parse({ code: ' SUMMER-24 ' })).toEqual({ code: 'SUMMER-24' });
  });

  it('§7 claim by code: an empty or blank code is refused with ac_FieldInvalidMessage', () => {
    for (const code of ['', '   ']) {
      expect(issues(VoucherCodeParams.safeParse({ code }))).toEqual([
        { path: 'code', message: 'ac_FieldInvalidMessage' },
      ]);
    }
  });

  it('§7 claim by code: a code longer than 64 characters is refused with ac_FieldInvalidMessage', () => {
    expect(VoucherCodeParams.safeParse({ code: 'C'.repeat(64) }).success).toBe(true);
    expect(issues(VoucherCodeParams.safeParse({ code: 'C'.repeat(65) }))).toEqual([
      { path: 'code', message: 'ac_FieldInvalidMessage' },
    ]);
  });
});

describe('§7 Voucher claim by voucher id reads claimDate and code from the response', () => {
  it('§7 the claim result carries the code and the claim date', () => {
    const result = { code: 'ABC-123', claimDate: '2024-06-15T12:00:00.000Z' };
    expect(VoucherClaimResult.parse(result)).toEqual(result);
    expect(VoucherClaimResult.safeParse({ code: 'ABC-123' }).success).toBe(false);
    expect(VoucherClaimResult.safeParse({ claimDate: '2024-06-15T12:00:00.000Z' }).success).toBe(false);
  });
});
