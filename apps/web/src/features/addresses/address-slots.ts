/**
 * §4 Set default: the address with isBilling goes in the billing slot, isShipping in the shipping
 * slot, the rest in others (an address that is both shows in both slots).
 */
import type { Address } from '@account/contract';

export interface AddressSlots {
  billing: Address | null;
  shipping: Address | null;
  others: Address[];
}

export function addressSlots(addresses: readonly Address[]): AddressSlots {
  return {
    billing: addresses.find((a) => a.isBilling) ?? null,
    shipping: addresses.find((a) => a.isShipping) ?? null,
    others: addresses.filter((a) => !a.isBilling && !a.isShipping),
  };
}
