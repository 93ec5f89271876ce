/** The privacy card's server calls (issue 21): the data download and deleting the account. */
import type { DeleteAccountResponse } from '@account/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call, urlOf } from '@/lib/api';
import { downloadFile } from '@/lib/download';

/** How a deletion is confirmed here, and a deletion waiting for its day. */
export const privacyQuery = queryOptions({
  queryKey: ['privacy'],
  queryFn: () => call('getPrivacy'),
  // The recent-sign-in window ticks: asked again whenever the card shows.
  staleTime: 0,
});

/** Downloads the ZIP of everything stored about the shopper; rejects with the server's error. */
export const downloadMyData = () => downloadFile(urlOf('exportData'));

export function useSendDeletionCode() {
  return useMutation({ mutationFn: () => call('sendDeletionCode', { body: {} }) });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmation: { code: string } | { confirmation: string }): Promise<DeleteAccountResponse> =>
      call('deleteAccount', { body: confirmation }),
  });
}
