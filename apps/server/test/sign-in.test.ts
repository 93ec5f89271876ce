/**
 * Company single sign-on (spec §4 Login success, §7 start path at the shop root, DESIGN §6):
 * a real OpenID Connect authorization code flow with PKCE, state and nonce against the demo
 * identity provider; sessions rotated at sign-in; never an open redirect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { chooseShopper, signIn, startSignIn } from './support/sign-in.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const me = '/account/api/v1/shopuser/me';

describe(`§7 single-sign-on start path (${databaseKind})`, () => {
  it('answers the provider’s authorization URL as text, with PKCE (S256), state and nonce', async () => {
    const url = await startSignIn(new TestBrowser(server.app));
    expect(url.href.startsWith(`${server.baseUrl}/demo-idp/authorize`)).toBe(true);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/account/api/v1/login/oidc/callback/sso`);
  });
});

describe(`§4 Login success through the company single sign-on (${databaseKind})`, () => {
  it('signs the shopper in and lands on the account home', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-noah');
    const account = (await browser.request(me)).json();
    expect(account).toMatchObject({ firstName: 'Noah', lastName: 'Visser' });
  });

  it('rotates the session id at sign-in and drops the previous one', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-noah');
    const first = browser.cookies.get('account_session');
    await signIn(browser, 'demo-sofia');
    const second = browser.cookies.get('account_session');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const stale = new TestBrowser(server.app);
    stale.cookies.set('account_session', first ?? '');
    expect((await stale.request(me)).statusCode).toBe(401);
    expect((await browser.request(me)).json()).toMatchObject({ firstName: 'Sofia' });
  });

  it('sets the session cookie httpOnly and SameSite=Lax, limited to /account', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    const callback = await chooseShopper(browser, await startSignIn(browser), 'demo-noah');
    const landed = await browser.request(`${callback.pathname}${callback.search}`);
    const cookie = landed.cookies.find((c) => c.name === 'account_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/account' });
    const xsrf = landed.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.httpOnly).toBeFalsy();
  });

  it('creates a new shopper on first sign-in, flagged for first-time login', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'new');
    const account = (await browser.request(me)).json();
    expect(account.firstTimeLogin).toBe(true);
    expect(account.email).toMatch(/^new\.shopper\.[0-9a-f]+@example\.com$/);
  });

  it('follows a same-site authenticatedredirect cookie once and clears it', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    browser.cookies.set('authenticatedredirect', encodeURIComponent('/checkout?step=2'));
    const callback = await chooseShopper(browser, await startSignIn(browser), 'demo-emma');
    const landed = await browser.request(`${callback.pathname}${callback.search}`);
    expect(landed.headers.location).toBe(`${server.baseUrl}/checkout?step=2`);
    expect(browser.cookies.has('authenticatedredirect')).toBe(false);
  });

  it('never follows an authenticatedredirect to another site (no open redirect)', async () => {
    for (const target of ['https://evil.example/steal', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const browser = new TestBrowser(server.app);
      await browser.open();
      browser.cookies.set('authenticatedredirect', encodeURIComponent(target));
      const callback = await chooseShopper(browser, await startSignIn(browser), 'demo-emma');
      const landed = await browser.request(`${callback.pathname}${callback.search}`);
      expect(landed.headers.location, target).toBe('/account/');
    }
  });
});

describe(`§8 Login failure (${databaseKind})`, () => {
  it('refuses a replayed callback: each state works once', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    const callback = await chooseShopper(browser, await startSignIn(browser), 'demo-emma');
    const first = await browser.request(`${callback.pathname}${callback.search}`);
    expect(first.headers.location).toBe('/account/');
    const thief = new TestBrowser(server.app);
    const replay = await thief.request(`${callback.pathname}${callback.search}`);
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/account/login');
    expect((await thief.request(me)).statusCode).toBe(401);
  });

  it('refuses an unknown state and a missing state', async () => {
    const browser = new TestBrowser(server.app);
    const callback = await chooseShopper(browser, await startSignIn(browser), 'demo-emma');
    callback.searchParams.set('state', 'forged');
    const forged = await browser.request(`${callback.pathname}${callback.search}`);
    expect(forged.headers.location).toBe('/account/login');
    callback.searchParams.delete('state');
    const missing = await browser.request(`${callback.pathname}${callback.search}`);
    expect(missing.headers.location).toBe('/account/login');
    expect((await browser.request(me)).statusCode).toBe(401);
  });

  it('refuses a code that does not belong to the flow (PKCE and code are checked by the provider)', async () => {
    const browser = new TestBrowser(server.app);
    const callback = await chooseShopper(browser, await startSignIn(browser), 'demo-emma');
    callback.searchParams.set('code', 'made-up-code');
    const landed = await browser.request(`${callback.pathname}${callback.search}`);
    expect(landed.headers.location).toBe('/account/login');
  });

  it('a sign-in provider that cannot be reached is a 503, not a fault of ours', async () => {
    const unreachable = await startServer({ env: { SSO_ISSUER: 'http://127.0.0.1:9/issuer', SSO_CLIENT_ID: 'shop' } });
    try {
      const response = await new TestBrowser(unreachable.app).request('/sso/start');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
    } finally {
      await unreachable.close();
    }
  });

  it('refuses an unknown provider name', async () => {
    const response = await new TestBrowser(server.app).request(
      '/account/api/v1/login/oidc/callback/nope?state=x&code=y',
    );
    expect(response.headers.location).toBe('/account/login');
  });
});
