import { describe, expect, it } from 'vitest';
import { claimCodeErrorKey } from './claim-code-error';

describe('Vouchers: the message when adding a voucher by its code fails', () => {
  it('DESIGN §4 an unknown, ended or used-up code (404) or a malformed one (400) reads as unknown', () => {
    expect(claimCodeErrorKey(404)).toBe('ac_VoucherCodeUnknown');
    expect(claimCodeErrorKey(400)).toBe('ac_VoucherCodeUnknown');
  });

  it('a code of a campaign the shopper already holds (409) can no longer be used', () => {
    expect(claimCodeErrorKey(409)).toBe('ac_VoucherCodeNotClaimable');
  });

  it('DESIGN §6 too many attempts (429), a server fault or no connection ask to try again, never call the code dead', () => {
    for (const status of [429, 500, 503, 0]) expect(claimCodeErrorKey(status)).toBe('ac_GenericError');
  });
});
