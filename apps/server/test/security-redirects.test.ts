/**
 * DESIGN §6 "Redirect targets (the authenticatedredirect cookie, return URLs, provider callbacks)
 * are only followed when same-site or allow-listed: never an open redirect", through every input
 * that decides where a browser is sent:
 * - the authenticatedredirect cookie after a redirect sign-in (company sign-on, Steam), with a list
 *   of known tricks and with generated URLs (fast-check);
 * - return URLs offered to the sign-in start paths (/sso/start, POST /login/steam, POST /login/auth0)
 *   and to the callbacks, Host and X-Forwarded-* headers included: the provider always sends the
 *   browser back to our own callback, built from PUBLIC_URL;
 * - the demo identity provider's redirect_uri;
 * - logout's answer URL.
 * The shared rule is safeRedirectTarget (contract domain/redirects.ts); its property is checked too.
 */
import { AUTHENTICATED_REDIRECT_COOKIE, safeRedirectTarget } from '@account/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { auth0Discovery } from './support/security.js';
import { chooseShopper, startSignIn } from './support/sign-in.js';
import { type Served, serveStandIn } from './support/stand-ins/local-server.js';
import { type SteamStandIn, steamStandIn } from './support/stand-ins/steam.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';

const ALLOWED = 'https://shop.example.test';
const HOME = '/account/';

let server: TestServer;
let steam: Served<SteamStandIn>;
let auth0: { issuer: string; close(): Promise<void> };

beforeAll(async () => {
  steam = await serveStandIn((app, baseUrl) => steamStandIn(app, { baseUrl }));
  auth0 = await auth0Discovery();
  server = await startServer({
    env: {
      REDIRECT_ALLOWLIST: `${ALLOWED},https://pages.example.test/some/path`,
      // Each sign-in here is a real one; the limit is tested in security-abuse.test.ts.
      SIGN_IN_RATE_LIMIT: '100000',
      STEAM_ENABLED: 'true',
      STEAM_OPENID_ENDPOINT: steam.endpoint,
      AUTH0_ISSUER: auth0.issuer,
      AUTH0_CLIENT_ID: 'redirect-suite-auth0',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await steam?.close();
  await auth0?.close();
});

/** Targets that must never be followed: other sites, scripts, tricks that some browser reads as another host. */
const HOSTILE_TARGETS = [
  'https://evil.example',
  'https://evil.example/account/',
  'http://evil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '\u0000//evil.example',
  ' //evil.example',
  '//evil。example',
  '//evil%2Eexample',
  'https:evil.example',
  'http:evil.example',
  'http:/evil.example',
  'https:/\\evil.example',
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript://%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'ftp://evil.example',
  'mailto:someone@evil.example',
  'https://user:pass@evil.example',
  'https://shop.example.test@evil.example',
  'https://evil.example@shop.example.test',
  'https://user@shop.example.test/cart',
  'https://shop.example.test.evil.example',
  'https://shop.example.test:4443/cart',
  'http://shop.example.test/cart',
  'https://evil.example/https://shop.example.test',
  'https://evil.example?next=https://shop.example.test',
  'https://evil.example#https://shop.example.test',
  'https://pages.example.test.evil.example',
  '%2F%2Fevil.example',
  '%5C%5Cevil.example',
  '%2F%5Cevil.example',
  'https%3A%2F%2Fevil.example',
  'javascript%3Aalert(1)',
  `${encodeURIComponent('https://evil.example')}`,
  '%',
  '%E0%A4%A',
];

/** Targets that must be followed, and where to. */
const FOLLOWED = (own: string): [string, string][] => [
  ['/checkout?step=2', `${own}/checkout?step=2`],
  ['/account/orders/12', `${own}/account/orders/12`],
  [`${own}/account/vouchers`, `${own}/account/vouchers`],
  ['https://shop.example.test/cart', 'https://shop.example.test/cart'],
  ['HTTPS://SHOP.EXAMPLE.TEST/cart', 'https://shop.example.test/cart'],
  // An allow-listed origin counts as a whole origin, whatever path was configured.
  ['https://pages.example.test/other', 'https://pages.example.test/other'],
];

/** The invariant: home, or a URL on our own or an allow-listed origin, without credentials. */
function expectSafeLocation(location: string | undefined, target: string) {
  expect(location, target).toBeDefined();
  if (location === HOME) return;
  const url = new URL(String(location));
  expect([server.baseUrl, ALLOWED, 'https://pages.example.test'], `${target} -> ${location}`).toContain(url.origin);
  expect(url.username + url.password, target).toBe('');
  expect(['http:', 'https:'], target).toContain(url.protocol);
}

/** Signs in through the company sign-on with the cookie holding `target` (encoded, as the shop sets it). */
async function signOnWithCookie(target: string, encode = true): Promise<LightMyRequestResponse> {
  const browser = new TestBrowser(server.app);
  await browser.open();
  browser.cookies.set(AUTHENTICATED_REDIRECT_COOKIE, encode ? encodeURIComponent(target) : target);
  const callback = await chooseShopper(browser, await startSignIn(browser), 'demo-emma');
  const landed = await browser.request(`${callback.pathname}${callback.search}`);
  expect(landed.statusCode, target).toBe(303);
  // Followed or not, the cookie is used once.
  expect(browser.cookies.has(AUTHENTICATED_REDIRECT_COOKIE), target).toBe(false);
  return landed;
}

let steamIds = 0;
/** Signs in through Steam (stand-in) with the cookie holding `target`. */
async function steamWithCookie(target: string): Promise<LightMyRequestResponse> {
  const browser = new TestBrowser(server.app);
  await browser.open();
  browser.cookies.set(AUTHENTICATED_REDIRECT_COOKIE, encodeURIComponent(target));
  steam.nextSteamId(`7656119${String(Date.now() % 1e7).padStart(7, '0')}${String(steamIds++ % 1000).padStart(3, '0')}`);
  const start = await browser.request({ method: 'POST', url: api('/login/steam'), body: {} });
  const atProvider = await fetch(new URL(start.json().redirectUrl), { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') ?? '');
  const landed = await browser.request(`${back.pathname}${back.search}`);
  expect(landed.statusCode, target).toBe(303);
  return landed;
}

describe(`DESIGN §6 the authenticatedredirect cookie after sign-in is never an open redirect (${databaseKind})`, () => {
  it('§4 Login success: no hostile target (other sites, schemes, backslashes, credentials, encodings) leaves our site', async () => {
    for (const target of HOSTILE_TARGETS) {
      const { location } = (await signOnWithCookie(target)).headers;
      // Some read as a path on our own site ('http:evil.example' is '/evil.example' there): harmless.
      if (location !== HOME) expect(new URL(String(location)).origin, JSON.stringify(target)).toBe(server.baseUrl);
    }
  });

  it('§4 Login success: hostile targets doubly encoded, or sent raw in the cookie, are not followed off-site either', async () => {
    for (const target of HOSTILE_TARGETS.slice(0, 20)) {
      expectSafeLocation((await signOnWithCookie(encodeURIComponent(target))).headers.location, target);
      expectSafeLocation((await signOnWithCookie(target, false)).headers.location, target);
    }
  });

  it('§4 Login success: same-site and REDIRECT_ALLOWLIST targets are followed, once', async () => {
    for (const [target, expected] of FOLLOWED(server.baseUrl)) {
      expect((await signOnWithCookie(target)).headers.location, target).toBe(expected);
    }
  });

  it('DESIGN §6 generated targets (fast-check): the browser is only ever sent home, to our origin or an allow-listed one', async () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '%2F',
      '%5C',
      '@',
      ':',
      '.',
      '?',
      '#',
      'http:',
      'https:',
      'javascript:',
      'evil.example',
      'shop.example.test',
      'user:pw',
      '%00',
      '\t',
      ' ',
      '。',
    );
    const target = fc.oneof(
      fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join('')),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.string({ unit: 'binary', maxLength: 30 }),
    );
    await fc.assert(
      fc.asyncProperty(target, async (value) => {
        expectSafeLocation((await signOnWithCookie(value)).headers.location, value);
      }),
      { numRuns: 40 },
    );
  });

  it('§7 Steam: the same rule after a games-platform sign-in', async () => {
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect((await steamWithCookie(target)).headers.location, target).toBe(HOME);
    }
    expect((await steamWithCookie('/checkout')).headers.location).toBe(`${server.baseUrl}/checkout`);
  });

  it('DESIGN §6 the Host and X-Forwarded-Host headers do not make another site "our own"', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    browser.cookies.set(AUTHENTICATED_REDIRECT_COOKIE, encodeURIComponent('https://evil.example/cart'));
    const callback = await chooseShopper(browser, await startSignIn(browser), 'demo-emma');
    const landed = await browser.request({
      url: `${callback.pathname}${callback.search}`,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(landed.headers.location).toBe(HOME);
  });
});

describe(`DESIGN §6 return URLs offered to the sign-in paths are ignored: providers return to our callback (${databaseKind})`, () => {
  const spoofing = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const returnParams = new URLSearchParams({
    returnTo: 'https://evil.example',
    returnUrl: 'https://evil.example',
    redirect_uri: 'https://evil.example/cb',
    redirectUrl: 'https://evil.example',
    next: '//evil.example',
  }).toString();

  it('§7 /sso/start: the authorization URL goes to the identity provider, which returns to our own callback', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    const start = await browser.request({ url: `/sso/start?${returnParams}`, headers: spoofing });
    expect(start.statusCode).toBe(200);
    const url = new URL(start.body);
    expect(url.origin).toBe(server.baseUrl);
    expect(url.pathname).toBe('/demo-idp/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/account/api/v1/login/oidc/callback/sso`);
    expect(start.body).not.toContain('evil.example');
    // ...and the callback, given return URLs of its own, still lands on the account home.
    const callback = await chooseShopper(browser, url, 'demo-sofia');
    const landed = await browser.request({ url: `${callback.pathname}${callback.search}&${returnParams}` });
    expect(landed.headers.location).toBe(HOME);
  });

  it('§7 POST /login/steam: {redirectUrl} is the configured provider, with our callback as return_to and realm', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    const response = await browser.request({
      method: 'POST',
      url: api(`/login/steam?${returnParams}`),
      body: { returnTo: 'https://evil.example', RedirectUrl: 'https://evil.example', realm: 'https://evil.example' },
      headers: spoofing,
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(steam.endpoint);
    expect(new URL(url.searchParams.get('openid.return_to') ?? '').origin).toBe(server.baseUrl);
    expect(url.searchParams.get('openid.return_to')).toMatch(/\/account\/api\/v1\/login\/steam\/callback\?state=/);
    expect(url.searchParams.get('openid.realm')).toBe(`${server.baseUrl}/`);
    expect(response.body).not.toContain('evil.example');
  });

  it('§7 POST /login/auth0: {redirectUrl} is the configured issuer, with our callback as redirect_uri', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    const response = await browser.request({
      method: 'POST',
      url: api(`/login/auth0?${returnParams}`),
      body: { returnTo: 'https://evil.example', redirect_uri: 'https://evil.example/cb' },
      headers: spoofing,
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${auth0.issuer}/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/account/api/v1/login/oidc/callback/auth0`);
    expect(response.body).not.toContain('evil.example');
  });

  it('§8 a failed callback always goes to our own login page, whatever it is handed', async () => {
    const browser = new TestBrowser(server.app);
    for (const path of [
      `/login/oidc/callback/sso?state=forged&${returnParams}`,
      `/login/oidc/callback/auth0?error=access_denied&${returnParams}`,
      `/login/steam/callback?state=forged&openid.return_to=https://evil.example&${returnParams}`,
    ]) {
      const response = await browser.request({ url: api(path), headers: spoofing });
      expect(response.statusCode, path).toBe(303);
      expect(response.headers.location, path).toBe('/account/login');
    }
  });

  it('demo identity provider: only redirect_uris under our own callback are accepted, never another site', async () => {
    const browser = new TestBrowser(server.app);
    const authorize = await startSignIn(browser);
    for (const redirect of [
      'https://evil.example/account/api/v1/login/oidc/callback/sso',
      `${server.baseUrl}.evil.example/account/api/v1/login/oidc/callback/sso`,
      `${server.baseUrl}@evil.example/account/api/v1/login/oidc/callback/sso`,
    ]) {
      const url = new URL(authorize);
      url.searchParams.set('redirect_uri', redirect);
      const page = await browser.request(`${url.pathname}${url.search}`);
      expect(page.statusCode, redirect).toBe(400);
      const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), subject: 'demo-emma' });
      const chosen = await browser.request({
        method: 'POST',
        url: url.pathname,
        body: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(chosen.statusCode, redirect).toBe(400);
      expect(chosen.headers.location).toBeUndefined();
    }
  });
});

describe(`DESIGN §6 logout's answer URL is never another site (${databaseKind})`, () => {
  it('§7 POST /logout answers {url: null} whatever it is handed (body, query, redirect cookie, Referer)', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    const callback = await chooseShopper(browser, await startSignIn(browser), 'demo-noah');
    await browser.request(`${callback.pathname}${callback.search}`);
    browser.cookies.set(AUTHENTICATED_REDIRECT_COOKIE, encodeURIComponent('https://evil.example'));
    const response = await browser.request({
      method: 'POST',
      url: api('/logout?returnTo=https://evil.example&url=https://evil.example'),
      body: { Url: 'https://evil.example', ReturnTo: '//evil.example', RedirectUrl: 'javascript:alert(1)' },
      headers: { referer: 'https://evil.example/phish' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: null });
    expect(response.headers.location).toBeUndefined();
  });
});

describe('DESIGN §6 safeRedirectTarget (contract domain/redirects.ts), the rule every redirect uses', () => {
  it('for any input, the answer is null or an http(s) URL on our origin or an allow-listed one, without credentials', () => {
    const own = 'https://account.example.test';
    const allowed = ['https://shop.example.test'];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.constantFrom(...HOSTILE_TARGETS),
          fc.constantFrom(...HOSTILE_TARGETS).map(encodeURIComponent),
        ),
        (value) => {
          const target = safeRedirectTarget(value, own, allowed);
          if (target === null) return;
          const url = new URL(target);
          expect([own, ...allowed]).toContain(url.origin);
          expect(url.username + url.password).toBe('');
          // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may come through
          expect(target).not.toMatch(/[\\\u0000-\u001f]/);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
