/** The settings' server calls (spec §7): country, language and currency; interests and newsletters. */
import type { BodyIn } from '@account/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { accountQuery, localizeQuery } from '@/lib/queries';

/** §7: PATCH /localize carries country, language and currency together, also when one changes. */
type LocalizeChoice = Required<BodyIn<'updateLocalize'>>;

/** Saves the shopper's country, language and currency; the answer replaces the cached localisation. */
export function useUpdateLocalize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocalizeChoice) => call('updateLocalize', { body }),
    onSuccess: (next) => queryClient.setQueryData(localizeQuery.queryKey, next),
  });
}

/** The account keeps the saved ids, so other screens and a later visit see them without a reload. */
function usePatchAccount() {
  const queryClient = useQueryClient();
  return (ids: Partial<{ interestIds: number[]; newsletterIds: number[] }>) =>
    queryClient.setQueryData(accountQuery.queryKey, (current) => (current ? { ...current, ...ids } : current));
}

/** The chosen ids; `keepalive` when the shopper is leaving the page and the save must outlive it. */
interface ChoiceSave {
  ids: number[];
  keepalive?: boolean;
}

export function useUpdateInterests() {
  const patchAccount = usePatchAccount();
  return useMutation({
    mutationFn: ({ ids, keepalive }: ChoiceSave) => call('updateInterests', { body: { interestIds: ids }, keepalive }),
    onSuccess: (_answer, { ids }) => patchAccount({ interestIds: ids }),
  });
}

export function useUpdateNewsletters() {
  const patchAccount = usePatchAccount();
  return useMutation({
    mutationFn: ({ ids, keepalive }: ChoiceSave) =>
      call('updateNewsletters', { body: { newsletterIds: ids }, keepalive }),
    onSuccess: (_answer, { ids }) => patchAccount({ newsletterIds: ids }),
  });
}
