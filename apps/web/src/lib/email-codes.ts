/**
 * The verified-email calls (issue 19): a code to the address waiting for confirmation (or the
 * unverified email), its check, and dropping a change that was not confirmed. Each answers the
 * account, which replaces the cached one. Apart from lib/email-verification.ts, whose checks the
 * overview's first screen uses: these load with the code popup and the email status.
 */
import { useMutation } from '@tanstack/react-query';
import { useSetAccount } from './account';
import { call } from './api';

export function useSendEmailCode() {
  return useMutation({ mutationFn: () => call('sendEmailCode', { body: {} }) });
}

export function useVerifyEmail() {
  const setAccount = useSetAccount();
  return useMutation({
    mutationFn: (code: string) => call('verifyEmail', { body: { code } }),
    onSuccess: (account) => setAccount(account),
  });
}

export function useCancelEmailChange() {
  const setAccount = useSetAccount();
  return useMutation({
    mutationFn: () => call('cancelEmailChange'),
    onSuccess: (account) => setAccount(account),
  });
}
