/**
 * The calls of the step-up dialog (issue 44): which address an emailed code can confirm with (the
 * account's verified email, when sign-in by email is on), the code itself (a sign-in by code in
 * this browser: a fresh session for the same account), and signing in again from the login page,
 * which brings the shopper back to the page they were on.
 */
import { AUTHENTICATED_REDIRECT_COOKIE } from '@account/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api';
import { writeCookie } from './cookies';
import { paths } from './paths';
import { announceLogout } from './session-events';

/** The verified address a code can confirm with, or null: asked afresh each time the dialog opens. */
export const confirmByEmailQuery = queryOptions({
  queryKey: ['step-up', 'email'],
  queryFn: async ({ signal }) => (await call('getSignInMethods', { signal })).emailSignIn,
  staleTime: 0,
});

export const sendConfirmationCode = async (email: string) =>
  (await call('loginEmailCode', { body: { email } })).emailVerifyExpireIn;

/** Signs in again with the emailed code; answers the account of the fresh session. */
export const confirmWithCode = (email: string, code: string) => call('loginEmail', { body: { email, code } });

/** Signs out and opens the login page; after the sign-in the shopper lands on this page again. */
export async function signInAgainHere(): Promise<void> {
  writeCookie(AUTHENTICATED_REDIRECT_COOKIE, encodeURIComponent(`${location.pathname}${location.search}`));
  await call('logout', { body: {} }).catch(() => undefined);
  announceLogout();
  window.location.assign(paths.login);
}
