/**
 * The sign-in calls (spec §7): token providers answer the account, redirect providers a URL.
 * They run inside a provider's flow (use-provider-sign-in), which puts the account in the cache
 * through sign-in-complete, so they are plain requests rather than mutation hooks.
 */
import type { Account, BodyIn } from '@account/contract';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
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

/**
 * Signs in with a passkey (issue 20): the server's challenge for this browser, the browser's own
 * prompt (or, with `autofill`, the passkeys it offers in the email field's suggestions), then the
 * server checks the signed answer. The WebAuthn library loads only when a passkey is used.
 */
export async function signInWithPasskey(autofill = false): Promise<Account> {
  const [{ startAuthentication }, { options }] = await Promise.all([
    import('@simplewebauthn/browser'),
    call('passkeySignInOptions', { body: {} }),
  ]);
  // why: the contract carries the options as an open record; they are the server library's
  // PublicKeyCredentialRequestOptionsJSON, which the browser library takes as they are.
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const credential = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return call('loginPasskey', { body: { credential } });
}

/** Stops a passkey prompt still waiting (the autofill one, when the page goes). */
export async function cancelPasskeyPrompt(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser');
  WebAuthnAbortService.cancelCeremony();
}
