/**
 * Signs in through the real company single-sign-on flow against the demo identity provider:
 * start path -> authorize page -> pick a shopper -> callback (the server exchanges the code over
 * HTTP and verifies the ID token) -> session.
 */
import { Account } from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TestBrowser } from './browser.js';
import type { HttpBrowser } from './http-browser.js';
import { api, type TestServer } from './test-app.js';

/** A browser of app.inject() or of real HTTP: the sign-in steps are the same. */
type Browser = Pick<TestBrowser | HttpBrowser, 'request' | 'open'>;

export async function startSignIn(browser: Browser): Promise<URL> {
  const start = await browser.request('/sso/start');
  expect(start.statusCode).toBe(200);
  return new URL(start.body);
}

/** Chooses a shopper on the demo provider's page; returns the callback redirect response. */
export async function chooseShopper(browser: Browser, authorizeUrl: URL, subject: string) {
  const page = await browser.request(`${authorizeUrl.pathname}${authorizeUrl.search}`);
  expect(page.statusCode).toBe(200);
  const form = new URLSearchParams({ ...Object.fromEntries(authorizeUrl.searchParams), subject });
  const chosen = await browser.request({
    method: 'POST',
    url: authorizeUrl.pathname,
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(chosen.statusCode).toBe(303);
  return new URL(String(chosen.headers.location));
}

export async function signIn(browser: Browser, subject: string): Promise<void> {
  await browser.open();
  const callback = await chooseShopper(browser, await startSignIn(browser), subject);
  const landed = await browser.request(`${callback.pathname}${callback.search}`);
  expect(landed.statusCode).toBe(303);
  expect(landed.headers.location).toBe('/account/');
}

/**
 * Signs in through the demo identity provider as whoever holds `email` (its "with this email
 * address" choice, which asserts the address verified); answers the callback's response.
 */
export async function signInByEmail(browser: Browser, email: string) {
  await browser.open();
  const authorize = await startSignIn(browser);
  const chosen = await browser.request({
    method: 'POST',
    url: authorize.pathname,
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), subject: 'email', email }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const callback = new URL(String(chosen.headers.location));
  return browser.request(`${callback.pathname}${callback.search}`);
}

/** A token sign-in sent without the X-XSRF-TOKEN header: 403 xsrf_token_invalid, and still signed out. */
export async function expectXsrfRefused(browser: TestBrowser, url: string, body: unknown): Promise<void> {
  const response = await browser.request({ method: 'POST', url, body, withoutXsrf: true });
  expect(response.statusCode).toBe(403);
  expect(response.json().code).toBe('xsrf_token_invalid');
  expect((await browser.request(api('/shopuser/me'))).statusCode).toBe(401);
}

/** The signed-in shopper's account, as GET /shopuser/me answers it. */
export async function accountOf(browser: Browser): Promise<Account> {
  const response = await browser.request(api('/shopuser/me'));
  expect(response.statusCode, response.body).toBe(200);
  return Account.parse(response.json());
}

/** A browser of app.inject() signed in as the demo provider's shopper `subject`. */
export async function signedIn(server: TestServer, subject: string): Promise<TestBrowser> {
  const browser = new TestBrowser(server.app);
  await signIn(browser, subject);
  return browser;
}

/** A refused token sign-in: 401 sign_in_rejected, no session cookie, and still signed out. */
export async function expectRejected(browser: TestBrowser, response: LightMyRequestResponse): Promise<void> {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ status: 401, code: 'sign_in_rejected', message: expect.any(String) });
  expect(response.cookies.find((c) => c.name === 'account_session')).toBeUndefined();
  expect((await browser.request('/account/api/v1/shopuser/me')).statusCode).toBe(401);
}
