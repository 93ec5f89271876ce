/**
 * Whether an email address waits for confirmation (issue 19), and whether the shop can ask for it.
 * The calls that confirm it are in lib/email-codes.ts.
 */
import type { Account } from '@account/contract';
import { useSiteConfig } from './config-context';

/** Whether the shop can send email: without it no address can be proven, so nothing offers to. */
export const useEmailCodesOn = (): boolean => useSiteConfig().emailSignIn;

/** Navigation state asking the overview to open the code popup (after saving a new address). */
export const VERIFY_EMAIL_STATE = { verifyEmail: true } as const;

/** Whether the navigation state asks for the code popup. */
export const asksToVerifyEmail = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'verifyEmail' in state && state.verifyEmail === true;

/** Whether the account has an address to confirm. */
export const needsEmailVerification = (account: Account): boolean =>
  account.pendingEmail !== null || (!account.isEmailVerified && account.email !== '');
