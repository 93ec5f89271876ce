/**
 * The verified-email calls (issue 19): a code to the address waiting for confirmation (or the
 * unverified email), its check, and dropping a change that was not confirmed. Each answers the
 * account, which replaces the cached one.
 */
import type { Account } from '@account/contract';
import { useMutation } from '@tanstack/react-query';
import { useSetAccount } from './account';
import { call } from './api';
import { useSiteConfig } from './config-context';

/** Whether the shop can send email: without it no address can be proven, so nothing offers to. */
export const useEmailCodesOn = (): boolean => useSiteConfig().emailSignIn;

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

/** Navigation state asking the overview to open the code popup (after saving a new address). */
export const VERIFY_EMAIL_STATE = { verifyEmail: true } as const;

/** Whether the navigation state asks for the code popup. */
export const asksToVerifyEmail = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'verifyEmail' in state && state.verifyEmail === true;

/** Whether the account has an address to confirm. */
export const needsEmailVerification = (account: Account): boolean =>
  account.pendingEmail !== null || (!account.isEmailVerified && account.email !== '');
