/**
 * The durability run's rule on default addresses (§4 Address book): what it must accept and what it
 * must catch. The run itself is durability.test.ts; here the rule meets the books it judges.
 */
import { describe, expect, it } from 'vitest';
import {
  badAddressDefaults,
  type ShopperBefore,
  type StoredAddressRoles,
  type WriteAttempt,
} from '../reliability/durability-checks.js';

const SHOPPER = 2;
const before = (count: number, isBilling: boolean, isShipping: boolean): ShopperBefore => ({
  claimedAchievements: new Set(),
  claimedVouchers: new Set(),
  vouchers: new Set(),
  addressBook: { count, isBilling, isShipping },
});
const row = (street: string, isBilling: boolean, isShipping: boolean): StoredAddressRoles => ({
  shopperId: SHOPPER,
  street,
  isBilling: isBilling ? 1 : 0,
  isShipping: isShipping ? 1 : 0,
});
let seq = 0;
const attempt = (street: string, IsBilling: boolean, IsShipping: boolean): WriteAttempt => ({
  seq: seq++,
  shopperId: SHOPPER,
  kind: 'address',
  value: street,
  sent: { IsBilling, IsShipping },
  result: 'acked',
});

describe('Durability: every shopper keeps the default addresses the rules give', () => {
  it('a book with a default billing address only (Sofia) may stay without a delivery one when no address asked for it', () => {
    const addresses = [row('home', true, false), row('run 1', false, false), row('run 2', false, false)];
    const attempts = [attempt('run 1', false, false), attempt('run 2', false, false)];
    expect(badAddressDefaults(SHOPPER, before(1, true, false), addresses, attempts)).toEqual([]);
  });

  it('a stored address that asked to be the delivery one holds the role', () => {
    const attempts = [attempt('run 1', false, true)];
    const lost = [row('home', true, false), row('run 1', false, false)];
    expect(badAddressDefaults(SHOPPER, before(1, true, false), lost, attempts)).toEqual([
      'shopper 2: 2 addresses, 1 default billing, 0 default delivery (expected 1 and 1)',
    ]);
    const kept = [row('home', true, false), row('run 1', false, true)];
    expect(badAddressDefaults(SHOPPER, before(1, true, false), kept, attempts)).toEqual([]);
  });

  it("an empty book's first address takes both roles", () => {
    const attempts = [attempt('run 1', false, false), attempt('run 2', false, false)];
    expect(
      badAddressDefaults(
        SHOPPER,
        before(0, false, false),
        [row('run 1', true, true), row('run 2', false, false)],
        attempts,
      ),
    ).toEqual([]);
    expect(
      badAddressDefaults(
        SHOPPER,
        before(0, false, false),
        [row('run 1', true, false), row('run 2', false, false)],
        attempts,
      ),
    ).toEqual(['shopper 2: 2 addresses, 1 default billing, 0 default delivery (expected 1 and 1)']);
  });

  it('a role is never held twice, and a role the book had is never lost', () => {
    const attempts = [attempt('run 1', true, false)];
    expect(
      badAddressDefaults(
        SHOPPER,
        before(1, true, true),
        [row('home', true, true), row('run 1', true, false)],
        attempts,
      ),
    ).toEqual(['shopper 2: 2 addresses, 2 default billing, 1 default delivery (expected 1 and 1)']);
    expect(
      badAddressDefaults(
        SHOPPER,
        before(1, true, true),
        [row('home', false, false), row('run 1', true, false)],
        attempts,
      ),
    ).toEqual(['shopper 2: 2 addresses, 1 default billing, 0 default delivery (expected 1 and 1)']);
  });

  it('a request that was refused before it reached a server asked for nothing', () => {
    const refused = { ...attempt('never', false, true), result: 'refused' as const };
    expect(badAddressDefaults(SHOPPER, before(1, true, false), [row('home', true, false)], [refused])).toEqual([]);
  });
});
