/**
 * The overview's own server calls (spec §7): the parcels on their way (issue 46), the phone
 * verification code and check, removing a recently viewed product. The profile wizard saves
 * through lib/account's useUpdateAccount.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { useReloadAccount } from '@/lib/account';
import { call } from '@/lib/api';
import { takeScreenAnswer } from '@/lib/embedded-answers';

/** Every parcel of the shopper's orders not delivered yet, for the "On the way" card. */
export const onTheWayQuery = queryOptions({
  queryKey: ['shipments', 'on-the-way'],
  queryFn: ({ signal }) => call('listShipmentsOnTheWay', { signal }),
  // Answered in the page the overview opens with (http/spa.ts), as fresh as a request made then.
  initialData: () => takeScreenAnswer('listShipmentsOnTheWay'),
  initialDataUpdatedAt: () => performance.timeOrigin,
  staleTime: (cached) => (cached.state.dataUpdateCount === 0 ? PAGE_ANSWER_FRESH_MS : 0),
});

/** How long the parcels the page came with count as fresh. */
const PAGE_ANSWER_FRESH_MS = 30_000;

/** Sends a verification code by SMS; the answer says for how many seconds it stays valid. */
export function useSendVerifySms() {
  return useMutation({ mutationFn: () => call('sendVerifySms', { body: {} }) });
}

/** Checks the code; the answer is the account with the number verified. */
export function useVerifyTelephone() {
  return useMutation({ mutationFn: (code: string) => call('verifyTelephoneNumber', { body: { code } }) });
}

export function useRemoveLastViewed() {
  const reloadAccount = useReloadAccount();
  return useMutation({
    mutationFn: (productId: number) => call('removeLastViewProduct', { params: { productId } }),
    onSuccess: () => reloadAccount(),
  });
}
