/**
 * Issue 44, security 1: one step-up rule for every call that adds, removes or replaces a way into
 * the account. A session whose sign-in is older than RECENT_SIGN_IN (a stolen cookie, a computer
 * left signed in) gets the same 403 from each of them and changes nothing; a fresh sign-in in the
 * same browser (here the emailed code, as the web's confirmation dialog does it) lets it through.
 * On SQLite and PostgreSQL.
 */
import { Account, endpoints, SignInMethods } from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from './support/authenticator.js';
import { TestBrowser } from './support/browser.js';
import { endpointNames, securityCentreSuite, telegramLogin } from './support/security.js';
import { api, databaseKind } from './support/test-app.js';

const METHODS = api('/security/sign-in-methods');
const PASSKEY_OPTIONS = api('/security/passkeys/options');
const PASSKEYS = api('/security/passkeys');
const UPDATE = api('/shopUser/updateAccount');
const ME = api('/shopuser/me');
const WINDOW_SECONDS = 600;
const STEP_UP_ANSWER = {
  status: 403,
  code: 'recent_sign_in_required',
  message: 'Confirm it is you: sign in again, then repeat this',
};

const { server, smtp } = securityCentreSuite({
  EMAIL_CODE_RESEND_INTERVAL: '0',
  RECENT_SIGN_IN: String(WINDOW_SECONDS),
});

const post = (browser: TestBrowser, url: string, body: unknown = {}) => browser.request({ method: 'POST', url, body });
const methodsOf = async (browser: TestBrowser) => SignInMethods.parse((await browser.request(METHODS)).json());

/** Moves the shopper's sign-ins `seconds` into the past, as if the session had stayed open that long. */
async function ageSessions(shopperId: number, seconds: number) {
  await server()
    .app.db.kysely.updateTable('sessions')
    .set({ createdAt: new Date(Date.now() - seconds * 1000).toISOString() })
    .where('shopperId', '=', shopperId)
    .execute();
}

const expectStepUp = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual(STEP_UP_ANSWER);
};

/** Signs this browser in with a code emailed to `email` (a new address makes a new account). */
async function signInWithCode(browser: TestBrowser, email: string): Promise<number> {
  await browser.open();
  const before = smtp().messages.length;
  const asked = await post(browser, api('/login/email/code'), { Email: email });
  expect(asked.statusCode, asked.body).toBe(200);
  let code: string | undefined;
  for (let count = before + 1; code === undefined; count++) {
    await smtp().waitFor(count);
    code = smtp()
      .messages.slice(before)
      .find((m) => m.envelope.to.includes(email))
      ?.mail.text?.match(/\b(\d{6})\b/)?.[1];
  }
  const signedIn = await post(browser, api('/login/email'), { Email: email, Code: code });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return Account.parse(signedIn.json()).id;
}

async function addPasskey(browser: TestBrowser, authenticator: SoftwareAuthenticator) {
  const started = await post(browser, PASSKEY_OPTIONS);
  if (started.statusCode !== 200) return started;
  const { options } = started.json() as { options: Record<string, unknown> };
  return post(browser, PASSKEYS, { name: 'Laptop', credential: authenticator.create(options) });
}

describe(`issue 44: one step-up rule for every new, removed or replaced way in (${databaseKind})`, () => {
  it('the calls marked stepUp in the route table are exactly those that add, remove or replace a way in', () => {
    expect(endpointNames.filter((name) => 'stepUp' in endpoints[name]).sort()).toEqual(
      ['addPasskey', 'passkeyRegistrationOptions', 'removeIdentity', 'removePasskey', 'startLink'].sort(),
    );
  });

  it('a session signed in 2 hours ago gets the same 403 from passkey add/remove and method link/unlink, and nothing changes', async () => {
    const browser = new TestBrowser(server().app);
    await browser.open();
    const login = await post(browser, api('/login/telegram'), telegramLogin());
    const shopperId = Account.parse(login.json()).id;
    const authenticator = new SoftwareAuthenticator(server().baseUrl);
    const added = await addPasskey(browser, authenticator);
    expect(added.statusCode, added.body).toBe(200);
    const before = await methodsOf(browser);
    const [identity] = before.identities;
    const [passkey] = before.passkeys;
    if (!identity || !passkey) throw new Error('the shopper has a linked identity and a passkey');
    // A ceremony begun while the sign-in was fresh, answered after it aged.
    const begun = (await post(browser, PASSKEY_OPTIONS)).json() as { options: Record<string, unknown> };
    const late = { name: 'Late', credential: new SoftwareAuthenticator(server().baseUrl).create(begun.options) };

    await ageSessions(shopperId, 2 * 3600);
    expectStepUp(await post(browser, PASSKEY_OPTIONS));
    expectStepUp(await post(browser, PASSKEYS, late));
    expectStepUp(await browser.request({ method: 'DELETE', url: api(`/security/passkeys/${passkey.id}`) }));
    expectStepUp(await browser.request({ method: 'DELETE', url: api(`/security/identities/${identity.id}`) }));
    const link = await post(browser, api('/security/identities/link/google'));
    expectStepUp(link);
    expect(String(link.headers['set-cookie'] ?? ''), 'no link was started').not.toContain('account_link');
    expect(await methodsOf(browser)).toEqual(before);
  });

  it('a verified email is replaced only by a recent sign-in: the same 403, and nothing of the form is saved', async () => {
    const email = `step-up.email.${Date.now()}@example.com`;
    const browser = new TestBrowser(server().app);
    const shopperId = await signInWithCode(browser, email);
    await ageSessions(shopperId, 2 * 3600);
    expectStepUp(await post(browser, UPDATE, { Email: `moved.${email}`, FirstName: 'Mallory' }));
    expect(Account.parse((await browser.request(ME)).json())).toMatchObject({ email, pendingEmail: null });
  });

  it(`the window is RECENT_SIGN_IN (${WINDOW_SECONDS} s here), the same for every call`, async () => {
    const browser = new TestBrowser(server().app);
    await browser.open();
    const shopperId = Account.parse((await post(browser, api('/login/telegram'), telegramLogin())).json()).id;
    await ageSessions(shopperId, WINDOW_SECONDS - 60);
    expect((await post(browser, PASSKEY_OPTIONS)).statusCode).toBe(200);
    await ageSessions(shopperId, WINDOW_SECONDS + 60);
    expectStepUp(await post(browser, PASSKEY_OPTIONS));
  });

  it('confirming with the emailed code in the same browser (a fresh sign-in) lets the refused call through', async () => {
    const email = `step-up.code.${Date.now()}@example.com`;
    const browser = new TestBrowser(server().app);
    const shopperId = await signInWithCode(browser, email);
    await ageSessions(shopperId, 2 * 3600);
    const authenticator = new SoftwareAuthenticator(server().baseUrl);
    expectStepUp(await addPasskey(browser, authenticator));

    expect(await signInWithCode(browser, email), 'the same account').toBe(shopperId);
    const added = await addPasskey(browser, authenticator);
    expect(added.statusCode, added.body).toBe(200);
    expect((await methodsOf(browser)).passkeys).toHaveLength(1);
  });
});
