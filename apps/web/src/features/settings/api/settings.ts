/** The settings' server calls (spec §7): country, language and currency; interests and newsletters. */
import type { BodyIn } from '@account/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { accountQuery, localizeQuery } from '@/lib/queries';

/** Saves one of country, language and currency; the answer replaces the cached localisation. */
export function useUpdateLocalize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<'updateLocalize'>) => call('updateLocalize', { body }),
    onSuccess: (next) => queryClient.setQueryData(localizeQuery.queryKey, next),
  });
}

/** The account keeps the saved ids, so other screens and a later visit see them without a reload. */
function usePatchAccount() {
  const queryClient = useQueryClient();
  return (ids: Partial<{ interestIds: number[]; newsletterIds: number[] }>) =>
    queryClient.setQueryData(accountQuery.queryKey, (current) => (current ? { ...current, ...ids } : current));
}

export function useUpdateInterests() {
  const patchAccount = usePatchAccount();
  return useMutation({
    mutationFn: (interestIds: number[]) => call('updateInterests', { body: { interestIds } }),
    onSuccess: (_answer, interestIds) => patchAccount({ interestIds }),
  });
}

export function useUpdateNewsletters() {
  const patchAccount = usePatchAccount();
  return useMutation({
    mutationFn: (newsletterIds: number[]) => call('updateNewsletters', { body: { newsletterIds } }),
    onSuccess: (_answer, newsletterIds) => patchAccount({ newsletterIds }),
  });
}
