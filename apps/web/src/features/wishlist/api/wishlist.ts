/**
 * The wishlist's server calls: removing products (spec §7 DELETE /wishlist?ids=, then the account
 * reloads), and each item's state and alert (issue 47), which the answers of a change replace.
 */
import type { Product, WishlistAlerts } from '@account/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useReloadAccount } from '@/lib/account';
import { call } from '@/lib/api';

export function useRemoveWishlist() {
  const reloadAccount = useReloadAccount();
  return useMutation({
    mutationFn: (products: readonly Product[]) =>
      call('removeWishlist', { query: { ids: products.map((p) => p.productId).join(',') } }),
    onSuccess: () => reloadAccount(),
  });
}

export const wishlistAlertsQuery = queryOptions({
  queryKey: ['wishlistAlerts'],
  queryFn: () => call('getWishlistAlerts'),
});

function useSetAlerts() {
  const queryClient = useQueryClient();
  return (alerts: WishlistAlerts) => queryClient.setQueryData(wishlistAlertsQuery.queryKey, alerts);
}

/** Turns one item's alert on or off. */
export function useUpdateWishlistAlert() {
  const setAlerts = useSetAlerts();
  return useMutation({
    mutationFn: ({ productId, enabled }: { productId: number; enabled: boolean }) =>
      call('updateWishlistAlert', { params: { id: productId }, body: { enabled } }),
    onSuccess: setAlerts,
  });
}

/** Turns the alerts of the whole wishlist on or off, the items added later included. */
export function useUpdateWishlistAlerts() {
  const setAlerts = useSetAlerts();
  return useMutation({
    mutationFn: (enabled: boolean) => call('updateWishlistAlerts', { body: { enabled } }),
    onSuccess: setAlerts,
  });
}
