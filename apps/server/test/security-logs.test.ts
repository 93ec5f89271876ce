/**
 * DESIGN §6: logs never hold sign-in codes, states, tokens, session ids or API keys. A server logs
 * at the default level (info) into memory while a shopper goes through every kind of sign-in (the
 * company single sign-on against the demo identity provider, Steam against its stand-in, the
 * messaging-app widget with its redirect to the login page), verifies a phone number, and the shop
 * calls the integration API; then the whole log is searched for each secret that passed by.
 */
import { API_BASE, buildPath, OIDC_CALLBACK_PATH, STEAM_CALLBACK_PATH } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDatabaseServices } from '../src/services.js';
import { TestBrowser } from './support/browser.js';
import { startServerWithAllProviders, TELEGRAM_BOT_TOKEN, telegramLogin } from './support/security.js';
import { chooseShopper, startSignIn } from './support/sign-in.js';
import { type Served, serveStandIn } from './support/stand-ins/local-server.js';
import { type SteamStandIn, steamStandIn } from './support/stand-ins/steam.js';
import { api, databaseKind, type TestServer } from './support/test-app.js';

const ME = api('/shopuser/me');

let steam: Served<SteamStandIn>;
let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  steam = await serveStandIn((app, baseUrl) => steamStandIn(app, { baseUrl }));
  server = await startServerWithAllProviders({
    env: { LOG_LEVEL: 'info', STEAM_OPENID_ENDPOINT: steam.endpoint, PHONE_CODE_RESEND_INTERVAL: '0' },
    logger: { stream: { write: (line: string) => logLines.push(line) } },
  });
});
afterAll(async () => {
  await server?.close();
  await steam?.close();
});

/** Every secret seen on the way, by what it is. */
const secrets = new Map<string, string>();
function remember(what: string, value: string | null | undefined): void {
  if (!value) throw new Error(`no ${what} passed by`);
  secrets.set(what, value);
}
/** The session id and the cross-site request token a browser holds now. */
function rememberCookies(browser: TestBrowser, who: string): void {
  remember(`${who}: session id`, browser.cookies.get('account_session'));
  remember(`${who}: XSRF token`, decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? ''));
}

async function signInWithSso(): Promise<TestBrowser> {
  const browser = new TestBrowser(server.app);
  await browser.open();
  const authorize = await startSignIn(browser);
  remember('single sign-on: nonce', authorize.searchParams.get('nonce'));
  const callback = await chooseShopper(browser, authorize, 'demo-sofia');
  expect(callback.pathname).toBe(`${API_BASE}${buildPath(OIDC_CALLBACK_PATH, { provider: 'sso' })}`);
  remember('single sign-on: code', callback.searchParams.get('code'));
  remember('single sign-on: state', callback.searchParams.get('state'));
  const landed = await browser.request(`${callback.pathname}${callback.search}`);
  expect(landed.statusCode, landed.body).toBe(303);
  expect(landed.headers.location).toBe('/account/');
  rememberCookies(browser, 'single sign-on');
  return browser;
}

async function signInWithSteam(): Promise<void> {
  const browser = new TestBrowser(server.app);
  await browser.open();
  const start = await browser.request({ method: 'POST', url: api('/login/steam'), body: {} });
  expect(start.statusCode, start.body).toBe(200);
  // The browser at the provider: sent straight back to our callback with the signed assertion.
  const atProvider = await fetch(start.json<{ redirectUrl: string }>().redirectUrl, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location') ?? '');
  expect(callback.pathname).toBe(`${API_BASE}${STEAM_CALLBACK_PATH}`);
  remember('Steam: state', callback.searchParams.get('state'));
  remember('Steam: openid.sig', callback.searchParams.get('openid.sig'));
  remember('Steam: openid.response_nonce', callback.searchParams.get('openid.response_nonce'));
  const landed = await browser.request(`${callback.pathname}${callback.search}`);
  expect(landed.statusCode, landed.body).toBe(303);
  expect(landed.headers.location).toBe('/account/');
  rememberCookies(browser, 'Steam');
}

async function signInWithTelegram(): Promise<void> {
  const browser = new TestBrowser(server.app);
  await browser.open();
  const data = telegramLogin(TELEGRAM_BOT_TOKEN);
  remember('Telegram: hash', String(data.hash));
  // Redirect mode: the widget sends the browser to the login page with its data in the query...
  const page = await browser.request(
    `/account/login?${new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)]))}`,
  );
  expect(page.statusCode).toBe(200);
  // ...and the page posts it.
  const signedIn = await browser.request({ method: 'POST', url: api('/login/telegram'), body: data });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  rememberCookies(browser, 'Telegram');
}

async function verifyPhone(browser: TestBrowser): Promise<void> {
  const sent = await browser.request({ method: 'POST', url: api('/shopUser/sendVerifySms'), body: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  const text = await server.app.db.kysely
    .selectFrom('smsOutbox')
    .select('body')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(text.body)?.[1];
  remember('SMS code', code);
  const verified = await browser.request({
    method: 'POST',
    url: api('/shopUser/verifyTelephoneNumber'),
    body: { Code: code },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  expect((await browser.request(ME)).json()).toMatchObject({ telephoneVerifyDate: expect.any(String) });
}

async function callIntegrationApi(): Promise<void> {
  const { key } = await buildDatabaseServices(server.app.db).apiKeys.create('log test');
  remember('API key', key);
  const response = await server.app.inject({
    method: 'GET',
    url: '/account/api/integration/v1/settings',
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Whether the secret is in the log, as it is or percent-encoded (as in a query string). */
function appearsIn(log: string, secret: string): boolean {
  return [secret, encodeURIComponent(secret)].some((form) =>
    // Digits only (the SMS code): a value of their own, not six digits inside a timestamp.
    /^\d+$/.test(form) ? new RegExp(`(?<![\\d.])${form}(?!\\d)`).test(log) : log.includes(form),
  );
}

describe(`DESIGN §6 what the log holds (${databaseKind})`, () => {
  it('DESIGN §6: logs never hold sign-in codes, states, tokens, session ids or API keys', async () => {
    const sofia = await signInWithSso();
    await signInWithSteam();
    await signInWithTelegram();
    await verifyPhone(sofia);
    await callIntegrationApi();
    rememberCookies(sofia, 'after verification');

    const log = logLines.join('');
    // The log is not empty: each step was logged.
    for (const path of [
      buildPath(OIDC_CALLBACK_PATH, { provider: 'sso' }),
      STEAM_CALLBACK_PATH,
      '/login/telegram',
      '/shopUser/verifyTelephoneNumber',
    ]) {
      expect(log).toContain(`"url":"${API_BASE}${path}`);
    }
    expect(log).toContain('"url":"/account/login');
    expect(log).toContain('"url":"/account/api/integration/v1/settings');
    expect(log).toContain('"msg":"signed in"');

    const leaked = [...secrets].filter(([, secret]) => appearsIn(log, secret)).map(([what]) => what);
    expect(leaked).toEqual([]);
  });
});

describe(`DESIGN §8 request logs: one line a request, none for health probes (${databaseKind})`, () => {
  it('a load balancer’s health, readiness and liveness probes write no request log line; other requests do', async () => {
    const before = logLines.length;
    for (const path of ['/account/api/health', '/account/api/ready', '/account/api/live']) {
      expect((await server.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    }
    expect(logLines.slice(before).join('')).toBe('');
    await server.app.inject({ method: 'GET', url: api('/setting') });
    expect(logLines.slice(before).join('')).toContain(`"url":"${api('/setting')}"`);
  });

  it('a request is one line, written when it is answered: what was asked, the status and the time taken', async () => {
    const before = logLines.length;
    await server.app.inject({ method: 'GET', url: api('/setting') });
    const lines = logLines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: api('/setting') },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });
});
