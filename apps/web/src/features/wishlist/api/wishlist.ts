/** The wishlist's server call (spec §7 DELETE /wishlist?ids=): removes products, then reloads the account. */
import type { Product } from '@account/contract';
import { useMutation } from '@tanstack/react-query';
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
