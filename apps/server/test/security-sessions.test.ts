/**
 * DESIGN §6 sessions and security headers, on the real server and database:
 * - sessions are opaque random ids in an httpOnly, SameSite=Lax cookie limited to /account (Secure
 *   behind https), stored server-side only as a hash, rotated at sign-in, removed at logout, with
 *   idle and absolute expiry (SESSION_IDLE_TIMEOUT / SESSION_MAX_AGE set small; the stored
 *   timestamps are moved back rather than waiting);
 * - the security headers (CSP, nosniff, Referrer-Policy, frame protection; HSTS only behind https)
 *   are on every kind of response: the app's index.html, API JSON, files and every kind of error.
 * (serving.test.ts checks the CSP of index.html on http; this adds the other responses and https.)
 */
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { expectErrorBody, ME, send, TINY_PNG, telegramLogin, uploadAvatar } from './support/security.js';
import { chooseShopper, signedIn, signIn, startSignIn } from './support/sign-in.js';
import { api, databaseKind, sessionsChanged, startServer, type TestServer } from './support/test-app.js';

const IDLE = 60;
const MAX_AGE = 120;
const BOT_TOKEN = '7000000002:AAH-security-sessions-bot-token_012345678';

/** Plain http (as in development), with short session lifetimes. */
let http: TestServer;
/** Behind https (PUBLIC_URL https://...), signing in through the messaging-app widget (no network needed). */
let https: TestServer;

beforeAll(async () => {
  [http, https] = await Promise.all([
    startServer({ env: { SESSION_IDLE_TIMEOUT: String(IDLE), SESSION_MAX_AGE: String(MAX_AGE) } }),
    startServer({
      env: {
        PUBLIC_URL: 'https://shop.example.test',
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_BOT_NAME: 'security_sessions_bot',
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([http?.close(), https?.close()]);
});

const sessionCookie = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === 'account_session');
const xsrfCookie = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === 'XSRF-TOKEN');

/** Signs in through the messaging-app widget; answers the response that set the session. */
async function telegramSignIn(browser: TestBrowser) {
  await browser.open();
  const response = await browser.request({
    method: 'POST',
    url: api('/login/telegram'),
    body: telegramLogin(BOT_TOKEN),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** The stored row of a browser's session. */
const sessionRow = (server: TestServer, browser: TestBrowser) =>
  server.app.db.kysely
    .selectFrom('sessions')
    .select(['id', 'shopperId', 'createdAt', 'lastSeenAt', 'expiresAt'])
    .where(
      'id',
      '=',
      createHash('sha256')
        .update(browser.cookies.get('account_session') ?? '')
        .digest('hex'),
    )
    .executeTakeFirst();

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describe(`DESIGN §6 the session cookie (${databaseKind})`, () => {
  it('DESIGN §6 is an httpOnly, SameSite=Lax cookie for /account that lives SESSION_MAX_AGE, not Secure on http', async () => {
    const browser = new TestBrowser(http.app);
    await browser.open();
    const callback = await chooseShopper(browser, await startSignIn(browser), 'demo-noah');
    const landed = await browser.request(`${callback.pathname}${callback.search}`);
    const cookie = sessionCookie(landed);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/account', maxAge: MAX_AGE });
    expect(cookie?.secure).toBeFalsy();
    expect(xsrfCookie(landed)).toMatchObject({ sameSite: 'Lax', path: '/' });
    // The XSRF token must be readable by the page (double submit), the session never.
    expect(xsrfCookie(landed)?.httpOnly).toBeFalsy();
  });

  it('DESIGN §6 behind https the session and XSRF cookies are Secure (and still httpOnly / Lax)', async () => {
    const browser = new TestBrowser(https.app);
    const response = await telegramSignIn(browser);
    expect(sessionCookie(response)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/account', secure: true });
    expect(xsrfCookie(response)).toMatchObject({ sameSite: 'Lax', secure: true });
    // Even the anonymous XSRF cookie handed to a first visit is Secure.
    const visit = await new TestBrowser(https.app).request(api('/setting'));
    expect(xsrfCookie(visit)?.secure).toBe(true);
    expect((await browser.request(ME)).statusCode).toBe(200);
  });

  it('DESIGN §6 the id is opaque and random (256 bits), stored only as its SHA-256', async () => {
    const browser = await signedIn(http, 'demo-emma');
    const token = browser.cookies.get('account_session') ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);
    const row = await sessionRow(http, browser);
    expect(row?.id).toBe(createHash('sha256').update(token).digest('hex'));
    const stored = await http.app.db.kysely.selectFrom('sessions').select('id').where('id', '=', token).execute();
    expect(stored).toEqual([]);
  });
});

describe(`DESIGN §6 sessions are rotated at sign-in (${databaseKind})`, () => {
  it('DESIGN §6 a session id planted before sign-in (fixation) is replaced, and never becomes valid', async () => {
    const browser = new TestBrowser(http.app);
    await browser.open();
    const planted = 'A'.repeat(43);
    browser.cookies.set('account_session', planted);
    await signIn(browser, 'demo-emma');
    expect(browser.cookies.get('account_session')).not.toBe(planted);
    const attacker = new TestBrowser(http.app);
    attacker.cookies.set('account_session', planted);
    expect(expectErrorBody(await attacker.request(ME), 401).code).toBe('unauthenticated');
  });

  it('DESIGN §6 the session from before sign-in no longer works after it (company sign-on)', async () => {
    const browser = await signedIn(http, 'demo-noah');
    const before = browser.cookies.get('account_session') ?? '';
    await signIn(browser, 'demo-sofia');
    const stale = new TestBrowser(http.app);
    stale.cookies.set('account_session', before);
    expect((await stale.request(ME)).statusCode).toBe(401);
    expect((await browser.request(ME)).json()).toMatchObject({ firstName: 'Sofia' });
  });

  it('DESIGN §6 token sign-in never replaces a signed-in session (login CSRF); after logout it starts a fresh one', async () => {
    const browser = new TestBrowser(https.app);
    await telegramSignIn(browser);
    const first = browser.cookies.get('account_session') ?? '';
    const again = await browser.request({
      method: 'POST',
      url: api('/login/telegram'),
      body: telegramLogin(BOT_TOKEN),
    });
    expect(expectErrorBody(again, 401).code).toBe('sign_in_rejected');
    expect(browser.cookies.get('account_session')).toBe(first);
    expect((await browser.request(ME)).statusCode).toBe(200);

    await browser.request({ method: 'POST', url: api('/logout'), body: {} });
    await telegramSignIn(browser);
    expect(browser.cookies.get('account_session')).not.toBe(first);
    const stale = new TestBrowser(https.app);
    stale.cookies.set('account_session', first);
    expect((await stale.request(ME)).statusCode).toBe(401);
  });

  it('DESIGN §4, §6 the XSRF token handed out before sign-in is refused after it (it is tied to the session)', async () => {
    const browser = new TestBrowser(http.app);
    await browser.open();
    const anonymousToken = decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? '');
    await signIn(browser, 'demo-sofia');
    const fresh = decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? '');
    expect(fresh).not.toBe(anonymousToken);
    const saved = browser.cookies.get('XSRF-TOKEN') ?? '';
    browser.cookies.set('XSRF-TOKEN', encodeURIComponent(anonymousToken));
    const refused = await send(browser, http.app, {
      method: 'PATCH',
      url: api('/localize'),
      payload: JSON.stringify({ Language: 'de' }),
      xsrf: anonymousToken,
    });
    expect(expectErrorBody(refused, 403).code).toBe('xsrf_token_invalid');
    browser.cookies.set('XSRF-TOKEN', saved);
    expect(
      (await browser.request({ method: 'PATCH', url: api('/localize'), body: { Language: 'en' } })).statusCode,
    ).toBe(200);
  });
});

describe(`DESIGN §6 logout removes the session on the server (${databaseKind})`, () => {
  it('DESIGN §6 after logout the old session cookie is refused (401), not just cleared, and its row is gone', async () => {
    const browser = await signedIn(http, 'demo-lukas');
    const token = browser.cookies.get('account_session') ?? '';
    expect(await sessionRow(http, browser)).toBeDefined();
    const response = await browser.request({ method: 'POST', url: api('/logout'), body: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: null });
    const cleared = sessionCookie(response);
    expect(
      cleared?.value === '' || (cleared?.maxAge ?? 1) <= 0 || (cleared?.expires?.getTime() ?? 0) < Date.now(),
    ).toBe(true);
    const replay = new TestBrowser(http.app);
    replay.cookies.set('account_session', token);
    expect(expectErrorBody(await replay.request(ME), 401).code).toBe('unauthenticated');
    const rows = await http.app.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
    expect(rows).toEqual([]);
  });

  it('DESIGN §6 logout ends only that session: the same shopper in another browser stays signed in', async () => {
    const phone = await signedIn(http, 'demo-lukas');
    const laptop = await signedIn(http, 'demo-lukas');
    await phone.request({ method: 'POST', url: api('/logout'), body: {} });
    expect((await phone.request(ME)).statusCode).toBe(401);
    expect((await laptop.request(ME)).statusCode).toBe(200);
  });
});

describe(`DESIGN §6 idle and absolute expiry (SESSION_IDLE_TIMEOUT=${IDLE}, SESSION_MAX_AGE=${MAX_AGE}) (${databaseKind})`, () => {
  it('DESIGN §6 a session is stored with the absolute expiry SESSION_MAX_AGE after sign-in', async () => {
    const browser = await signedIn(http, 'demo-emma');
    const row = await sessionRow(http, browser);
    expect(row).toBeDefined();
    expect(Date.parse(row?.expiresAt ?? '') - Date.parse(row?.createdAt ?? '')).toBe(MAX_AGE * 1000);
  });

  it('DESIGN §6 a session idle for SESSION_IDLE_TIMEOUT is over (401) and removed; just under it still works', async () => {
    const browser = await signedIn(http, 'demo-emma');
    const row = await sessionRow(http, browser);
    const setLastSeen = async (at: string) => {
      await http.app.db.kysely
        .updateTable('sessions')
        .set({ lastSeenAt: at })
        .where('id', '=', row?.id ?? '')
        .execute();
      await sessionsChanged(http.app);
    };

    await setLastSeen(secondsAgo(IDLE - 5));
    expect((await browser.request(ME)).statusCode).toBe(200);
    // That request's activity is written within TOUCH_FLUSH_MS; then the session is left idle.
    await expect
      .poll(async () => Date.parse((await sessionRow(http, browser))?.lastSeenAt ?? ''), { timeout: 10_000 })
      .toBeGreaterThan(Date.now() - 10_000);

    await setLastSeen(secondsAgo(IDLE + 1));
    expect(expectErrorBody(await browser.request(ME), 401).code).toBe('unauthenticated');
    expect(await sessionRow(http, browser)).toBeUndefined();
  });

  it('DESIGN §6 activity keeps a session alive past SESSION_IDLE_TIMEOUT (the idle clock slides)', async () => {
    const browser = await signedIn(http, 'demo-sofia');
    const id = (await sessionRow(http, browser))?.id ?? '';
    /** Lets `seconds` pass for this session: its stored times move back. */
    const pass = async (seconds: number) => {
      const row = await sessionRow(http, browser);
      const back = (at: string | undefined) => new Date(Date.parse(at ?? '') - seconds * 1000).toISOString();
      await http.app.db.kysely
        .updateTable('sessions')
        .set({ createdAt: back(row?.createdAt), lastSeenAt: back(row?.lastSeenAt), expiresAt: back(row?.expiresAt) })
        .where('id', '=', id)
        .execute();
      await sessionsChanged(http.app);
    };
    // A request every 40 s: 80 s after sign-in (beyond the 60 s idle timeout) still signed in.
    await pass(40);
    expect((await browser.request(ME)).statusCode).toBe(200);
    await pass(40);
    expect((await browser.request(ME)).statusCode).toBe(200);
    // Then 61 s without a request: over.
    await pass(IDLE + 1);
    expect(expectErrorBody(await browser.request(ME), 401).code).toBe('unauthenticated');
  });

  it('DESIGN §6 activity never keeps a session past its absolute expiry (SESSION_MAX_AGE)', async () => {
    const browser = await signedIn(http, 'demo-sofia');
    const id = (await sessionRow(http, browser))?.id ?? '';
    // Started almost SESSION_MAX_AGE ago and active all along: still valid...
    const expiresAt = secondsAgo(-10);
    await http.app.db.kysely
      .updateTable('sessions')
      .set({ createdAt: secondsAgo(MAX_AGE - 10), lastSeenAt: secondsAgo(IDLE - 5), expiresAt })
      .where('id', '=', id)
      .execute();
    await sessionsChanged(http.app);
    expect((await browser.request(ME)).statusCode).toBe(200);
    // ...and the activity refreshed last-seen but did not move the absolute expiry...
    // (written within TOUCH_FLUSH_MS, together with other sessions' activity)
    await expect
      .poll(async () => Date.parse((await sessionRow(http, browser))?.lastSeenAt ?? ''), { timeout: 10_000 })
      .toBeGreaterThan(Date.now() - 10_000);
    const touched = await sessionRow(http, browser);
    expect(touched?.expiresAt).toBe(expiresAt);
    // ...so once it has passed, the session is over however recently it was used.
    await http.app.db.kysely
      .updateTable('sessions')
      .set({ createdAt: secondsAgo(MAX_AGE + 1), lastSeenAt: secondsAgo(1), expiresAt: secondsAgo(1) })
      .where('id', '=', id)
      .execute();
    await sessionsChanged(http.app);
    expect(expectErrorBody(await browser.request(ME), 401).code).toBe('unauthenticated');
    expect(await sessionRow(http, browser)).toBeUndefined();
  });

  it('DESIGN §6 an expired session cannot act either: a non-GET call with it is a 401 and changes nothing', async () => {
    const browser = await signedIn(http, 'demo-lukas');
    const row = await sessionRow(http, browser);
    const before = await http.app.db.kysely
      .selectFrom('shoppers')
      .select('defaultLanguage')
      .where('id', '=', row?.shopperId ?? 0)
      .executeTakeFirstOrThrow();
    await http.app.db.kysely
      .updateTable('sessions')
      .set({ lastSeenAt: secondsAgo(IDLE * 10) })
      .where('id', '=', row?.id ?? '')
      .execute();
    await sessionsChanged(http.app);
    const response = await browser.request({
      method: 'PATCH',
      url: api('/localize'),
      body: { Language: before.defaultLanguage === 'nl' ? 'de' : 'nl' },
    });
    expect(expectErrorBody(response, 401).code).toBe('unauthenticated');
    const after = await http.app.db.kysely
      .selectFrom('shoppers')
      .select('defaultLanguage')
      .where('id', '=', row?.shopperId ?? 0)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

// ---- Security headers --------------------------------------------------------------------------

/** The headers every response carries, whatever it is (DESIGN §6: from one place). */
function expectSecurityHeaders(response: LightMyRequestResponse, what: string, secure: boolean) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));
  expect(directive('default-src'), `${what}: ${csp}`).toBe("default-src 'self'");
  expect(directive('script-src'), what).toMatch(/^script-src 'self'/);
  expect(directive('script-src'), what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(directive('frame-ancestors'), what).toBe("frame-ancestors 'self'");
  expect(directive('object-src'), what).toBe("object-src 'none'");
  expect(directive('base-uri'), what).toBe("base-uri 'self'");
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(response.headers['x-powered-by'], what).toBeUndefined();
  if (secure) {
    const hsts = String(response.headers['strict-transport-security'] ?? '');
    expect(hsts, what).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), what).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts, what).toContain('includeSubDomains');
    expect(csp, what).toContain('upgrade-insecure-requests');
  } else {
    expect(response.headers['strict-transport-security'], what).toBeUndefined();
    expect(csp, what).not.toContain('upgrade-insecure-requests');
  }
}

/** One response of each kind: the app, API JSON, a file, a redirect and every kind of error. */
async function responsesOfEveryKind(server: TestServer, signInAs: (browser: TestBrowser) => Promise<unknown>) {
  const visitor = new TestBrowser(server.app);
  await visitor.open();
  const shopper = new TestBrowser(server.app);
  await signInAs(shopper);
  const avatar = await uploadAvatar(shopper, server.app, TINY_PNG, 'a.png');
  const imageUrl = (avatar.json() as { imageUrl?: string }).imageUrl ?? '';
  return {
    'index.html at /account/': await visitor.request('/account/'),
    'index.html of a client route': await visitor.request('/account/orders/12'),
    'API JSON (GET /setting)': await visitor.request(api('/setting')),
    'API JSON of a shopper (GET /shopuser/me)': await shopper.request(ME),
    'API JSON of an upload': avatar,
    'an avatar file': await visitor.request(imageUrl),
    'a static asset': await visitor.request('/account/favicon.svg'),
    'a redirect (failed sign-in callback)': await visitor.request(api('/login/oidc/callback/sso?state=x')),
    'error 400 (validation)': await shopper.request({ method: 'PATCH', url: api('/localize'), body: { Language: 7 } }),
    'error 400 (malformed JSON)': await send(shopper, server.app, {
      method: 'PATCH',
      url: api('/localize'),
      payload: '{',
    }),
    'error 400 (broken percent-encoding in the path)': await shopper.request(api('/order/%zz')),
    'error 401 (signed out)': await visitor.request(ME),
    'error 403 (no XSRF token)': await shopper.request({
      method: 'PATCH',
      url: api('/localize'),
      body: {},
      withoutXsrf: true,
    }),
    'error 404 (unknown API path)': await visitor.request(api('/nope')),
    'error 404 (another shopper’s order)': await shopper.request(api('/order/2147483647')),
    'error 413 (body over the limit)': await send(shopper, server.app, {
      method: 'PATCH',
      url: api('/localize'),
      payload: JSON.stringify({ Language: 'x'.repeat(1_100_000) }),
    }),
    'error 415 (unsupported media type)': await send(shopper, server.app, {
      method: 'PATCH',
      url: api('/localize'),
      payload: '<xml/>',
      contentType: 'application/xml',
    }),
  };
}

describe(`DESIGN §6 security headers on every kind of response (${databaseKind})`, () => {
  it('DESIGN §6 on http: CSP (default-src, script-src, frame-ancestors, object-src), nosniff, Referrer-Policy, and no HSTS', async () => {
    const responses = await responsesOfEveryKind(http, (browser) => signIn(browser, 'demo-emma'));
    for (const [what, response] of Object.entries(responses)) {
      expect(response.statusCode, what).toBeLessThan(500);
      expectSecurityHeaders(response, what, false);
    }
    // The errors among them are the one error body.
    for (const [what, response] of Object.entries(responses)) {
      if (what.startsWith('error')) expectErrorBody(response);
    }
  });

  it('DESIGN §6 behind https: the same headers plus HSTS (a year, subdomains) and upgrade-insecure-requests', async () => {
    const responses = await responsesOfEveryKind(https, telegramSignIn);
    for (const [what, response] of Object.entries(responses)) {
      expect(response.statusCode, what).toBeLessThan(500);
      expectSecurityHeaders(response, what, true);
    }
  });
});
