/**
 * The access rules of every call of the account API, generated from the route table (contract
 * routes.ts + calls.ts) so that no call is forgotten:
 * - the routes Fastify registers under /account/api/v1 are exactly the table's (plus the named
 *   provider callbacks and avatar files), so a route added outside the table fails here;
 * - DESIGN §7 / spec §6: every call with auth: true is a 401 signed out, and changes nothing;
 * - DESIGN §4: every non-GET call without the right X-XSRF-TOKEN is a 403, and changes nothing;
 * - DESIGN §4: another shopper's ids are a 404, exactly as an id that does not exist, and leave
 *   that shopper's data as it was.
 */
import {
  API_BASE,
  type CallSchemas,
  callSchemas,
  EmptyBody,
  type EndpointName,
  endpoints,
  INTEGRATION_BASE,
  integrationCalls,
  OIDC_CALLBACK_PATH,
  STEAM_CALLBACK_PATH,
} from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_ADDRESS } from './fixtures/addresses.js';
import { anonymous, type TestBrowser } from './support/browser.js';
import {
  accountSnapshot,
  endpointNames,
  expectErrorBody,
  ME,
  personaId,
  rawHttp,
  type Sample,
  type ShopperData,
  sampleRequest,
  samples,
  send,
  shopperData,
  startServerWithAllProviders,
  tableContents,
  telegramLogin,
} from './support/security.js';
import { signedIn } from './support/sign-in.js';
import { api, databaseKind, type TestServer } from './support/test-app.js';

/** Every route the server registers, seen through its onRoute hook. */
const registered: { method: string; url: string }[] = [];

let server: TestServer;
let emmaData: ShopperData;
let emmaSamples: Record<EndpointName, Sample>;

beforeAll(async () => {
  server = await startServerWithAllProviders({
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  await addEmmaPasskey();
  emmaData = await shopperData(server, await personaId(server, 'emma'));
  emmaSamples = samples(emmaData);
});
afterAll(async () => {
  await server?.close();
});

/**
 * Routes under /account/api/v1 that are not calls of the table, each for a reason: browsers are sent
 * to the provider callbacks by the identity providers (their paths are in the contract), and the
 * avatar files are the public, content-addressed image URLs that uploadImage answers.
 */
const BESIDE_THE_TABLE = [
  `GET ${API_BASE}${OIDC_CALLBACK_PATH}`,
  `GET ${API_BASE}${STEAM_CALLBACK_PATH}`,
  `GET ${API_BASE}/shopUser/avatar/:file`,
];

describe(`DESIGN §4 the route table is the account API (${databaseKind})`, () => {
  it('DESIGN §2 the routes registered under /account/api/v1 are exactly the route table (plus the named callbacks and avatar files)', () => {
    expect(registered.length, 'the onRoute hook saw the app being built').toBeGreaterThan(0);
    const actual = new Set(
      registered
        // HEAD is added by Fastify for every GET.
        .filter((route) => route.url.startsWith(`${API_BASE}/`) && route.method !== 'HEAD')
        .map((route) => `${route.method} ${route.url}`),
    );
    const expected = new Set([
      ...endpointNames.map((name) => `${endpoints[name].method} ${API_BASE}${endpoints[name].path}`),
      ...BESIDE_THE_TABLE,
    ]);
    expect([...actual].sort()).toEqual([...expected].sort());
  });

  it('§7 a call that takes no body ("empty body") accepts a request sent without one', async () => {
    const bodiless = endpointNames.filter((name) => {
      const schemas: CallSchemas = callSchemas[name];
      return schemas.body === EmptyBody;
    });
    expect(bodiless).toEqual(expect.arrayContaining(['claimVoucherByCode', 'logout', 'claimAchievement']));
    for (const name of bodiless) {
      const browser = await signedIn(server, 'new');
      const { payload: _none, ...request } = sampleRequest(name, emmaSamples[name]);
      const response = await send(browser, server.app, request);
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
      // Refusals for other reasons (no telephone to text, nothing to claim) are fine; the missing body is not one.
      if (response.statusCode >= 400) expect(expectErrorBody(response).fields?.Body, name).toBeUndefined();
    }
  });

  it('§7 every call of the table has a sample request here, so that every check below covers it', () => {
    expect(Object.keys(emmaSamples).sort()).toEqual([...endpointNames].sort());
  });
});

describe(`DESIGN §7, spec §6 signed out: every call that needs sign-in is a 401 and changes nothing (${databaseKind})`, () => {
  const needSignIn = endpointNames.filter((name) => endpoints[name].auth);
  const open = endpointNames.filter((name) => !endpoints[name].auth);

  it('§6 the calls open to visitors are sign-in, sign-out and what the login page and shell load', () => {
    expect(open.sort()).toEqual(
      [
        'appleNonce',
        'getLocalize',
        'getSetting',
        'getTranslations',
        'loginApple',
        'loginAuth0',
        'loginEmail',
        'loginEmailCode',
        'loginFacebook',
        'loginGoogle',
        'loginPasskey',
        'loginSteam',
        'loginTelegram',
        'logout',
        'passkeySignInOptions',
        'validateEmail',
      ].sort(),
    );
  });

  for (const name of needSignIn) {
    const endpoint = endpoints[name];
    it(`§6 ${name}: ${endpoint.method} ${endpoint.path} signed out (valid XSRF token, valid or invalid input) is a 401 and changes nothing`, async () => {
      const visitor = await anonymous(server);
      const before = await tableContents(server);
      const response = await send(visitor, server.app, sampleRequest(name, emmaSamples[name]));
      expect(expectErrorBody(response, 401).code).toBe('unauthenticated');
      // Input that would fail validation is a 401 too: a signed-out caller learns nothing of the rules.
      const invalid = sampleRequest(name, {
        ...emmaSamples[name],
        ...(endpoint.path.includes(':') ? { params: { [/:([A-Za-z]+)/.exec(endpoint.path)?.[1] ?? 'id']: 'x' } } : {}),
        query: 'ids=x&page=-1&language=',
        body: endpoint.method === 'GET' ? undefined : ['not', 'an', 'object'],
      });
      expect(expectErrorBody(await send(visitor, server.app, invalid), 401).code).toBe('unauthenticated');
      expect(await tableContents(server)).toEqual(before);
    });
  }

  it('§6 a made-up, over-long or emptied session cookie is signed out too (401), never a 5xx', async () => {
    for (const value of ['', 'x', 'not-a-session', 'a'.repeat(129), 'a'.repeat(4000), '%00', '..%2F']) {
      const visitor = await anonymous(server);
      visitor.cookies.set('account_session', value);
      const response = await visitor.request(ME);
      expect(expectErrorBody(response, 401).code, value.slice(0, 20)).toBe('unauthenticated');
    }
  });
});

describe(`DESIGN §4 every non-GET call needs the X-XSRF-TOKEN header tied to the session (${databaseKind})`, () => {
  const unsafe = endpointNames.filter((name) => endpoints[name].method !== 'GET');

  it('the checked calls are every call of the table that is not a GET', () => {
    expect(unsafe.length).toBe(
      endpointNames.length - endpointNames.filter((n) => endpoints[n].method === 'GET').length,
    );
    expect(unsafe).toEqual(expect.arrayContaining(['logout', 'loginTelegram', 'uploadImage', 'deleteOrder']));
  });

  for (const name of unsafe) {
    const endpoint = endpoints[name];
    it(`DESIGN §4 ${name}: ${endpoint.method} ${endpoint.path} without, with a wrong, a forged or another session's token is a 403 and changes nothing`, async () => {
      const emma = await signedIn(server, 'demo-emma');
      const sofia = await signedIn(server, 'demo-sofia');
      const sofiaToken = decodeURIComponent(sofia.cookies.get('XSRF-TOKEN') ?? '');
      const own = decodeURIComponent(emma.cookies.get('XSRF-TOKEN') ?? '');
      const [nonce] = own.split('.');
      const request = sampleRequest(name, emmaSamples[name]);
      const before = await tableContents(server);
      const attempts: [string, () => Promise<Awaited<ReturnType<typeof send>>>][] = [
        ['no header', () => send(emma, server.app, { ...request, xsrf: 'none' })],
        ['an empty header', () => send(emma, server.app, { ...request, xsrf: '' })],
        ['a made-up token', () => send(emma, server.app, { ...request, xsrf: 'made.up' })],
        [
          'her nonce, signature altered',
          () => send(emma, server.app, { ...request, xsrf: `${nonce}.AAAA${own.slice(-10)}` }),
        ],
        [
          'a forged cookie and the same header (double submit without the server’s signature)',
          async () => {
            const forged = new Map(emma.cookies);
            emma.cookies.set('XSRF-TOKEN', 'forged.token');
            try {
              return await send(emma, server.app, { ...request, xsrf: 'forged.token' });
            } finally {
              emma.cookies.clear();
              for (const [key, value] of forged) emma.cookies.set(key, value);
            }
          },
        ],
        [
          'another shopper’s valid token (cookie and header)',
          async () => {
            const saved = emma.cookies.get('XSRF-TOKEN') ?? '';
            emma.cookies.set('XSRF-TOKEN', encodeURIComponent(sofiaToken));
            try {
              return await send(emma, server.app, { ...request, xsrf: sofiaToken });
            } finally {
              emma.cookies.set('XSRF-TOKEN', saved);
            }
          },
        ],
      ];
      for (const [what, attempt] of attempts) {
        const response = await attempt();
        expect(expectErrorBody(response, 403).code, what).toBe('xsrf_token_invalid');
      }
      expect(await tableContents(server)).toEqual(before);
      // Still signed in as Emma: not logged out, not signed in as someone else.
      expect((await emma.request(ME)).json()).toMatchObject({ firstName: 'Emma' });
    });
  }
});

describe(`DESIGN §4 the XSRF check cannot be stepped around by the form of the request target (${databaseKind})`, () => {
  it('DESIGN §4 an absolute-form target (POST http://host/account/api/v1/...) is checked like a path: 403, and the session is read', async () => {
    const emma = await signedIn(server, 'demo-emma');
    const host = new URL(server.baseUrl).host;
    const before = await tableContents(server);
    const attempts: [string, string, string][] = [
      ['POST', '/login/telegram', JSON.stringify(telegramLogin())],
      ['POST', '/logout', '{}'],
      ['PATCH', '/localize', JSON.stringify({ Language: 'de' })],
      ['POST', '/shopUser/updateAccount', JSON.stringify({ FirstName: 'Mallory' })],
    ];
    for (const [method, path, body] of attempts) {
      for (const target of [`http://${host}${api(path)}`, `HTTP://${host.toUpperCase()}${api(path)}?x=1`]) {
        const response = await rawHttp(
          server.baseUrl,
          `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${emma.cookieHeader()}\r\nContent-Type: application/json`,
          body,
        );
        expect(response.status, `${method} ${target}`).toBe(403);
        expect(JSON.parse(response.body)).toMatchObject({ status: 403, code: 'xsrf_token_invalid' });
        expect(response.headers, target).not.toContain('set-cookie: account_session');
      }
    }
    expect(await tableContents(server)).toEqual(before);
    // The session cookie is read for such a target too, and Emma is still signed in.
    const me = await rawHttp(
      server.baseUrl,
      `GET http://${host}${ME} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${emma.cookieHeader()}`,
    );
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ firstName: 'Emma' });
  });

  /** A request target with its path rewritten; the query string stays as it is. */
  const withPath = (url: string, rewrite: (path: string) => string) => {
    const queryAt = url.indexOf('?');
    return queryAt === -1 ? rewrite(url) : `${rewrite(url.slice(0, queryAt))}${url.slice(queryAt)}`;
  };
  const encodeLetter = (text: string, at: number) =>
    `${text.slice(0, at)}%${text.charCodeAt(at).toString(16)}${text.slice(at + 1)}`;
  /** Spellings the router decodes to the very route (each must be checked like the plain path). */
  const sameRoute: [string, (path: string) => string][] = [
    ["the version's 'v' percent-encoded (/account/api/%761/...)", (p) => p.replace('/v1/', '/%761/')],
    ["the first 'a' of 'account' percent-encoded", (p) => encodeLetter(p, 1)],
    ["the call's own first letter percent-encoded", (p) => encodeLetter(p, p.indexOf('/v1/') + 4)],
    [
      'every letter percent-encoded, in lower-case hex',
      (p) => p.replace(/[a-z]/gi, (c) => `%${c.charCodeAt(0).toString(16)}`),
    ],
    [
      'every letter percent-encoded, in upper-case hex',
      (p) => p.replace(/[a-z]/gi, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    ],
  ];
  /** Spellings the router may refuse (no route, a 404) but must never let past the check. */
  const maybeNoRoute: [string, (path: string) => string][] = [
    ['a doubled slash', (p) => p.replace('/v1/', '/v1//')],
    ['a trailing slash', (p) => `${p}/`],
    ['the path in upper case', (p) => p.toUpperCase()],
    ["a letter's case changed", (p) => p.replace('/account/', '/Account/')],
    ['a percent-encoded slash', (p) => p.replace('/v1/', '/v1%2F')],
  ];
  const variants = [
    ...sameRoute.map(([what, rewrite]) => ({ what, rewrite, mustRoute: true })),
    ...maybeNoRoute.map(([what, rewrite]) => ({ what, rewrite, mustRoute: false })),
  ];

  /**
   * The variant answers exactly as the plain path did; one the router may not route is refused all
   * the same (the same answer, or a 4xx of a request that reached no route: a 404, or a 415 for a
   * body no route here parses), never let through.
   */
  const expectSameRefusal = (
    response: LightMyRequestResponse,
    plain: { status: number; code: string },
    variant: { what: string; mustRoute: boolean },
    label: string,
  ) => {
    const body = expectErrorBody(response);
    const refused = { status: response.statusCode, code: body.code };
    if (variant.mustRoute) expect(refused, `${label}, ${variant.what}`).toEqual(plain);
    else expect([plain.status, 404, 415], `${label}, ${variant.what}`).toContain(refused.status);
    expect(
      response.cookies.find((c) => c.name === 'account_session'),
      `${label}, ${variant.what}: no session made`,
    ).toBeUndefined();
  };

  it('DESIGN §4 every non-GET call without the X-XSRF-TOKEN header is a 403 however its path is spelt (percent-encoded letters, doubled or trailing slashes, case), and nothing changes', async () => {
    const emma = await signedIn(server, 'demo-emma');
    const before = await tableContents(server);
    for (const name of endpointNames.filter((n) => endpoints[n].method !== 'GET')) {
      const request = sampleRequest(name, emmaSamples[name]);
      const plain = await send(emma, server.app, { ...request, xsrf: 'none' });
      expect(expectErrorBody(plain, 403).code, name).toBe('xsrf_token_invalid');
      for (const variant of variants) {
        const url = withPath(request.url, variant.rewrite);
        const response = await send(emma, server.app, { ...request, url, xsrf: 'none' });
        expectSameRefusal(response, { status: 403, code: 'xsrf_token_invalid' }, variant, `${name} ${url}`);
      }
    }
    expect(await tableContents(server)).toEqual(before);
    expect((await emma.request(ME)).json()).toMatchObject({ firstName: 'Emma' });
  });

  it('§6 every call that needs sign-in is a 401 signed out however its path is spelt, and nothing changes', async () => {
    const visitor = await anonymous(server);
    const before = await tableContents(server);
    for (const name of endpointNames.filter((n) => endpoints[n].auth)) {
      const request = sampleRequest(name, emmaSamples[name]);
      for (const variant of variants) {
        const url = withPath(request.url, variant.rewrite);
        const response = await send(visitor, server.app, { ...request, url });
        expectSameRefusal(response, { status: 401, code: 'unauthenticated' }, variant, `${name} ${url}`);
      }
    }
    expect(await tableContents(server)).toEqual(before);
  });

  it('issue 8 every integration API call without an API key is a 401 however its path is spelt', async () => {
    const visitor = await anonymous(server);
    const before = await tableContents(server);
    for (const [name, call] of Object.entries(integrationCalls)) {
      const url = `${INTEGRATION_BASE}${call.path.replace(/:(\w+)/g, 'sample-$1')}`;
      const request = { method: call.method, url, ...(call.method === 'GET' ? {} : { payload: '{}' }), xsrf: 'none' };
      const plain = await send(visitor, server.app, request);
      expect(expectErrorBody(plain, 401).code, name).toBe('unauthenticated');
      for (const variant of variants) {
        const variantUrl = withPath(url, variant.rewrite);
        const response = await send(visitor, server.app, { ...request, url: variantUrl });
        expectSameRefusal(response, { status: 401, code: 'unauthenticated' }, variant, `${name} ${variantUrl}`);
      }
    }
    expect(await tableContents(server)).toEqual(before);
  });

  it('DESIGN §4 percent-encoded, doubled or trailing slashes in the path get the same 403 (or no route at all)', async () => {
    const visitor = await anonymous(server);
    for (const path of [
      '/account/api/v1/login/%74elegram',
      '/account/api/v1//login/telegram',
      '/account/api/v1/login/telegram/',
      '/account/api%2Fv1/login/telegram',
      '/account%2Fapi/v1/login/telegram',
      '/account/api/v1/./login/telegram',
      '/account/api/v1/x/../login/telegram',
      '/ACCOUNT/api/v1/login/telegram',
    ]) {
      const response = await send(visitor, server.app, {
        method: 'POST',
        url: path,
        payload: JSON.stringify(telegramLogin()),
        xsrf: 'none',
      });
      expect([403, 404], path).toContain(response.statusCode);
      expectErrorBody(response);
      expect(
        response.cookies.find((c) => c.name === 'account_session'),
        path,
      ).toBeUndefined();
    }
  });
});

// ---- Another shopper's ids ----------------------------------------------------------------------

/** What Emma (the victim) has, as she and the database see it. */
async function emmaState(emma: TestBrowser) {
  const db = server.app.db.kysely;
  return {
    account: await accountSnapshot(emma),
    orders: await db
      .selectFrom('orders')
      .select(['id', 'status', 'updatedAt'])
      .where('shopperId', '=', emmaData.id)
      .orderBy('id')
      .execute(),
    returns: await db
      .selectFrom('returns')
      .select(['id', 'status', 'updatedAt'])
      .where('shopperId', '=', emmaData.id)
      .orderBy('id')
      .execute(),
    vouchers: await db
      .selectFrom('vouchers')
      .select(['id', 'code', 'claimDate'])
      .where('shopperId', '=', emmaData.id)
      .orderBy('id')
      .execute(),
    sessions: await db
      .selectFrom('sessions')
      .select(['publicId', 'expiresAt'])
      .where('shopperId', '=', emmaData.id)
      .orderBy('publicId')
      .execute(),
    identities: await db
      .selectFrom('shopperIdentities')
      .select(['id', 'provider'])
      .where('shopperId', '=', emmaData.id)
      .orderBy('id')
      .execute(),
    passkeys: await db
      .selectFrom('passkeys')
      .select(['id', 'name'])
      .where('shopperId', '=', emmaData.id)
      .orderBy('id')
      .execute(),
  };
}

type Attack = (sofia: TestBrowser) => Promise<void>;

/** A 404 in the one error body, the very one an id that exists nowhere gets. */
async function expectNotFoundLikeMissing(
  foreign: Promise<LightMyRequestResponse>,
  missing: () => Promise<LightMyRequestResponse>,
) {
  const body = expectErrorBody(await foreign, 404);
  expect(body.code).toBe('not_found');
  expect(body).toEqual(expectErrorBody(await missing(), 404));
}

const NOWHERE = 2_147_483_647;

/**
 * One attack per call that takes an id, by Sofia on Emma's data. Calls whose id is not a shopper's
 * own say why instead (an achievement or a campaign code belongs to the shop).
 */
const foreignIdCases: Record<string, Attack | { shopWide: string }> = {
  removeLastViewProduct: async (sofia) => {
    // §7 removals answer 204 for ids not on the shopper's own list; Emma's list stays whole.
    for (const productId of emmaData.recentProductIds) {
      const response = await sofia.request({
        method: 'DELETE',
        url: api(`/shopUser/removeLastViewProduct/${productId}`),
      });
      expect(response.statusCode).toBe(204);
    }
  },
  removeWishlist: async (sofia) => {
    const response = await sofia.request({
      method: 'DELETE',
      url: api(`/shopUser/removeWishlist?ids=${emmaData.wishProductIds.join(',')}`),
    });
    expect(response.statusCode).toBe(204);
  },
  updateWishlistAlert: async (sofia) => {
    // An alert is set on the shopper's own wishlist item: Emma's wished products are not on Sofia's list.
    for (const productId of emmaData.wishProductIds) {
      await expectNotFoundLikeMissing(
        send(sofia, server.app, {
          method: 'PUT',
          url: api(`/shopUser/wishlistAlert/${productId}`),
          payload: JSON.stringify({ Enabled: true }),
        }),
        () =>
          send(sofia, server.app, {
            method: 'PUT',
            url: api(`/shopUser/wishlistAlert/${NOWHERE}`),
            payload: JSON.stringify({ Enabled: true }),
          }),
      );
    }
  },
  claimAchievement: async (sofia) => {
    // Every shopper sees every achievement (shop-wide ids): Emma's completed ones are not Sofia's to claim.
    for (const id of emmaData.claimableAchievementIds) {
      const response = await sofia.request({ method: 'POST', url: api(`/achievement/claim/${id}`), body: {} });
      expect(expectErrorBody(response, 409).code).toBe('conflict');
    }
    const missing = await sofia.request({ method: 'POST', url: api(`/achievement/claim/${NOWHERE}`), body: {} });
    expect(expectErrorBody(missing, 404).code).toBe('not_found');
  },
  deleteAddress: async (sofia) => {
    for (const id of emmaData.addressIds) {
      await expectNotFoundLikeMissing(send(sofia, server.app, { method: 'DELETE', url: api(`/address/${id}`) }), () =>
        send(sofia, server.app, { method: 'DELETE', url: api(`/address/${NOWHERE}`) }),
      );
    }
  },
  updateAddress: async (sofia) => {
    const update = (addressId: number, change: Record<string, unknown>) =>
      send(sofia, server.app, {
        method: 'PATCH',
        url: api('/address'),
        payload: JSON.stringify({ AddressId: addressId, ...change }),
      });
    for (const id of emmaData.addressIds) {
      for (const change of [{ City: 'Evilton' }, { IsBilling: true }, { IsShipping: true }, PRIVATE_ADDRESS]) {
        await expectNotFoundLikeMissing(update(id, change), () => update(NOWHERE, change));
      }
    }
  },
  getOrder: async (sofia) => {
    for (const id of emmaData.orderIds) {
      await expectNotFoundLikeMissing(send(sofia, server.app, { method: 'GET', url: api(`/order/${id}`) }), () =>
        send(sofia, server.app, { method: 'GET', url: api(`/order/${NOWHERE}`) }),
      );
    }
  },
  getOrderShipments: async (sofia) => {
    for (const id of emmaData.orderIds) {
      await expectNotFoundLikeMissing(
        send(sofia, server.app, { method: 'GET', url: api(`/order/shipments/${id}`) }),
        () => send(sofia, server.app, { method: 'GET', url: api(`/order/shipments/${NOWHERE}`) }),
      );
    }
  },
  getReturnOptions: async (sofia) => {
    for (const id of emmaData.orderIds) {
      await expectNotFoundLikeMissing(
        send(sofia, server.app, { method: 'GET', url: api(`/order/returnOptions/${id}`) }),
        () => send(sofia, server.app, { method: 'GET', url: api(`/order/returnOptions/${NOWHERE}`) }),
      );
    }
  },
  createReturn: async (sofia) => {
    // Emma's order with lines still to send back, asked as she would: the order is not Sofia's.
    const ask = (id: number) =>
      send(sofia, server.app, {
        method: 'POST',
        url: api(`/order/returns/${id}`),
        payload: JSON.stringify({ Lines: [{ Line: 0, Quantity: 1, Reason: 'tooSmall' }], Method: 'postnl-point' }),
      });
    expect(emmaData.returns.length).toBeGreaterThan(0);
    for (const { orderId } of emmaData.returns) await expectNotFoundLikeMissing(ask(orderId), () => ask(NOWHERE));
  },
  getOrderReturns: async (sofia) => {
    for (const { orderId } of emmaData.returns) {
      await expectNotFoundLikeMissing(
        send(sofia, server.app, { method: 'GET', url: api(`/order/returns/${orderId}`) }),
        () => send(sofia, server.app, { method: 'GET', url: api(`/order/returns/${NOWHERE}`) }),
      );
    }
  },
  cancelReturn: async (sofia) => {
    expect(emmaData.returns.length).toBeGreaterThan(0);
    for (const { id } of emmaData.returns) {
      await expectNotFoundLikeMissing(
        send(sofia, server.app, { method: 'POST', url: api(`/returns/cancel/${id}`), payload: '{}' }),
        () => send(sofia, server.app, { method: 'POST', url: api(`/returns/cancel/${NOWHERE}`), payload: '{}' }),
      );
    }
  },
  getBuyAgain: async (sofia) => {
    for (const id of emmaData.orderIds) {
      await expectNotFoundLikeMissing(
        send(sofia, server.app, { method: 'GET', url: api(`/order/buyAgain/${id}`) }),
        () => send(sofia, server.app, { method: 'GET', url: api(`/order/buyAgain/${NOWHERE}`) }),
      );
    }
  },
  deleteOrder: async (sofia) => {
    for (const id of emmaData.orderIds) {
      await expectNotFoundLikeMissing(send(sofia, server.app, { method: 'DELETE', url: api(`/order/${id}`) }), () =>
        send(sofia, server.app, { method: 'DELETE', url: api(`/order/${NOWHERE}`) }),
      );
    }
  },
  downloadInvoice: async (sofia) => {
    const id = emmaData.invoicedOrderId;
    expect(id).not.toBeNull();
    await expectNotFoundLikeMissing(
      send(sofia, server.app, { method: 'GET', url: api(`/order/downloadInvoice/${id}`) }),
      () => send(sofia, server.app, { method: 'GET', url: api(`/order/downloadInvoice/${NOWHERE}`) }),
    );
  },
  claimVoucherById: async (sofia) => {
    for (const id of emmaData.unclaimedVoucherIds) {
      await expectNotFoundLikeMissing(
        send(sofia, server.app, { method: 'POST', url: api(`/voucher/claimById/${id}`), payload: '{}' }),
        () => send(sofia, server.app, { method: 'POST', url: api(`/voucher/claimById/${NOWHERE}`), payload: '{}' }),
      );
    }
  },
  claimVoucherByCode: { shopWide: 'a campaign claim code is the shop’s, handed to any shopper who enters it' },
  startLink: { shopWide: 'a provider name is the shop’s, the same for every shopper' },
  endSession: async (sofia) => {
    const emmaSessions = await server.app.db.kysely
      .selectFrom('sessions')
      .select('publicId')
      .where('shopperId', '=', emmaData.id)
      .execute();
    expect(emmaSessions.length).toBeGreaterThan(0);
    for (const { publicId } of emmaSessions) {
      await expectNotFoundLikeMissing(
        send(sofia, server.app, { method: 'DELETE', url: api(`/security/sessions/${publicId}`) }),
        () => send(sofia, server.app, { method: 'DELETE', url: api('/security/sessions/no-such-session-0123') }),
      );
    }
  },
  removeIdentity: async (sofia) => {
    for (const id of emmaData.identityIds) {
      await expectNotFoundLikeMissing(
        send(sofia, server.app, { method: 'DELETE', url: api(`/security/identities/${id}`) }),
        () => send(sofia, server.app, { method: 'DELETE', url: api(`/security/identities/${NOWHERE}`) }),
      );
    }
  },
  renamePasskey: async (sofia) => {
    const rename = (passkeyId: number) =>
      send(sofia, server.app, {
        method: 'PATCH',
        url: api(`/security/passkeys/${passkeyId}`),
        payload: JSON.stringify({ Name: 'Mallory’s now' }),
      });
    expect(emmaData.passkeyIds.length).toBeGreaterThan(0);
    for (const id of emmaData.passkeyIds) await expectNotFoundLikeMissing(rename(id), () => rename(NOWHERE));
  },
  removePasskey: async (sofia) => {
    expect(emmaData.passkeyIds.length).toBeGreaterThan(0);
    for (const id of emmaData.passkeyIds) {
      await expectNotFoundLikeMissing(
        send(sofia, server.app, { method: 'DELETE', url: api(`/security/passkeys/${id}`) }),
        () => send(sofia, server.app, { method: 'DELETE', url: api(`/security/passkeys/${NOWHERE}`) }),
      );
    }
  },
};

/** A passkey of Emma's, stored as registering one would (no authenticator needs to sign for these checks). */
async function addEmmaPasskey(): Promise<void> {
  await server.app.db.kysely
    .insertInto('passkeys')
    .values({
      shopperId: await personaId(server, 'emma'),
      credentialId: `emma-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      publicKey: 'AA',
      transports: null,
      name: 'Emma’s phone',
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
    })
    .execute();
}

describe(`DESIGN §4 another shopper's ids are a 404, as if they did not exist, and change nothing (${databaseKind})`, () => {
  it('every call with an id (path parameter, AddressId in the body, ids in the query) has a case here', () => {
    const withIds = endpointNames.filter(
      (name) =>
        /:[A-Za-z]+/.test(endpoints[name].path) ||
        name === 'updateAddress' ||
        (emmaSamples[name].query ?? '').startsWith('ids='),
    );
    expect(Object.keys(foreignIdCases).sort()).toEqual(withIds.sort());
  });

  for (const [name, attack] of Object.entries(foreignIdCases)) {
    if (typeof attack !== 'function') {
      it(`${name}: not a shopper's own id (${attack.shopWide})`, () => {
        expect(endpoints[name as EndpointName]).toBeDefined();
      });
      continue;
    }
    it(`DESIGN §4 ${name} with Emma's ids, sent by Sofia: refused or a no-op, and Emma's data is as it was`, async () => {
      const emma = await signedIn(server, 'demo-emma');
      const sofia = await signedIn(server, 'demo-sofia');
      const before = await emmaState(emma);
      await attack(sofia);
      expect(await emmaState(emma)).toEqual(before);
    });
  }

  it("DESIGN §4 ids smuggled into bodies (Id, ShopperId, AddressId on create) never reach another shopper's data", async () => {
    const emma = await signedIn(server, 'demo-emma');
    const sofia = await signedIn(server, 'demo-sofia');
    const before = await emmaState(emma);
    const attempts: [string, string, unknown][] = [
      ['POST', '/shopUser/updateAccount', { Id: emmaData.id, ShopperId: emmaData.id, FirstName: 'Mallory' }],
      [
        'POST',
        '/address',
        { ...PRIVATE_ADDRESS, AddressId: emmaData.addressIds[0], ShopperId: emmaData.id, IsBilling: true },
      ],
      ['PATCH', '/setting/interests', { InterestIds: [1], ShopperId: emmaData.id }],
      ['PATCH', '/localize', { Language: 'de', ShopperId: emmaData.id, Id: emmaData.id }],
      ['POST', '/setting/firstTimeSetting', { Settings: { Email: 'mallory@example.com', Id: emmaData.id } }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await sofia.request({ method: method as 'POST', url: api(path), body });
      expect(response.statusCode, `${method} ${path}`).toBeLessThan(500);
      if (response.statusCode >= 400) expectErrorBody(response);
    }
    expect(await emmaState(emma)).toEqual(before);
  });

  it("DESIGN §4 searching for another shopper's order number finds nothing", async () => {
    const sofia = await signedIn(server, 'demo-sofia');
    const { orderNumber } = await server.app.db.kysely
      .selectFrom('orders')
      .select('orderNumber')
      .where('id', '=', emmaData.orderIds[0] ?? 0)
      .executeTakeFirstOrThrow();
    const response = await sofia.request(api(`/order?page=1&query=${encodeURIComponent(orderNumber)}`));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});
