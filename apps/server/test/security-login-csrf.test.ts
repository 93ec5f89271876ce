/**
 * Security issue item 2, login CSRF (DESIGN §6: every sign-in flow's state is bound to the browser
 * that started it). The attacker starts a sign-in in their own browser, completes it at the
 * provider as themselves, and makes the victim's browser open the callback. Before the fix the
 * victim's browser ended up signed in to the attacker's account (where whatever the victim then
 * saved reached the attacker). Now the callback is refused and the victim's session is unchanged.
 */
import { Account } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '../src/demo/identity-provider.js';
import { TestBrowser } from './support/browser.js';
import { freePort } from './support/ports.js';
import { ME, TELEGRAM_BOT_TOKEN, telegramLogin } from './support/security.js';
import { chooseShopper, signIn, startSignIn } from './support/sign-in.js';
import { type Served, serveStandIn } from './support/stand-ins/local-server.js';
import { type SteamStandIn, steamStandIn } from './support/stand-ins/steam.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';

let steam: Served<SteamStandIn>;
let server: TestServer;

beforeAll(async () => {
  steam = await serveStandIn((app, baseUrl) => steamStandIn(app, { baseUrl }));
  // The auth0-style provider is the server's own demo identity provider: a real OpenID Connect flow.
  const port = await freePort();
  server = await startServer({
    env: {
      PORT: String(port),
      STEAM_ENABLED: 'true',
      STEAM_OPENID_ENDPOINT: steam.endpoint,
      AUTH0_ISSUER: `http://localhost:${port}/demo-idp`,
      AUTH0_CLIENT_ID: DEMO_CLIENT_ID,
      TELEGRAM_BOT_TOKEN,
      TELEGRAM_BOT_NAME: 'csrf_suite_bot',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await steam?.close();
});

async function visitor(): Promise<TestBrowser> {
  const browser = new TestBrowser(server.app);
  await browser.open();
  return browser;
}

const accountId = async (browser: TestBrowser): Promise<number | null> => {
  const response = await browser.request(ME);
  return response.statusCode === 200 ? Account.parse(response.json()).id : null;
};

/** The victims: one signed in (Emma), one signed out. */
async function victims(): Promise<{ signedIn: TestBrowser; emmaId: number; signedOut: TestBrowser }> {
  const signedIn = new TestBrowser(server.app);
  await signIn(signedIn, 'demo-emma');
  const emmaId = (await accountId(signedIn)) ?? -1;
  return { signedIn, emmaId, signedOut: await visitor() };
}

/** The victim's browser opens the attacker's callback: refused, back to the login page. */
async function expectRefusedFor(callback: string) {
  const { signedIn, emmaId, signedOut } = await victims();
  const session = signedIn.cookies.get('account_session');
  const landed = await signedIn.request(callback);
  expect(landed.statusCode).toBe(303);
  expect(landed.headers.location).toBe('/account/login');
  expect(signedIn.cookies.get('account_session')).toBe(session);
  expect(await accountId(signedIn)).toBe(emmaId);
  // The callback can be opened only once anyway; a fresh attacker flow for the signed-out victim.
  return signedOut;
}

/** The attacker's OpenID Connect flow, completed at the demo provider as Noah: the callback URL. */
async function attackerOidcCallback(start: (attacker: TestBrowser) => Promise<URL>): Promise<string> {
  const attacker = await visitor();
  const callback = await chooseShopper(attacker, await start(attacker), 'demo-noah');
  return `${callback.pathname}${callback.search}`;
}

const ssoStart = (browser: TestBrowser) => startSignIn(browser);
const auth0Start = async (browser: TestBrowser) => {
  const response = await browser.request({ method: 'POST', url: api('/login/auth0'), body: {} });
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json().redirectUrl);
};

async function attackerSteamCallback(): Promise<string> {
  const attacker = await visitor();
  const started = await attacker.request({ method: 'POST', url: api('/login/steam'), body: {} });
  expect(started.statusCode).toBe(200);
  const atProvider = await fetch(new URL(started.json().redirectUrl), { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const location = new URL(atProvider.headers.get('location') ?? '');
  return `${location.pathname}${location.search}`;
}

describe(`DESIGN §6: a sign-in finishes only in the browser that started it (${databaseKind})`, () => {
  for (const [name, start] of [
    ['company single sign-on', ssoStart],
    ['auth0-style', auth0Start],
  ] as const) {
    it(`${name}: a callback finished in another browser is refused and the victim's session is unchanged`, async () => {
      const signedOut = await expectRefusedFor(await attackerOidcCallback(start));
      const again = await signedOut.request(await attackerOidcCallback(start));
      expect(again.headers.location).toBe('/account/login');
      expect(await accountId(signedOut)).toBeNull();
    });

    it(`${name}: the browser that started the flow still signs in`, async () => {
      const browser = await visitor();
      const callback = await chooseShopper(browser, await start(browser), 'demo-noah');
      const landed = await browser.request(`${callback.pathname}${callback.search}`);
      expect(landed.headers.location).toBe('/account/');
      expect(await accountId(browser)).not.toBeNull();
    });
  }

  it("Steam: a return finished in another browser is refused and the victim's session is unchanged", async () => {
    const signedOut = await expectRefusedFor(await attackerSteamCallback());
    const again = await signedOut.request(await attackerSteamCallback());
    expect(again.headers.location).toBe('/account/login');
    expect(await accountId(signedOut)).toBeNull();
  });

  it('Steam: the browser that started the flow still signs in', async () => {
    const browser = await visitor();
    const started = await browser.request({ method: 'POST', url: api('/login/steam'), body: {} });
    const atProvider = await fetch(new URL(started.json().redirectUrl), { redirect: 'manual' });
    const location = new URL(atProvider.headers.get('location') ?? '');
    const landed = await browser.request(`${location.pathname}${location.search}`);
    expect(landed.headers.location).toBe('/account/');
    expect(await accountId(browser)).not.toBeNull();
  });

  it("Telegram: widget data never replaces a signed-in browser's session", async () => {
    const { signedIn, emmaId } = await victims();
    const response = await signedIn.request({ method: 'POST', url: api('/login/telegram'), body: telegramLogin() });
    expect(response.statusCode).toBe(401);
    expect(await accountId(signedIn)).toBe(emmaId);
  });
});
