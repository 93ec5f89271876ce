/**
 * Shared pieces of the security suite (apps/server/test/security-*.test.ts): a server with every
 * sign-in provider switched on (so every call of the route table exists), one valid request per
 * call, the demo personas' data ids, and "nothing changed" snapshots.
 */
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { buildPath, type EndpointName, ErrorBody, endpoints, type HttpMethod } from '@account/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeEach, expect } from 'vitest';
import { PERSONAS } from '../../src/demo/personas.js';
import { PRIVATE_ADDRESS } from '../fixtures/addresses.js';
import { mailThrough, startSmtpServer } from '../fixtures/smtp-server.js';
import type { TestBrowser } from './browser.js';
import { serveStandIn } from './stand-ins/local-server.js';
import { signTelegramLogin } from './stand-ins/telegram.js';
import { forSuite } from './suite.js';
import { api, freePort, startServer, type TestServer, type TestServerOptions } from './test-app.js';

export const ME = api('/shopuser/me');

export const TELEGRAM_BOT_TOKEN = '7000000001:AAH-security-suite-bot-token_0123456789';

/**
 * The auth0-style provider's discovery document on a local server: starting an auth0 sign-in only
 * needs discovery (the authorization URL is built from it), so no other endpoint is served.
 */
export function auth0Discovery(): Promise<{ issuer: string; close(): Promise<void> }> {
  return serveStandIn(async (app, baseUrl) => {
    const issuer = `${baseUrl}/auth0`;
    app.get('/auth0/.well-known/openid-configuration', async () => ({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    }));
    return { issuer };
  });
}

/**
 * Every provider configured, so that every call of the route table is registered. The token
 * providers point at a closed local port: their verification fails fast (a 401), never reaching
 * the internet. Telegram needs no network at all (an HMAC under the bot token).
 */
export async function startServerWithAllProviders(
  options: TestServerOptions = {},
): Promise<TestServer & { auth0Issuer: string; steamEndpoint: string }> {
  const auth0 = await auth0Discovery();
  const closed = `http://127.0.0.1:${await freePort()}`;
  const steamEndpoint = `${closed}/steam/openid/login`;
  const server = await startServer({
    ...options,
    env: {
      GOOGLE_CLIENT_ID: 'security-suite.apps.example.com',
      GOOGLE_JWKS_URL: `${closed}/google/jwks`,
      APPLE_CLIENT_ID: 'com.example.security-suite',
      APPLE_JWKS_URL: `${closed}/apple/jwks`,
      FACEBOOK_APP_ID: '100000000000001',
      FACEBOOK_APP_SECRET: 'security-suite-facebook-secret',
      FACEBOOK_GRAPH_URL: `${closed}/facebook`,
      STEAM_ENABLED: 'true',
      STEAM_OPENID_ENDPOINT: steamEndpoint,
      AUTH0_ISSUER: auth0.issuer,
      AUTH0_CLIENT_ID: 'security-suite-auth0',
      TELEGRAM_BOT_TOKEN,
      TELEGRAM_BOT_NAME: 'security_suite_bot',
      ...options.env,
    },
  });
  return {
    ...server,
    auth0Issuer: auth0.issuer,
    steamEndpoint,
    close: async () => {
      await server.close();
      await auth0.close();
    },
  };
}

/**
 * The security centre's suites: a server with every provider, sending mail through a local SMTP
 * server, for the tests of the calling file. They sign in more often than the rate limits allow,
 * so the counters are cleared before each test.
 */
export function securityCentreSuite(env: Record<string, string> = {}) {
  const smtp = forSuite(() => startSmtpServer());
  const server = forSuite(() => startServerWithAllProviders({ env: { ...mailThrough(smtp()), ...env } }));
  beforeEach(async () => {
    await server().app.db.kysely.deleteFrom('rateLimits').execute();
  });
  return { server, smtp };
}

// ---- Requests sent raw (any payload, any content type, with or without the XSRF header) ----

export interface RawRequest {
  method: HttpMethod | 'HEAD' | 'OPTIONS';
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** 'own' (default): the browser's token; 'none': no header; any other string: sent as is. */
  xsrf?: 'own' | 'none' | string;
  headers?: Record<string, string>;
}

export function send(browser: TestBrowser, app: FastifyInstance, request: RawRequest) {
  const headers: Record<string, string> = { ...request.headers };
  if (browser.cookies.size > 0) headers.cookie = browser.cookieHeader();
  const xsrf = request.xsrf ?? 'own';
  if (xsrf === 'own') {
    const token = browser.cookies.get('XSRF-TOKEN');
    if (token) headers['x-xsrf-token'] = decodeURIComponent(token);
  } else if (xsrf !== 'none') {
    headers['x-xsrf-token'] = xsrf;
  }
  if (request.payload !== undefined) headers['content-type'] ??= request.contentType ?? 'application/json';
  return app.inject({
    method: request.method,
    url: request.url,
    headers,
    payload: request.payload,
    remoteAddress: browser.clientAddress,
  });
}

/**
 * A request written byte by byte on a socket, for what app.inject() cannot send (inject turns an
 * absolute-form target into a path). Answers the status code, the headers (lower-cased) and the body.
 */
export function rawHttp(
  baseUrl: string,
  head: string,
  body = '',
): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname, () => {
      socket.write(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const split = data.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0),
        headers: data.slice(0, split).toLowerCase(),
        body: data.slice(split + 4),
      });
    });
  });
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(
  parts: { name: string; content: Buffer | string; filename?: string; contentType?: string }[],
): { payload: Buffer; contentType: string } {
  const boundary = `----FormBoundary${randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    pieces.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads `image` (a PNG) as the shopper's profile picture, the way the web app's FormData sends it. */
export function uploadAvatar(browser: TestBrowser, app: FastifyInstance, image: Buffer, filename = 'avatar.png') {
  const form = multipart([{ name: 'attachFile', filename, contentType: 'image/png', content: image }]);
  return send(browser, app, {
    method: 'POST',
    url: api('/shopUser/uploadImage'),
    payload: form.payload,
    contentType: form.contentType,
  });
}

/** A real 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// ---- The one error body ----------------------------------------------------------------------

/** DESIGN §4: every failure is exactly {status, code, message, fields?}, status matching the response. */
export function expectErrorBody(response: LightMyRequestResponse, status?: number): ErrorBody {
  if (status !== undefined) expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body: unknown = response.json();
  const parsed = ErrorBody.strict().parse(body);
  expect(parsed.status).toBe(response.statusCode);
  return parsed;
}

// ---- The demo personas' data -------------------------------------------------------------------

/** Ids of one shopper's own data, read from the database the demo seed filled. */
export interface ShopperData {
  id: number;
  addressIds: number[];
  orderIds: number[];
  /** An order with status 10, the only kind that can be deleted. */
  deletableOrderId: number | null;
  invoicedOrderId: number | null;
  unclaimedVoucherIds: number[];
  wishProductIds: number[];
  recentProductIds: number[];
  claimableAchievementIds: number[];
  identityIds: number[];
  /** Public ids of the shopper's sessions. */
  sessionIds: string[];
  passkeyIds: number[];
  /** The shopper's returns, newest first: the first is the demo's open one, whose order has lines still to send back. */
  returns: { id: number; orderId: number }[];
}

export async function shopperData(server: TestServer, shopperId: number): Promise<ShopperData> {
  const db = server.app.db.kysely;
  const [addresses, orders, invoiced, vouchers, wishes, recent, achievements, identities, sessions, passkeys, returns] =
    await Promise.all([
      db.selectFrom('addresses').select('id').where('shopperId', '=', shopperId).orderBy('id').execute(),
      db.selectFrom('orders').select(['id', 'status']).where('shopperId', '=', shopperId).orderBy('id').execute(),
      db
        .selectFrom('invoices')
        .innerJoin('orders', 'orders.id', 'invoices.orderId')
        .select('orders.id')
        .where('orders.shopperId', '=', shopperId)
        .orderBy('orders.id')
        .execute(),
      db
        .selectFrom('vouchers')
        .select('id')
        .where('shopperId', '=', shopperId)
        .where('claimDate', 'is', null)
        .orderBy('id')
        .execute(),
      db.selectFrom('wishlistItems').select('productId').where('shopperId', '=', shopperId).execute(),
      db.selectFrom('recentlyViewed').select('productId').where('shopperId', '=', shopperId).execute(),
      db
        .selectFrom('shopperAchievements')
        .innerJoin('achievements', 'achievements.id', 'shopperAchievements.achievementId')
        .select('achievements.id')
        .where('shopperAchievements.shopperId', '=', shopperId)
        .where('shopperAchievements.claimDate', 'is', null)
        .whereRef('shopperAchievements.progress', '>=', 'achievements.totalProgress')
        .orderBy('achievements.id')
        .execute(),
      db.selectFrom('shopperIdentities').select('id').where('shopperId', '=', shopperId).orderBy('id').execute(),
      db.selectFrom('sessions').select('publicId').where('shopperId', '=', shopperId).execute(),
      db.selectFrom('passkeys').select('id').where('shopperId', '=', shopperId).orderBy('id').execute(),
      db
        .selectFrom('returns')
        .select(['id', 'orderId'])
        .where('shopperId', '=', shopperId)
        .orderBy('createdAt', 'desc')
        .execute(),
    ]);
  return {
    id: shopperId,
    addressIds: addresses.map((r) => r.id),
    orderIds: orders.map((r) => r.id),
    deletableOrderId: orders.find((r) => r.status === 10)?.id ?? null,
    invoicedOrderId: invoiced[0]?.id ?? null,
    unclaimedVoucherIds: vouchers.map((r) => r.id),
    wishProductIds: wishes.map((r) => r.productId),
    recentProductIds: recent.map((r) => r.productId),
    claimableAchievementIds: achievements.map((r) => r.id),
    identityIds: identities.map((r) => r.id),
    sessionIds: sessions.flatMap((r) => (r.publicId ? [r.publicId] : [])),
    passkeyIds: passkeys.map((r) => r.id),
    returns,
  };
}

/** A credential the way a browser sends one: well-formed, though no authenticator signed it. */
const UNSIGNED_CREDENTIAL = {
  Id: 'c2VjdXJpdHktc3VpdGU',
  RawId: 'c2VjdXJpdHktc3VpdGU',
  Type: 'public-key',
  ClientExtensionResults: {},
};

export async function personaId(server: TestServer, persona: keyof typeof PERSONAS): Promise<number> {
  const row = await server.app.db.kysely
    .selectFrom('shoppers')
    .select('id')
    .where('email', '=', PERSONAS[persona].email)
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---- One valid request per call of the route table ----------------------------------------------

export interface Sample {
  params?: Record<string, string | number>;
  query?: string;
  /** JSON body (sent as is: capitalised keys, as the web client sends them). */
  body?: unknown;
  /** A multipart body instead of JSON. */
  multipart?: { payload: Buffer; contentType: string };
}

let telegramIds = 0;
/** Correctly signed widget data for a fresh messaging-app user: a real sign-in. */
export function telegramLogin(botToken = TELEGRAM_BOT_TOKEN) {
  telegramIds++;
  return signTelegramLogin(botToken, {
    id: 700_000_000 + (Date.now() % 1_000_000) * 100 + telegramIds,
    first_name: 'Tess',
    auth_date: Math.floor(Date.now() / 1000),
  });
}

const first = (ids: readonly number[], what: string): number => {
  const id = ids[0];
  if (id === undefined) throw new Error(`the demo seed has no ${what}`);
  return id;
};

/**
 * A request each call would accept from the shopper whose data this is: so that a refusal in a
 * test is the check under test (sign-in, XSRF), not bad input. `satisfies` makes a call added to
 * the route table fail to compile here until it has a sample.
 */
export function samples(data: ShopperData): Record<EndpointName, Sample> {
  return {
    getAccount: {},
    updateAccount: { body: { FirstName: 'Mallory' } },
    uploadImage: {
      multipart: multipart([{ name: 'attachFile', filename: 'a.png', contentType: 'image/png', content: TINY_PNG }]),
    },
    removeLastViewProduct: { params: { productId: first(data.recentProductIds, 'recently viewed product') } },
    removeWishlist: { query: `ids=${data.wishProductIds.join(',')}` },
    getWishlistAlerts: {},
    updateWishlistAlert: { params: { id: first(data.wishProductIds, 'wished product') }, body: { Enabled: true } },
    updateWishlistAlerts: { body: { Enabled: true } },
    sendVerifySms: { body: {} },
    verifyTelephoneNumber: { body: { Code: '123456' } },
    sendEmailCode: { body: {} },
    verifyEmail: { body: { Code: '123456' } },
    cancelEmailChange: {},
    loginEmailCode: { body: { Email: 'someone@example.com' } },
    loginEmail: { body: { Email: 'someone@example.com', Code: '123456' } },
    loginFacebook: { body: { Token: 'facebook-access-token' } },
    loginGoogle: { body: { Credential: 'header.payload.signature', ClientId: 'security-suite.apps.example.com' } },
    loginApple: { body: { Token: 'header.payload.signature' } },
    loginTelegram: { body: telegramLogin() },
    appleNonce: {},
    loginSteam: { body: {} },
    loginAuth0: { body: {} },
    logout: { body: {} },
    getSetting: {},
    getPreferences: {},
    validateEmail: { body: { Email: 'someone@example.com' } },
    validateVatNumber: { body: { VatNumber: 'NL859048378B01', Country: 'NL' } },
    firstTimeSetting: { body: { Settings: { Email: 'mallory@example.com', FirstName: 'Mallory' } } },
    updateInterests: { body: { InterestIds: [1] } },
    updateNewsletters: { body: { NewsletterIds: [1] } },
    getNotifications: {},
    updateNotifications: { body: { Choices: [{ Event: 'delivered', Channel: 'email', Enabled: false }] } },
    getTranslations: { query: 'language=de' },
    getLocalize: {},
    updateLocalize: { body: { Language: 'nl' } },
    claimAchievement: { params: { achievementId: first(data.claimableAchievementIds, 'claimable achievement') } },
    createAddress: { body: PRIVATE_ADDRESS },
    updateAddress: { body: { AddressId: first(data.addressIds, 'address'), City: 'Evilton' } },
    deleteAddress: { params: { addressId: first(data.addressIds, 'address') } },
    listOrders: { query: 'page=1&query=' },
    getOrder: { params: { id: first(data.orderIds, 'order') } },
    deleteOrder: { params: { id: data.deletableOrderId ?? first(data.orderIds, 'order') } },
    downloadInvoice: { params: { id: data.invoicedOrderId ?? first(data.orderIds, 'order') } },
    getOrderShipments: { params: { id: first(data.orderIds, 'order') } },
    listShipmentsOnTheWay: {},
    getBuyAgain: { params: { id: first(data.orderIds, 'order') } },
    getReturnOptions: { params: { id: first(data.orderIds, 'order') } },
    createReturn: {
      params: { id: data.returns[0]?.orderId ?? first(data.orderIds, 'order') },
      body: {
        Lines: [{ Line: 0, Quantity: 1, Reason: 'tooSmall' }],
        Method: 'postnl-point',
        Comment: 'Half a size small',
      },
    },
    getOrderReturns: { params: { id: data.returns[0]?.orderId ?? first(data.orderIds, 'order') } },
    listReturns: {},
    cancelReturn: {
      params: {
        id: first(
          data.returns.map((r) => r.id),
          'return',
        ),
      },
      body: {},
    },
    claimVoucherByCode: { params: { code: 'TRAIL2026' } },
    claimVoucherById: { params: { id: first(data.unclaimedVoucherIds, 'unclaimed voucher') } },
    getPrivacy: {},
    exportData: {},
    sendDeletionCode: { body: {} },
    // The demo shopper's verified email asks for the emailed code: a guessed one deletes nothing.
    deleteAccount: { body: { Code: '123456', Confirmation: 'DELETE' } },
    // A session, identity or passkey the shopper may not have: the call then answers 404, which
    // the checks here tell apart from the refusal under test.
    listSessions: {},
    endSession: { params: { id: data.sessionIds[0] ?? 'no-such-session-0123' } },
    endOtherSessions: { query: 'others=true' },
    getSignInMethods: {},
    startLink: { params: { provider: 'google' } },
    removeIdentity: { params: { id: data.identityIds[0] ?? 2_147_483_647 } },
    passkeyRegistrationOptions: { body: {} },
    addPasskey: {
      body: {
        Name: 'MacBook',
        Credential: {
          ...UNSIGNED_CREDENTIAL,
          Response: { ClientDataJSON: 'e30', AttestationObject: 'oA', Transports: ['internal'] },
        },
      },
    },
    renamePasskey: { params: { id: data.passkeyIds[0] ?? 2_147_483_647 }, body: { Name: 'Work laptop' } },
    removePasskey: { params: { id: data.passkeyIds[0] ?? 2_147_483_647 } },
    passkeySignInOptions: { body: {} },
    loginPasskey: {
      body: {
        Credential: {
          ...UNSIGNED_CREDENTIAL,
          Response: { ClientDataJSON: 'e30', AuthenticatorData: 'AA', Signature: 'AA' },
        },
      },
    },
  } satisfies Record<EndpointName, Sample>;
}

/** The raw request of a call's sample. */
export function sampleRequest(name: EndpointName, sample: Sample): RawRequest {
  const endpoint = endpoints[name];
  const path = api(buildPath(endpoint.path, sample.params));
  const url = sample.query ? `${path}?${sample.query}` : path;
  if (sample.multipart) {
    return {
      method: endpoint.method,
      url,
      payload: sample.multipart.payload,
      contentType: sample.multipart.contentType,
    };
  }
  return {
    method: endpoint.method,
    url,
    ...(sample.body === undefined ? {} : { payload: JSON.stringify(sample.body) }),
  };
}

export const endpointNames = Object.keys(endpoints) as EndpointName[];

// ---- "Nothing changed" -----------------------------------------------------------------------------

/** The tables a shopper's calls can change; sessions, login flows and rate-limit counters excluded. */
const SHOPPER_TABLES = [
  'shoppers',
  'shopper_identities',
  'addresses',
  'orders',
  'order_products',
  'invoices',
  'vouchers',
  'voucher_codes',
  'shopper_achievements',
  'wishlist_items',
  'recently_viewed',
  'shopper_interests',
  'shopper_newsletters',
  'telephone_verifications',
  'sms_outbox',
  'avatars',
] as const;

/** Row counts of every table a shopper's call could change, in one query. */
export async function tableCounts(server: TestServer): Promise<Record<string, number>> {
  const selects = SHOPPER_TABLES.map((table) => `(select count(*) from ${table}) as ${table}`).join(', ');
  const { rows } = await sql.raw<Record<string, number | string>>(`select ${selects}`).execute(server.app.db.kysely);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([table, count]) => [table, Number(count)]));
}

/**
 * Every row of those tables, for the strict "nothing changed" of the sign-in and XSRF checks:
 * a changed value anywhere (a city renamed, a claim date set) shows, not only added or removed rows.
 */
export async function tableContents(server: TestServer): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  for (const table of SHOPPER_TABLES) {
    const { rows } = await sql.raw<Record<string, unknown>>(`select * from ${table}`).execute(server.app.db.kysely);
    contents[table] = rows
      .map((row) =>
        JSON.stringify(
          Object.entries(row).map(([column, value]) => [
            column,
            value instanceof Uint8Array ? createHash('sha256').update(value).digest('hex') : value,
          ]),
        ),
      )
      .sort();
  }
  return contents;
}

/** The shopper's account as GET /shopuser/me shows it, without the one field that counts down. */
export async function accountSnapshot(browser: TestBrowser): Promise<Record<string, unknown>> {
  const response = await browser.request(ME);
  expect(response.statusCode, response.body).toBe(200);
  const { telephoneVerifyExpireIn: _countsDown, ...account } = response.json() as Record<string, unknown>;
  return account;
}
