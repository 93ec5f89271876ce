/**
 * Security issue item 1 (DESIGN §6 identity rules): an email a shopper merely typed (onboarding,
 * edit profile) is unverified, and accounts are matched or linked by email only when both sides
 * are verified. Each test replays an attack that took over an account before the fix:
 * - the attacker, signed in with a provider that asserts no verified email, claims the victim's
 *   address; the victim later signs in with a provider that asserts it verified (the search-engine
 *   company's sign-in, or OpenID Connect) and must land in an account of their own;
 * - the shop's integration API then sends the victim's shopper record and orders with that address:
 *   they must not reach the attacker's account, and the call says why it did not link.
 * The verified path still links, as the README documents.
 */
import { Account, OrderList } from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDatabaseServices } from '../src/services.js';
import { TestBrowser } from './support/browser.js';
import { startSignIn } from './support/sign-in.js';
import { FACEBOOK_PREFIX, type FacebookStandIn, facebookStandIn } from './support/stand-ins/facebook.js';
import { type GoogleStandIn, googleStandIn } from './support/stand-ins/google.js';
import { type Served, serveStandIn } from './support/stand-ins/local-server.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';

const GOOGLE_CLIENT_ID = 'takeover-suite.apps.googleusercontent.com';
const FACEBOOK_APP_ID = '2000000000000002';
const FACEBOOK_APP_SECRET = 'takeover-suite-facebook-secret-0123456789';
const INTEGRATION = '/account/api/integration/v1';
const ME = api('/shopuser/me');

let standIns: Served<{ google: GoogleStandIn; facebook: FacebookStandIn }>;
let google: GoogleStandIn;
let facebook: FacebookStandIn;
let server: TestServer;
let apiKey: string;

beforeAll(async () => {
  standIns = await serveStandIn(async (app) => ({
    google: await googleStandIn(app, { clientId: GOOGLE_CLIENT_ID }),
    facebook: await facebookStandIn(app, { appId: FACEBOOK_APP_ID, appSecret: FACEBOOK_APP_SECRET }),
  }));
  ({ google, facebook } = standIns);
  server = await startServer({
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: `${standIns.baseUrl}${google.jwksPath}`,
      FACEBOOK_APP_ID,
      FACEBOOK_APP_SECRET,
      FACEBOOK_GRAPH_URL: `${standIns.baseUrl}${FACEBOOK_PREFIX}`,
      INTEGRATION_RATE_LIMIT: '100000',
      // Without mail a typed address is saved at once (unverified): the path an attacker would
      // use. With mail it only waits for a code (email-verification.test.ts).
      MAIL_TRANSPORT: 'none',
    },
  });
  apiKey = (await buildDatabaseServices(server.app.db).apiKeys.create('takeover suite')).key;
});
afterAll(async () => {
  await server?.close();
  await standIns?.close();
});

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

async function visitor(): Promise<TestBrowser> {
  const browser = new TestBrowser(server.app);
  await browser.open();
  return browser;
}

const accountOf = (response: LightMyRequestResponse) => Account.parse(response.json());

/** The attacker: a Facebook sign-in (no verified email), then the victim's address typed in. */
async function attackerClaiming(victimEmail: string, where: 'onboarding' | 'profile'): Promise<TestBrowser> {
  const attacker = await visitor();
  const token = facebook.issueToken({ userId: `10${unique()}`, email: null, firstName: 'Mallory', lastName: 'M' });
  const signedIn = await attacker.request({ method: 'POST', url: api('/login/facebook'), body: { Token: token } });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const onboarding = {
    Gender: 1,
    FirstName: 'Mallory',
    LastName: 'M',
    NewsSubscribe: [],
    InterestIds: [],
    NewsletterIds: [],
  };
  const email = where === 'onboarding' ? victimEmail : `mallory.${unique()}@example.com`;
  const onboarded = await attacker.request({
    method: 'POST',
    url: api('/setting/firstTimeSetting'),
    body: { Settings: { ...onboarding, Email: email } },
  });
  expect(onboarded.statusCode, onboarded.body).toBe(200);
  if (where === 'profile') {
    const saved = await attacker.request({
      method: 'POST',
      url: api('/shopUser/updateAccount'),
      body: { Email: victimEmail },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  expect(accountOf(await attacker.request(ME)).email).toBe(victimEmail);
  return attacker;
}

async function signInWithGoogle(email: string): Promise<Account> {
  return (await googleShopper(email)).account;
}

async function googleShopper(email: string): Promise<{ browser: TestBrowser; account: Account }> {
  const victim = await visitor();
  const credential = await google.mint({
    sub: `1087${unique()}`,
    email,
    email_verified: true,
    given_name: 'Victor',
    family_name: 'Victim',
  });
  const response = await victim.request({
    method: 'POST',
    url: api('/login/google'),
    body: { Credential: credential, ClientId: GOOGLE_CLIENT_ID },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { browser: victim, account: accountOf(response) };
}

/** OpenID Connect through the demo provider, which asserts the typed address as verified. */
async function signInWithOidc(email: string): Promise<Account> {
  const victim = await visitor();
  const authorize = await startSignIn(victim);
  const page = await victim.request(`${authorize.pathname}${authorize.search}`);
  expect(page.statusCode).toBe(200);
  const chosen = await victim.request({
    method: 'POST',
    url: authorize.pathname,
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), subject: 'email', email }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(chosen.statusCode).toBe(303);
  const callback = new URL(String(chosen.headers.location));
  const landed = await victim.request(`${callback.pathname}${callback.search}`);
  expect(landed.statusCode).toBe(303);
  expect(landed.headers.location).toBe('/account/');
  return accountOf(await victim.request(ME));
}

function integration(method: 'PUT' | 'GET', path: string, body?: unknown) {
  return server.app.inject({
    method,
    url: `${INTEGRATION}${path}`,
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

const order = (shopper: string, orderNumber: string) => ({
  shopper,
  orderNumber,
  status: 50,
  currency: 'EUR',
  created: '2026-10-01T10:00:00Z',
  subTotal: 10,
  shippingCost: 0,
  totalPrice: 10,
  shippingAddress: {
    firstName: 'Victor',
    lastName: 'Victim',
    address: 'Secret lane',
    addressNumber: '7',
    zipCode: '1000 AA',
    city: 'Amsterdam',
    country: 'NL',
  },
  products: [{ product: null, name: 'Private parcel', price: 10, status: 60 }],
  transactions: [],
});

const orderNumbers = async (browser: TestBrowser) =>
  OrderList.parse((await browser.request(api('/order?page=1'))).json()).data.map((o) => o.orderId);

describe(`DESIGN §6: an email a shopper typed never matches another person's sign-in (${databaseKind})`, () => {
  for (const where of ['onboarding', 'profile'] as const) {
    it(`a verified Google sign-in after a Facebook account claimed the address in ${where} makes a separate account`, async () => {
      const victimEmail = `victor.${unique()}@example.com`;
      const attacker = await attackerClaiming(victimEmail, where);
      const attackerId = accountOf(await attacker.request(ME)).id;
      const victim = await signInWithGoogle(victimEmail);
      expect(victim.id).not.toBe(attackerId);
      expect(victim).toMatchObject({ email: victimEmail, firstTimeLogin: true });
    });
  }

  it('a verified OpenID Connect sign-in after another account claimed the address makes a separate account', async () => {
    const victimEmail = `victor.${unique()}@example.com`;
    const attacker = await attackerClaiming(victimEmail, 'onboarding');
    const attackerId = accountOf(await attacker.request(ME)).id;
    const victim = await signInWithOidc(victimEmail);
    expect(victim.id).not.toBe(attackerId);
    expect(victim.email).toBe(victimEmail);
  });

  it('the verified path still links: a second provider asserting the same verified address finds the account', async () => {
    const email = `verified.${unique()}@example.com`;
    const first = await signInWithGoogle(email);
    expect(await signInWithOidc(email)).toMatchObject({ id: first.id, email });
  });

  it('a typed address is unverified; typing back the address a linked identity asserts verifies it again', async () => {
    const email = `return.${unique()}@example.com`;
    const { browser, account } = await googleShopper(email);
    const verifiedBy = async () =>
      (
        await server.app.db.kysely
          .selectFrom('shoppers')
          .select('emailVerifiedBy')
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow()
      ).emailVerifiedBy;
    expect(await verifiedBy()).toBe('provider:google');
    const update = (Email: string) =>
      browser.request({ method: 'POST', url: api('/shopUser/updateAccount'), body: { Email } });
    expect((await update(`typed.${unique()}@example.com`)).statusCode).toBe(200);
    expect(await verifiedBy()).toBeNull();
    expect((await update(email.toUpperCase())).statusCode).toBe(200);
    expect(await verifiedBy()).toBe('provider:google');
  });
});

describe(`DESIGN §6: the integration API links a shop record by email only when both sides are verified (${databaseKind})`, () => {
  it("the shop's record and orders for the victim's address never reach an account that only typed it", async () => {
    const victimEmail = `victor.${unique()}@example.com`;
    const attacker = await attackerClaiming(victimEmail, 'profile');
    const attackerId = accountOf(await attacker.request(ME)).id;
    const shopId = `cust-${unique()}`;
    for (const emailVerified of [undefined, true]) {
      const put = await integration('PUT', `/shoppers/${shopId}`, {
        email: victimEmail,
        firstName: 'Victor',
        lastName: 'Victim',
        ...(emailVerified === undefined ? {} : { emailVerified }),
      });
      expect(put.statusCode, put.body).toBeLessThan(300);
      if (emailVerified === undefined) {
        // The call says it did not link, and why.
        expect(put.json()).toMatchObject({ outcome: 'created', notice: expect.stringContaining('emailVerified') });
      }
    }
    const number = `FP-T-${unique()}`;
    expect((await integration('PUT', `/orders/o-${unique()}`, order(shopId, number))).statusCode).toBe(201);
    expect(await orderNumbers(attacker)).not.toContain(number);
    const data = (await integration('GET', `/shoppers/${shopId}/data`)).json() as { account: { id: number } };
    expect(data.account.id).not.toBe(attackerId);
    // The victim, signing in with a verified address, finds the shop's record and order.
    const victim = await signInWithGoogle(victimEmail);
    expect(victim.id).toBe(data.account.id);
  });

  it('a record the shop marks verified links to a shopper who signed in with that verified address', async () => {
    const email = `linked.${unique()}@example.com`;
    const shopper = await signInWithGoogle(email);
    const shopId = `cust-${unique()}`;
    const put = await integration('PUT', `/shoppers/${shopId}`, { email, emailVerified: true, firstName: 'L' });
    expect(put.statusCode).toBe(201);
    expect(put.json().notice).toBeUndefined();
    const data = (await integration('GET', `/shoppers/${shopId}/data`)).json() as { account: { id: number } };
    expect(data.account.id).toBe(shopper.id);
  });

  it('a record the shop does not mark verified stays apart from the signed-in shopper with that address', async () => {
    const email = `apart.${unique()}@example.com`;
    const shopper = await signInWithGoogle(email);
    const shopId = `cust-${unique()}`;
    const put = await integration('PUT', `/shoppers/${shopId}`, { email, firstName: 'A' });
    expect(put.statusCode).toBe(201);
    expect(put.json().notice).toEqual(expect.any(String));
    const data = (await integration('GET', `/shoppers/${shopId}/data`)).json() as { account: { id: number } };
    expect(data.account.id).not.toBe(shopper.id);
  });
});
