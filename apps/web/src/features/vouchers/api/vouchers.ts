/** The vouchers' server calls (spec §7): claim a voucher's code, add a voucher by its code. */
import type { Voucher } from '@account/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReloadAccount } from '@/lib/account';
import { call } from '@/lib/api';
import { accountQuery } from '@/lib/queries';

/** The response carries the code and claim date (§7); the account is patched, not refetched. */
export function useClaimVoucherById() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (voucher: Voucher) => call('claimVoucherById', { params: { id: voucher.id } }),
    onSuccess: (result, voucher) =>
      queryClient.setQueryData(accountQuery.queryKey, (account) =>
        account
          ? {
              ...account,
              vouchers: account.vouchers.map((v) =>
                v.id === voucher.id ? { ...v, code: result.code, claimDate: result.claimDate } : v,
              ),
            }
          : account,
      ),
  });
}

/** A new voucher lands in the account, which is reloaded. */
export function useClaimVoucherByCode() {
  const reloadAccount = useReloadAccount();
  return useMutation({
    mutationFn: (code: string) => call('claimVoucherByCode', { params: { code } }),
    onSuccess: () => reloadAccount(),
  });
}
