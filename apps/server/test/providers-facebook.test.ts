/**
 * Facebook sign-in (spec §7 POST /login/facebook, §4 Login success, §8; issue 3 Providers and
 * Accounts and sessions): the access token is verified on the server through the Graph API
 * (debug_token under the app credentials, then /me with appsecret_proof), here against a local
 * stand-in that speaks the Graph API over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecretProof } from '../src/integrations/identity/facebook.js';
import { anonymous, TestBrowser } from './support/browser.js';
import { freePort } from './support/ports.js';
import { signIn } from './support/sign-in.js';
import { FACEBOOK_PREFIX, type FacebookStandIn, facebookStandIn } from './support/stand-ins/facebook.js';
import { type Served, serveStandIn } from './support/stand-ins/local-server.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

const APP_ID = '1234567890';
const APP_SECRET = 'stand-in-app-secret-0123456789abcdef';
const LOGIN = '/account/api/v1/login/facebook';
const ME = '/account/api/v1/shopuser/me';

let facebook: Served<FacebookStandIn>;
let server: TestServer;

const facebookEnv = (url: string) => ({
  FACEBOOK_APP_ID: APP_ID,
  FACEBOOK_APP_SECRET: APP_SECRET,
  FACEBOOK_GRAPH_URL: url,
});

beforeAll(async () => {
  facebook = await serveStandIn((app) => facebookStandIn(app, { appId: APP_ID, appSecret: APP_SECRET }));
  server = await startServer({ env: facebookEnv(`${facebook.baseUrl}${FACEBOOK_PREFIX}`) });
});
afterAll(async () => {
  await server?.close();
  await facebook?.close();
});

let userCounter = 0;
const newUserId = () => `10${Date.now()}${userCounter++}`;

const login = (browser: TestBrowser, token: string) =>
  browser.request({ method: 'POST', url: LOGIN, body: { Token: token } });

/** A refused sign-in: 401 with no detail (§8), and the browser is still signed out. */
async function expectRefused(browser: TestBrowser, response: Awaited<ReturnType<typeof login>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ status: 401, code: 'sign_in_rejected' });
  expect(browser.cookies.has('account_session')).toBe(false);
  expect((await browser.request(ME)).statusCode).toBe(401);
}

describe(`§7 POST /login/facebook {token}: success (${databaseKind})`, () => {
  it('§4 Login success: a first sign-in creates the shopper, flagged first-time login, named from the profile', async () => {
    const browser = await anonymous(server);
    const token = facebook.issueToken({
      userId: newUserId(),
      email: 'lena.fischer@example.com',
      firstName: 'Lena',
      lastName: 'Fischer',
    });
    const response = await login(browser, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Lena',
      lastName: 'Fischer',
      email: 'lena.fischer@example.com',
      firstTimeLogin: true,
    });
    expect(response.headers['cache-control']).toBe('no-store');
    const me = await browser.request(ME);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: response.json().id, firstName: 'Lena' });
  });

  it('reads the profile with the appsecret_proof of the token and the app credentials on debug_token', async () => {
    const browser = await anonymous(server);
    const token = facebook.issueToken({ userId: newUserId(), firstName: 'Proof', lastName: 'Reader' });
    expect((await login(browser, token)).statusCode).toBe(200);
    const debug = facebook.requests.findLast((r) => r.path === 'debug_token');
    expect(debug?.query).toMatchObject({ input_token: token, access_token: `${APP_ID}|${APP_SECRET}` });
    const profile = facebook.requests.findLast((r) => r.path === 'me');
    expect(profile?.query).toMatchObject({
      access_token: token,
      appsecret_proof: appSecretProof(APP_SECRET, token),
      fields: 'id,email,first_name,last_name',
    });
  });

  it('a repeated sign-in of the same person reuses the shopper', async () => {
    const userId = newUserId();
    const first = await login(
      await anonymous(server),
      facebook.issueToken({ userId, firstName: 'Again', lastName: 'Here' }),
    );
    const second = await login(
      await anonymous(server),
      facebook.issueToken({ userId, firstName: 'Again', lastName: 'Here' }),
    );
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
  });

  it('never keys an account on an unverified email: Emma’s address from Facebook makes a new shopper', async () => {
    const emma = new TestBrowser(server.app);
    await signIn(emma, 'demo-emma');
    const emmaAccount = (await emma.request(ME)).json();
    expect(emmaAccount.email).toBe('emma.devries@example.com');

    const browser = await anonymous(server);
    const token = facebook.issueToken({
      userId: newUserId(),
      email: 'emma.devries@example.com',
      firstName: 'Emma',
      lastName: 'Impostor',
    });
    const response = await login(browser, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).not.toBe(emmaAccount.id);
    expect(response.json()).toMatchObject({ lastName: 'Impostor', firstTimeLogin: true });
    expect((await emma.request(ME)).json()).toMatchObject({ id: emmaAccount.id, lastName: 'de Vries' });
  });

  it('a profile without an email address still signs in (the email is asked for during onboarding)', async () => {
    const response = await login(
      await anonymous(server),
      facebook.issueToken({ userId: newUserId(), firstName: 'No', lastName: 'Mail' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: '', firstName: 'No', firstTimeLogin: true });
  });
});

describe(`§8 Login failure: the token is verified through the Graph API (${databaseKind})`, () => {
  it('refuses a token issued to another app (debug_token app_id must be ours), before reading any profile', async () => {
    const browser = await anonymous(server);
    const profileReads = facebook.count('me');
    const token = facebook.issueToken({ userId: newUserId(), appId: '999999999', firstName: 'Other', lastName: 'App' });
    await expectRefused(browser, await login(browser, token));
    expect(facebook.count('me')).toBe(profileReads);
  });

  it('refuses a token that debug_token calls not valid (is_valid false), before reading any profile', async () => {
    const browser = await anonymous(server);
    const profileReads = facebook.count('me');
    const token = facebook.issueToken({ userId: newUserId(), valid: false, firstName: 'Logged', lastName: 'Out' });
    await expectRefused(browser, await login(browser, token));
    expect(facebook.count('me')).toBe(profileReads);
  });

  it('refuses an expired token even when debug_token still calls it valid, before reading any profile', async () => {
    const browser = await anonymous(server);
    const profileReads = facebook.count('me');
    const token = facebook.issueToken({
      userId: newUserId(),
      valid: true,
      expiresAt: Math.floor(Date.now() / 1000) - 60,
      firstName: 'Too',
      lastName: 'Late',
    });
    await expectRefused(browser, await login(browser, token));
    expect(facebook.count('me')).toBe(profileReads);
  });

  it('accepts a token that never expires (expires_at 0)', async () => {
    const token = facebook.issueToken({ userId: newUserId(), expiresAt: 0, firstName: 'Long', lastName: 'Lived' });
    expect((await login(await anonymous(server), token)).statusCode).toBe(200);
  });

  it('refuses a token unknown to the Graph API', async () => {
    const browser = await anonymous(server);
    await expectRefused(browser, await login(browser, 'EAAmadeUpToken'));
  });

  it('refuses when the profile (/me) belongs to another user than debug_token’s user_id', async () => {
    const browser = await anonymous(server);
    const token = facebook.issueToken({
      userId: newUserId(),
      profileId: newUserId(),
      firstName: 'Swapped',
      lastName: 'Profile',
    });
    await expectRefused(browser, await login(browser, token));
  });

  it('answers 401, not 500, when the Graph API fails with a server error', async () => {
    const browser = await anonymous(server);
    const token = facebook.issueToken({ userId: newUserId(), firstName: 'Bad', lastName: 'Day' });
    facebook.outage('server-error');
    try {
      await expectRefused(browser, await login(browser, token));
    } finally {
      facebook.outage(null);
    }
  });

  it('answers 401, not 500, when the Graph API does not answer within 5 s', async () => {
    const browser = await anonymous(server);
    const token = facebook.issueToken({ userId: newUserId(), firstName: 'Slow', lastName: 'Graph' });
    facebook.outage('hang');
    const started = Date.now();
    try {
      await expectRefused(browser, await login(browser, token));
    } finally {
      facebook.outage(null);
    }
    expect(Date.now() - started).toBeLessThan(7_000);
  }, 15_000);

  it('answers 401, not 500, when the Graph API cannot be reached', async () => {
    const unreachable = await startServer({ env: facebookEnv(`http://127.0.0.1:${await freePort()}/facebook`) });
    try {
      const browser = await anonymous(unreachable);
      const token = facebook.issueToken({ userId: newUserId(), firstName: 'Nobody', lastName: 'Home' });
      await expectRefused(browser, await login(browser, token));
    } finally {
      await unreachable.close();
    }
  });
});

describe(`§7 POST /login/facebook: bad input, XSRF, configuration (${databaseKind})`, () => {
  it('answers 400 with the field for a malformed body, without asking the Graph API', async () => {
    const browser = await anonymous(server);
    const asked = facebook.count('debug_token');
    for (const body of [{}, { Token: '' }, { Token: 42 }, { Token: 'x'.repeat(20_000) }]) {
      const response = await browser.request({ method: 'POST', url: LOGIN, body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, fields: { Token: 'ac_FieldInvalidMessage' } });
    }
    expect(facebook.count('debug_token')).toBe(asked);
    expect((await browser.request(ME)).statusCode).toBe(401);
  });

  it('answers 403 without the X-XSRF-TOKEN header, without asking the Graph API', async () => {
    const browser = await anonymous(server);
    const asked = facebook.count('debug_token');
    const token = facebook.issueToken({ userId: newUserId(), firstName: 'No', lastName: 'Xsrf' });
    const response = await browser.request({ method: 'POST', url: LOGIN, body: { Token: token }, withoutXsrf: true });
    expect(response.statusCode).toBe(403);
    expect(facebook.count('debug_token')).toBe(asked);
    expect((await browser.request(ME)).statusCode).toBe(401);
  });

  it('answers 404 when Facebook is not configured', async () => {
    const plain = await startServer();
    try {
      const browser = await anonymous(plain);
      const token = facebook.issueToken({ userId: newUserId(), firstName: 'Not', lastName: 'Here' });
      expect((await login(browser, token)).statusCode).toBe(404);
      expect((await plain.app.inject('/account/api/v1/setting')).json()).toMatchObject({ facebookAppId: null });
    } finally {
      await plain.close();
    }
  });
});
