import type { Address } from '@account/contract';
import { describe, expect, it } from 'vitest';
import { addressSlots } from './address-slots';

const address = (addressId: number, isBilling = false, isShipping = false) =>
  ({ addressId, isBilling, isShipping }) as Address;

describe('§4 Set default: the lists are rebuilt from the flags', () => {
  it('puts isBilling in the billing slot, isShipping in the shipping slot, the rest in others', () => {
    const slots = addressSlots([address(1), address(2, true), address(3, false, true), address(4)]);
    expect(slots.billing?.addressId).toBe(2);
    expect(slots.shipping?.addressId).toBe(3);
    expect(slots.others.map((a) => a.addressId)).toEqual([1, 4]);
  });

  it('shows an address that is both defaults in both slots and not among the others', () => {
    const slots = addressSlots([address(1, true, true), address(2)]);
    expect(slots.billing?.addressId).toBe(1);
    expect(slots.shipping?.addressId).toBe(1);
    expect(slots.others.map((a) => a.addressId)).toEqual([2]);
  });

  it('leaves a slot empty when no address has its flag', () => {
    expect(addressSlots([address(1)])).toEqual({ billing: null, shipping: null, others: [address(1)] });
  });
});
