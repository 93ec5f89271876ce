/**
 * The address book's server calls (spec §7): save (add or edit), change, delete, and the EU VAT
 * number check. Every change reloads the account, which holds the addresses.
 */
import type { Address, BodyIn } from '@account/contract';
import { useMutation } from '@tanstack/react-query';
import { useReloadAccount } from '@/lib/account';
import { call } from '@/lib/api';

/** Adds an address (no id yet) or replaces the one with the given id. */
export function useSaveAddress() {
  const reloadAccount = useReloadAccount();
  return useMutation({
    mutationFn: ({ body, addressId }: { body: BodyIn<'createAddress'>; addressId: number | null }) =>
      addressId === null ? call('createAddress', { body }) : call('updateAddress', { body: { ...body, addressId } }),
    onSuccess: () => reloadAccount(),
  });
}

/** Changes some of an address's fields, e.g. makes it the default billing address. */
export function useUpdateAddress() {
  const reloadAccount = useReloadAccount();
  return useMutation({
    mutationFn: (body: BodyIn<'updateAddress'>) => call('updateAddress', { body }),
    onSuccess: () => reloadAccount(),
  });
}

export function useDeleteAddress() {
  const reloadAccount = useReloadAccount();
  return useMutation({
    mutationFn: (address: Address) => call('deleteAddress', { params: { addressId: address.addressId } }),
    onSuccess: () => reloadAccount(),
  });
}

/** The server's EU VAT number check: resolves when valid, fails with 400 when not. */
export const validateVatNumber = (vatNumber: string, country: string) =>
  call('validateVatNumber', { body: { vatNumber, country } });
