/**
 * Steam sign-in (spec §7 POST /login/steam -> {redirectUrl}, §4 Login success, §8; issue 3
 * Providers: "the return is verified with check_authentication and all the checks OpenID 2.0
 * requires (mode, op_endpoint, claimed_id pattern, signed fields, return_to)"), against a local
 * stand-in OpenID 2.0 provider. The stand-in signs even tampered assertions, so its
 * check_authentication says is_valid:true and each refusal below comes from our own check.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_SIGNED_FIELDS } from '../src/integrations/identity/steam.js';
import { anonymous, type TestBrowser } from './support/browser.js';
import { type Served, serveStandIn } from './support/stand-ins/local-server.js';
import { type SteamStandIn, steamStandIn } from './support/stand-ins/steam.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

const START = '/account/api/v1/login/steam';
const CALLBACK = '/account/api/v1/login/steam/callback';
const ME = '/account/api/v1/shopuser/me';

let steam: Served<SteamStandIn>;
let server: TestServer;

beforeAll(async () => {
  steam = await serveStandIn((app, baseUrl) => steamStandIn(app, { baseUrl }));
  server = await startServer({
    env: { STEAM_ENABLED: 'true', STEAM_OPENID_ENDPOINT: steam.endpoint },
  });
});
afterAll(async () => {
  await server?.close();
  await steam?.close();
});

let steamIds = 0;
/** A fresh 17-digit Steam id (the real ones start 7656119...). */
const newSteamId = () =>
  `7656119${String(Date.now() % 1e7).padStart(7, '0')}${String(steamIds++ % 1000).padStart(3, '0')}`;

/** POST /login/steam: the provider URL to send the browser to (§4: the browser navigates there). */
async function start(browser: TestBrowser): Promise<URL> {
  const response = await browser.request({ method: 'POST', url: START, body: {} });
  expect(response.statusCode).toBe(200);
  return new URL(response.json().redirectUrl);
}

/** The browser at the provider: it sends it straight back (302) to our callback with its assertion. */
async function throughProvider(redirectUrl: URL): Promise<string> {
  const response = await fetch(redirectUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.origin).toBe(server.baseUrl);
  expect(location.pathname).toBe(CALLBACK);
  return `${location.pathname}${location.search}`;
}

/** A whole sign-in: start, provider, callback; answers the callback's response. */
async function signInWithSteam(browser: TestBrowser): Promise<LightMyRequestResponse> {
  return browser.request(await throughProvider(await start(browser)));
}

/** §8: a refused sign-in sends the browser back to the login page and leaves it signed out. */
async function expectRefused(browser: TestBrowser, response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/account/login');
  expect(browser.cookies.has('account_session')).toBe(false);
  expect((await browser.request(ME)).statusCode).toBe(401);
}

describe(`§7 POST /login/steam -> {redirectUrl} (${databaseKind})`, () => {
  it('answers the provider’s OpenID 2.0 checkid_setup URL with our return URL and realm', async () => {
    const url = await start(await anonymous(server));
    expect(`${url.origin}${url.pathname}`).toBe(steam.endpoint);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.realm': `${server.baseUrl}/`,
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
    });
    const returnTo = new URL(query['openid.return_to'] ?? '');
    expect(`${returnTo.origin}${returnTo.pathname}`).toBe(`${server.baseUrl}${CALLBACK}`);
    expect(returnTo.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  });

  it('makes a new state for every start', async () => {
    const browser = await anonymous(server);
    const states = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const url = await start(browser);
      states.add(new URL(url.searchParams.get('openid.return_to') ?? '').searchParams.get('state') ?? '');
    }
    expect(states.size).toBe(3);
  });
});

describe(`§4 Login success through Steam (${databaseKind})`, () => {
  it('signs a new shopper in (303 to the account home), flagged first-time login, without email or names', async () => {
    const browser = await anonymous(server);
    steam.nextSteamId(newSteamId());
    const checks = steam.checks;
    const landed = await signInWithSteam(browser);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe('/account/');
    expect(steam.checks).toBe(checks + 1);
    const me = await browser.request(ME);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ firstTimeLogin: true, email: '', firstName: '', lastName: '' });
  });

  it('a repeated sign-in with the same Steam id reuses the shopper', async () => {
    const steamId = newSteamId();
    const first = await anonymous(server);
    steam.nextSteamId(steamId);
    expect((await signInWithSteam(first)).headers.location).toBe('/account/');
    const second = await anonymous(server);
    steam.nextSteamId(steamId);
    expect((await signInWithSteam(second)).headers.location).toBe('/account/');
    const firstId = (await first.request(ME)).json().id;
    expect((await second.request(ME)).json().id).toBe(firstId);
  });

  it('follows a same-site authenticatedredirect cookie once and clears it', async () => {
    const browser = await anonymous(server);
    browser.cookies.set('authenticatedredirect', encodeURIComponent('/checkout?step=2'));
    const landed = await signInWithSteam(browser);
    expect(landed.headers.location).toBe(`${server.baseUrl}/checkout?step=2`);
    expect(browser.cookies.has('authenticatedredirect')).toBe(false);
  });
});

describe(`§8 Login failure: the OpenID 2.0 assertion is verified (${databaseKind})`, () => {
  it('refuses an assertion that check_authentication answers is_valid:false', async () => {
    const browser = await anonymous(server);
    const checks = steam.checks;
    steam.rejectNextCheck();
    await expectRefused(browser, await signInWithSteam(browser));
    expect(steam.checks).toBe(checks + 1);
  });

  it('refuses an assertion whose signature does not hold (check_authentication recomputes it)', async () => {
    const browser = await anonymous(server);
    const callback = new URL(await throughProvider(await start(browser)), server.baseUrl);
    callback.searchParams.set('openid.sig', Buffer.alloc(32).toString('base64'));
    await expectRefused(browser, await browser.request(`${callback.pathname}${callback.search}`));
  });

  it('refuses an assertion without the OpenID 2.0 namespace, without asking the provider', async () => {
    const browser = await anonymous(server);
    const checks = steam.checks;
    steam.tamperNextAssertion({ fields: { ns: 'http://openid.net/signon/1.1' } });
    await expectRefused(browser, await signInWithSteam(browser));
    expect(steam.checks).toBe(checks);
  });

  it('refuses an assertion from another op_endpoint than the configured one', async () => {
    const browser = await anonymous(server);
    steam.tamperNextAssertion({ fields: { op_endpoint: 'https://evil.example/openid/login' } });
    await expectRefused(browser, await signInWithSteam(browser));
  });

  it('refuses a claimed_id that is not {provider origin}/openid/id/{17 digits}', async () => {
    const base = new URL(steam.endpoint).origin;
    for (const claimedId of [
      'https://evil.example/openid/id/76561197960287930',
      'https://steamcommunity.com/openid/id/76561197960287930', // not the configured provider's origin
      `${base}/openid/id/7656119796028793`,
      `${base}/openid/id/765611979602879301`,
      `${base}/openid/id/76561197960287930/more`,
      `${base}/openid/id/7656119796028793a`,
    ]) {
      const browser = await anonymous(server);
      steam.tamperNextAssertion({ fields: { claimed_id: claimedId, identity: claimedId } });
      const landed = await signInWithSteam(browser);
      expect(landed.headers.location, claimedId).toBe('/account/login');
      await expectRefused(browser, landed);
    }
  });

  it('refuses a claimed_id that differs from identity', async () => {
    const browser = await anonymous(server);
    steam.tamperNextAssertion({ fields: { identity: steam.claimedId(newSteamId()) } });
    await expectRefused(browser, await signInWithSteam(browser));
  });

  it('refuses an altered return_to (it must be exactly the URL sent for this state)', async () => {
    for (const alter of [
      (sent: string) => `${sent}&extra=1`,
      (sent: string) => sent.replace(server.baseUrl, 'http://evil.example'),
    ]) {
      const browser = await anonymous(server);
      const redirectUrl = await start(browser);
      const altered = alter(redirectUrl.searchParams.get('openid.return_to') ?? '');
      steam.tamperNextAssertion({ fields: { return_to: altered } });
      const landed = await browser.request(await throughProvider(redirectUrl));
      expect(landed.headers.location, altered).toBe('/account/login');
      await expectRefused(browser, landed);
    }
  });

  it('refuses an assertion whose openid.signed leaves out a required field', async () => {
    for (const field of REQUIRED_SIGNED_FIELDS) {
      const browser = await anonymous(server);
      steam.tamperNextAssertion({ unsigned: [field] });
      const landed = await signInWithSteam(browser);
      expect(landed.headers.location, field).toBe('/account/login');
      await expectRefused(browser, landed);
    }
  });

  it('refuses a mode other than id_res (a cancel)', async () => {
    const browser = await anonymous(server);
    steam.tamperNextAssertion({ fields: { mode: 'cancel' } });
    await expectRefused(browser, await signInWithSteam(browser));
  });

  it('refuses a stale response_nonce (older than 5 minutes) and a malformed one', async () => {
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    for (const nonce of [`${sixMinutesAgo}abc123`, 'not-a-timestamp', '2024-13-45T99:99:99Zx']) {
      const browser = await anonymous(server);
      steam.tamperNextAssertion({ fields: { response_nonce: nonce } });
      const landed = await signInWithSteam(browser);
      expect(landed.headers.location, nonce).toBe('/account/login');
      await expectRefused(browser, landed);
    }
  });

  it('refuses an unknown or missing state, even with an assertion made for it, without asking the provider', async () => {
    for (const state of ['forged-state', null]) {
      const browser = await anonymous(server);
      const redirectUrl = await start(browser);
      const returnTo = new URL(redirectUrl.searchParams.get('openid.return_to') ?? '');
      if (state) returnTo.searchParams.set('state', state);
      else returnTo.searchParams.delete('state');
      redirectUrl.searchParams.set('openid.return_to', returnTo.href);
      const checks = steam.checks;
      const landed = await browser.request(await throughProvider(redirectUrl));
      await expectRefused(browser, landed);
      expect(steam.checks, String(state)).toBe(checks);
    }
  });

  it('refuses a replayed callback: each state works once, the second use never reaches the provider', async () => {
    const browser = await anonymous(server);
    const callback = await throughProvider(await start(browser));
    expect((await browser.request(callback)).headers.location).toBe('/account/');
    const thief = await anonymous(server);
    const checks = steam.checks;
    await expectRefused(thief, await thief.request(callback));
    expect(steam.checks).toBe(checks);
  });

  it('a failed callback leaves no session and links no identity', async () => {
    const steamId = newSteamId();
    const browser = await anonymous(server);
    steam.nextSteamId(steamId);
    steam.rejectNextCheck();
    await expectRefused(browser, await signInWithSteam(browser));
    const linked = await server.app.db.kysely
      .selectFrom('shopperIdentities')
      .select('shopperId')
      .where('provider', '=', 'steam')
      .where('subject', '=', steamId)
      .execute();
    expect(linked).toEqual([]);
  });
});

describe(`§7 POST /login/steam: XSRF and configuration (${databaseKind})`, () => {
  it('answers 403 without the X-XSRF-TOKEN header', async () => {
    const browser = await anonymous(server);
    const response = await browser.request({ method: 'POST', url: START, body: {}, withoutXsrf: true });
    expect(response.statusCode).toBe(403);
    expect((await browser.request(ME)).statusCode).toBe(401);
  });

  it('answers 404 for the start and the callback when Steam is not configured', async () => {
    const plain = await startServer();
    try {
      const browser = await anonymous(plain);
      expect((await browser.request({ method: 'POST', url: START, body: {} })).statusCode).toBe(404);
      expect((await browser.request(`${CALLBACK}?state=x`)).statusCode).toBe(404);
      expect((await plain.app.inject('/account/api/v1/setting')).json()).toMatchObject({ steam: false });
    } finally {
      await plain.close();
    }
  });
});
