/**
 * The sign-in calls (spec §7): token providers answer the account, redirect providers a URL.
 * They run inside a provider's flow (use-provider-sign-in), which puts the account in the cache
 * through sign-in-complete, so they are plain requests rather than mutation hooks.
 */
import type { BodyIn } from '@account/contract';
import { call } from '@/lib/api';

/** A single-use nonce for Apple's popup, remembered by the server for this browser. */
export const appleNonce = () => call('appleNonce');

export const loginWith = {
  google: (credential: string, clientId: string) => call('loginGoogle', { body: { credential, clientId } }),
  facebook: (token: string) => call('loginFacebook', { body: { token } }),
  apple: (token: string) => call('loginApple', { body: { token } }),
  telegram: (body: BodyIn<'loginTelegram'>) => call('loginTelegram', { body }),
  steam: () => call('loginSteam', { body: {} }),
  auth0: () => call('loginAuth0', { body: {} }),
  /** Emails a sign-in code (issue 19); the same answer whether or not the address has an account. */
  emailCode: (email: string) => call('loginEmailCode', { body: { email } }),
  email: (email: string, code: string) => call('loginEmail', { body: { email, code } }),
};
