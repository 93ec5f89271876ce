/**
 * The signed-in shopper's account, shared by every screen. "Reload account" (spec §4, §7: after
 * every change) refetches it, and every view that reads it refreshes.
 */
import type { Account, BodyIn } from '@account/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from './api';
import { accountQuery } from './queries';

/** The account inside guarded screens, where the guard has made sure it exists. */
export function useAccount(): Account {
  const { data } = useQuery(accountQuery);
  if (!data) throw new Error('useAccount is for screens behind the account guard');
  return data;
}

export function useReloadAccount(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: accountQuery.queryKey }), [queryClient]);
}

/** Loads the account afresh into the cache and answers it, for a decision that needs it current. */
export function useFetchAccount(): () => Promise<Account | null> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery({ ...accountQuery, staleTime: 0 }), [queryClient]);
}

/** Puts an account the server answered into the cache (no extra request). */
export function useSetAccount(): (account: Account) => void {
  const queryClient = useQueryClient();
  return useCallback((account: Account) => queryClient.setQueryData(accountQuery.queryKey, account), [queryClient]);
}

/** Saves profile fields (edit profile, the profile wizard); the answered account replaces the cached one. */
export function useUpdateAccount() {
  const setAccount = useSetAccount();
  return useMutation({
    mutationFn: (body: BodyIn<'updateAccount'>) => call('updateAccount', { body }),
    onSuccess: (saved) => setAccount(saved),
  });
}
