/**
 * The shop integration API on the real server and database (issue 8): API keys, idempotent
 * upserts by the shop's ids, field errors, the batch, reads and deletes, and what the shopper
 * then sees through the account API.
 */
import { Account, BatchResponse, formatMoney, OrderList, ShopperData } from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDatabaseServices } from '../src/services.js';
import { TestBrowser } from './support/browser.js';
import { signIn } from './support/sign-in.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startServer({ env: { INTEGRATION_RATE_LIMIT: '100000' } });
  key = (await buildDatabaseServices(server.app.db).apiKeys.create('tests')).key;
});
afterAll(async () => {
  await server?.close();
});

const BASE = '/account/api/integration/v1';

function call(
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  apiKey: string | null = key,
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method,
    url: `${BASE}${path}`,
    headers: {
      ...(apiKey === null ? {} : { authorization: `Bearer ${apiKey}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

const uid = () => Math.random().toString(36).slice(2, 10);

const product = (name = 'Trail mug') => ({
  name,
  categoryName: 'Camping',
  image: '/demo-shop/products/camp-mug.svg',
  url: '/product/camp-mug',
  price: { amount: 14.95, currency: 'EUR' },
  prices: [{ amount: 16.95, currency: 'USD' }],
});

const order = (shopper: string, orderNumber: string, products: { product: string | null; name: string }[]) => ({
  shopper,
  orderNumber,
  status: 50,
  currency: 'EUR',
  created: '2026-10-01T10:00:00Z',
  subTotal: 29.9,
  shippingCost: 4.95,
  totalPrice: 34.85,
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    address: 'Main street',
    addressNumber: '1',
    zipCode: '1000 AA',
    city: 'Amsterdam',
    country: 'NL',
  },
  products: products.map((p) => ({ ...p, price: 14.95, status: 60 })),
  transactions: [{ method: 'ideal', methodName: 'iDEAL', status: 4, paid: 34.85, created: '2026-10-01T10:01:00Z' }],
  invoice: { number: `INV-${orderNumber}`, date: '2026-10-01T12:00:00Z' },
});

describe(`issue 8: API keys (${databaseKind})`, () => {
  it('a missing, wrong or revoked key is a 401 that says how to authenticate', async () => {
    for (const apiKey of [null, 'acc_wrong', 'Basic abc']) {
      const response = await call('GET', '/settings', undefined, apiKey);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Bearer');
      expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
    }
    const keys = buildDatabaseServices(server.app.db).apiKeys;
    const revoked = await keys.create('to revoke');
    expect((await call('GET', '/settings', undefined, revoked.key)).statusCode).toBe(200);
    expect(await keys.revoke(revoked.prefix)).toBe(true);
    expect((await call('GET', '/settings', undefined, revoked.key)).statusCode).toBe(401);
  });

  it('keys are stored only as hashes; a list shows the prefix, never the key', async () => {
    const keys = buildDatabaseServices(server.app.db).apiKeys;
    const made = await keys.create('listing');
    const rows = await server.app.db.kysely.selectFrom('apiKeys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(made.key);
    const listed = (await keys.list()).find((k) => k.id === made.id);
    expect(listed).toMatchObject({ name: 'listing', prefix: made.key.slice(0, 10), revokedAt: null });
  });

  it('no session or XSRF token is needed or used: a browser cookie does not authenticate', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-emma');
    const withCookie = await server.app.inject({
      method: 'GET',
      url: `${BASE}/settings`,
      headers: { cookie: browser.cookieHeader() },
    });
    expect(withCookie.statusCode).toBe(401);
    expect((await call('PUT', `/products/p-${uid()}`, product())).statusCode).toBe(201);
  });
});

describe(`issue 8: upserts by the shop's ids (${databaseKind})`, () => {
  it('PUT creates (201) and then replaces (200) the same record; DELETE removes it once', async () => {
    const id = `sku-${uid()}`;
    const created = await call('PUT', `/products/${id}`, product());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ kind: 'product', key: { id }, outcome: 'created' });
    const again = await call('PUT', `/products/${id}`, product('Trail mug, enamel'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'updated' });
    const rows = await server.app.db.kysely.selectFrom('products').selectAll().where('externalId', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Trail mug, enamel', priceE4: 149_500, currency: 'EUR' });
    expect((await call('DELETE', `/products/${id}`)).json()).toMatchObject({ outcome: 'deleted' });
    expect((await call('DELETE', `/products/${id}`)).json()).toMatchObject({ outcome: 'absent' });
  });

  it('DELETE of a shopper removes the shopper with that id, once', async () => {
    const id = `c-${uid()}`;
    const email = `deleted.${uid()}@example.com`;
    expect((await call('PUT', `/shoppers/${id}`, { email, lastName: 'Gone' })).statusCode).toBe(201);
    expect((await call('DELETE', `/shoppers/${id}`)).json()).toMatchObject({ kind: 'shopper', outcome: 'deleted' });
    expect((await call('DELETE', `/shoppers/${id}`)).json()).toMatchObject({ outcome: 'absent' });
    const left = await server.app.db.kysely.selectFrom('shoppers').select('id').where('email', '=', email).execute();
    expect(left).toEqual([]);
  });

  it('a bad record is a 400 naming each field, and nothing is stored', async () => {
    const id = `sku-${uid()}`;
    const response = await call('PUT', `/products/${id}`, {
      name: '',
      price: { amount: 'cheap', currency: 'EURO' },
      colour: 'red',
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json() as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(['colour', 'name', 'price.amount', 'price.currency']);
    expect(fields.colour).toBe('Unknown field');
    const stored = await server.app.db.kysely
      .selectFrom('products')
      .select('id')
      .where('externalId', '=', id)
      .execute();
    expect(stored).toEqual([]);
    expect((await call('PUT', '/products/has%20space', product())).statusCode).toBe(400);
    // PostgreSQL cannot store NUL in text: refused up front, the same on both databases.
    const nul = await call('PUT', `/products/${id}`, { ...product(), name: 'Mug\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ fields: { name: expect.any(String) } });
  });

  it('a record pointing at something unknown is a 400 naming the reference', async () => {
    const response = await call('PUT', `/orders/o-${uid()}`, order('nobody', `FP-${uid()}`, []));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { Shopper: expect.stringContaining('nobody') } });
  });

  it('§3 the shopper sees what the shop sent: linked by verified email, orders, wishlist, vouchers, achievements', async () => {
    const shopper = `c-${uid()}`;
    const linked = await call('PUT', `/shoppers/${shopper}`, {
      email: 'NOAH.VISSER@example.com',
      emailVerified: true,
      firstName: 'Noah',
      lastName: 'Visser',
      language: 'NL',
      currency: 'usd',
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const sku = `sku-${uid()}`;
    expect((await call('PUT', `/products/${sku}`, product('Ridge thermos'))).statusCode).toBe(201);
    const number = `FP-X-${uid()}`;
    const placed = await call(
      'PUT',
      `/orders/o-${uid()}`,
      order(shopper, number, [{ product: sku, name: 'Ridge thermos' }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await call('PUT', `/shoppers/${shopper}/wishlist/${sku}`, {})).statusCode).toBe(201);
    const campaign = `camp-${uid()}`;
    expect(
      (
        await call('PUT', `/voucher-campaigns/${campaign}`, {
          name: 'Autumn 10%',
          discount: { percentage: 10, currency: 'EUR' },
          codes: [`AUT-${uid()}`],
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('PUT', `/vouchers/v-${uid()}`, { shopper, campaign })).statusCode).toBe(201);
    const achievement = `ach-${uid()}`;
    expect(
      (await call('PUT', `/achievements/${achievement}`, { name: 'Collector', totalProgress: 3, description: 'Three' }))
        .statusCode,
    ).toBe(201);
    expect((await call('PUT', `/shoppers/${shopper}/achievements/${achievement}`, { progress: 3 })).statusCode).toBe(
      201,
    );

    // Noah signs in as ever and finds it all in his account.
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-noah');
    const account = Account.parse((await browser.request('/account/api/v1/shopuser/me')).json());
    expect(account).toMatchObject({ defaultLanguage: 'nl', defaultCurrency: { iSO4217: 'USD' } });
    expect(account.wishProducts.map((p) => [p.name, p.price])).toEqual([
      ['Ridge thermos', { amount: 16.95, currency: 'USD' }],
    ]);
    expect(account.vouchers.map((v) => v.campaign)).toContain('Autumn 10%');
    expect(account.achievements.find((a) => a.name === 'Collector')).toMatchObject({ canClaim: true });
    const orders = OrderList.parse((await browser.request(`/account/api/v1/order?page=1&query=${number}`)).json());
    expect(orders.data.map((o) => o.orderId)).toEqual([number]);
    expect(orders.data[0]).toMatchObject({
      totalPrice: { amount: 34.85, currency: 'EUR' },
      invoice: { name: `INV-${number}` },
      shippingAddress: { city: 'Amsterdam', text: expect.stringContaining('1000 AA Amsterdam, Netherlands') },
    });
    const search = OrderList.parse((await browser.request('/account/api/v1/order?page=1&query=thermos')).json());
    expect(search.data.map((o) => o.orderId)).toContain(number);

    // Reading the shopper back gives everything the account area holds.
    const data = ShopperData.parse((await call('GET', `/shoppers/${shopper}/data`)).json());
    expect(data.shopper.externalId).toBe(shopper);
    expect(data.account.email).toBe('NOAH.VISSER@example.com');
    expect(data.orders.map((o) => o.orderId)).toContain(number);
  });

  it('§3/§9 Money: an amount the shop sends with 4 decimals survives storage and is rounded up at display (10.0041 -> € 10.01)', async () => {
    const shopper = `c-${uid()}`;
    const linked = await call('PUT', `/shoppers/${shopper}`, {
      email: 'lotte.meijer@example.com',
      emailVerified: true,
      firstName: 'Lotte',
      lastName: 'Meijer',
    });
    expect(linked.json(), linked.body).toEqual({ kind: 'shopper', key: { id: shopper }, outcome: 'created' });
    const number = `FP-M-${uid()}`;
    const placed = await call('PUT', `/orders/o-${uid()}`, {
      ...order(shopper, number, [{ product: null, name: 'Fuel canister' }]),
      subTotal: 10.0041,
      shippingCost: 0,
      totalPrice: 10.0041,
      products: [{ product: null, name: 'Fuel canister', price: 10.0041, status: 60 }],
      transactions: [
        { method: 'ideal', methodName: 'iDEAL', status: 4, paid: 10.0041, created: '2026-10-01T10:01:00Z' },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);

    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-lotte');
    const orders = OrderList.parse((await browser.request(`/account/api/v1/order?page=1&query=${number}`)).json());
    const [shown] = orders.data;
    expect(shown?.totalPrice).toEqual({ amount: 10.0041, currency: 'EUR' });
    expect(shown?.products.map((p) => p.price.amount)).toEqual([10.0041]);
    expect(shown?.transactions.map((t) => t.paid.amount)).toEqual([10.0041]);
    expect(shown && formatMoney(shown.totalPrice)).toBe('€ 10.01');
  });

  it('§2 Order detail: an order the shop puts shows its products in the shop’s order and its payments oldest first; a put again replaces both, in the previous release’s tables too, and an invoice put as null is removed', async () => {
    const shopper = `c-${uid()}`;
    await call('PUT', `/shoppers/${shopper}`, {
      email: `${shopper}@example.com`,
      firstName: 'Lotte',
      lastName: 'Meijer',
    });
    const number = `FP-P-${uid()}`;
    const path = `/orders/o-${uid()}`;
    const paid = { method: 'ideal', methodName: 'iDEAL', status: 4, paid: 34.85, created: '2026-10-01T10:05:00Z' };
    const failed = { method: 'paypal', methodName: 'PayPal', status: 3, paid: 0, created: '2026-10-01T10:01:00Z' };
    const first = await call('PUT', path, {
      ...order(shopper, number, [
        { product: null, name: 'Tent' },
        { product: null, name: 'Camp mug' },
      ]),
      transactions: [paid, failed],
    });
    expect(first.statusCode, first.body).toBe(201);
    const shown = async () => {
      const data = ShopperData.parse((await call('GET', `/shoppers/${shopper}/data`)).json());
      const stored = data.orders.find((o) => o.orderId === number);
      return { products: stored?.products.map((p) => p.name), payments: stored?.transactions.map((t) => t.method) };
    };
    expect(await shown()).toEqual({ products: ['Tent', 'Camp mug'], payments: ['paypal', 'ideal'] });

    const again = await call('PUT', path, {
      ...order(shopper, number, [{ product: null, name: 'Stove' }]),
      transactions: [paid],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await shown()).toEqual({ products: ['Stove'], payments: ['ideal'] });
    const k = server.app.db.kysely;
    const orderId = (
      await k.selectFrom('orders').select('id').where('orderNumber', '=', number).executeTakeFirstOrThrow()
    ).id;
    expect(await k.selectFrom('orderProducts').select('name').where('orderId', '=', orderId).execute()).toEqual([
      { name: 'Stove' },
    ]);
    expect(await k.selectFrom('orderTransactions').select('method').where('orderId', '=', orderId).execute()).toEqual([
      { method: 'ideal' },
    ]);

    // An invoice the shop withdraws (null) is gone from the order.
    const withdrawn = await call('PUT', path, {
      ...order(shopper, number, [{ product: null, name: 'Stove' }]),
      transactions: [paid],
      invoice: null,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await k.selectFrom('invoices').select('number').where('orderId', '=', orderId).execute()).toEqual([]);
  });

  it('a shopper PUT keeps the account area’s own state unless told: verification and onboarding', async () => {
    const shopper = `c-${uid()}`;
    const body = {
      email: `${shopper}@example.com`,
      telephone: '+31 612345678',
      telephoneVerifiedAt: '2026-01-01T00:00:00Z',
    };
    expect((await call('PUT', `/shoppers/${shopper}`, body)).statusCode).toBe(201);
    const { telephoneVerifiedAt: _, ...withoutVerification } = body;
    expect((await call('PUT', `/shoppers/${shopper}`, withoutVerification)).statusCode).toBe(200);
    const read = async () => ShopperData.parse((await call('GET', `/shoppers/${shopper}/data`)).json()).account;
    expect((await read()).isTelephoneVerified).toBe(true);
    // A new number is not verified.
    expect(
      (await call('PUT', `/shoppers/${shopper}`, { ...withoutVerification, telephone: '+31 699999999' })).statusCode,
    ).toBe(200);
    expect((await read()).isTelephoneVerified).toBe(false);
  });

  it('unique values of the shop stay unique: an order number, a claim code, a page name', async () => {
    const shopper = `c-${uid()}`;
    await call('PUT', `/shoppers/${shopper}`, { email: `${shopper}@example.com` });
    const number = `FP-U-${uid()}`;
    expect((await call('PUT', `/orders/a-${uid()}`, order(shopper, number, []))).statusCode).toBe(201);
    const clash = await call('PUT', `/orders/b-${uid()}`, { ...order(shopper, number, []), invoice: null });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toMatchObject({ fields: { OrderNumber: expect.any(String) } });
    const code = `CODE-${uid()}`;
    const campaign = { name: 'One', claimCode: code, discount: { amount: 5, currency: 'EUR' } };
    expect((await call('PUT', `/voucher-campaigns/k-${uid()}`, campaign)).statusCode).toBe(201);
    const second = await call('PUT', `/voucher-campaigns/k-${uid()}`, { ...campaign, claimCode: code.toLowerCase() });
    expect(second.json()).toMatchObject({ fields: { ClaimCode: expect.any(String) } });
  });

  it('site settings, lists, pages and texts change what every shopper is shown', async () => {
    const patched = await call('PATCH', '/settings', { companyName: 'Fjord & Pine Outdoor' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ companyName: 'Fjord & Pine Outdoor' });
    expect(
      (await call('PUT', '/currencies/SEK', { displayName: 'Swedish Krona', sign: 'kr', viewOrder: 9 })).statusCode,
    ).toBe(201);
    expect(
      (
        await call('PUT', `/pages/pg-${uid()}`, {
          name: `story-${uid()}`,
          title: 'Our story',
          url: '/demo-shop/pages/size-guide',
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('PUT', '/translations/en', { entries: { ac_MyOrders: 'Your orders' } })).statusCode).toBe(201);

    const browser = new TestBrowser(server.app);
    const config = (await browser.request('/account/api/v1/setting')).json() as {
      companyName: string;
      pages: { title: string }[];
    };
    expect(config.companyName).toBe('Fjord & Pine Outdoor');
    expect(config.pages.map((p) => p.title)).toContain('Our story');
    const texts = (await browser.request('/account/api/v1/translation?language=en')).json() as {
      key: string;
      translate: string;
    }[];
    expect(texts.find((t) => t.key === 'ac_MyOrders')?.translate).toBe('Your orders');
    const localize = (await browser.request('/account/api/v1/localize')).json() as { currencies: { name: string }[] };
    expect(localize.currencies.map((c) => c.name)).toContain('Swedish Krona');

    const bad = await call('PATCH', '/settings', { companyName: 3, decimalSep: '....' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { fields: object }).fields).sort()).toEqual(['companyName', 'decimalSep']);
  });
});

describe(`issue 44: a custom page's title per language (${databaseKind})`, () => {
  interface ShownPage {
    name: string;
    title: string;
    titles: Record<string, string>;
  }
  /** The page as a shopper reading the account area in `language` is shown it. */
  async function shown(name: string, language: string): Promise<ShownPage | undefined> {
    const browser = new TestBrowser(server.app);
    const response = await browser.request({
      url: '/account/api/v1/setting',
      headers: { 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { pages: ShownPage[] }).pages.find((p) => p.name === name);
  }

  it('shows the title of the shopper’s language, else the default language’s (en), else the single title', async () => {
    const name = `returns-${uid()}`;
    const page = {
      name,
      title: 'Returns',
      titles: { EN: 'Returns policy', nl: 'Retourbeleid' },
      url: '/demo-shop/pages/returns-policy',
    };
    const put = await call('PUT', `/pages/pg-${uid()}`, page);
    expect(put.statusCode, put.body).toBe(201);
    expect(await shown(name, 'nl')).toMatchObject({
      title: 'Retourbeleid',
      titles: { en: 'Returns policy', nl: 'Retourbeleid', de: 'Returns policy' },
    });
    expect((await shown(name, 'de'))?.title).toBe('Returns policy');
    expect((await shown(name, 'en'))?.title).toBe('Returns policy');
  });

  it('a single title, as before, is the title in every language; a repeated PUT changes nothing', async () => {
    const name = `story-${uid()}`;
    const id = `pg-${uid()}`;
    const page = { name, title: 'Our story', url: '/demo-shop/pages/size-guide' };
    expect((await call('PUT', `/pages/${id}`, page)).statusCode).toBe(201);
    const again = await call('PUT', `/pages/${id}`, page);
    expect(again.statusCode).toBe(200);
    expect(await shown(name, 'de')).toMatchObject({
      title: 'Our story',
      titles: { en: 'Our story', nl: 'Our story', de: 'Our story' },
    });
    // Titles given later replace the fallback for their language only; a repeat is harmless.
    const withTitles = { ...page, titles: { de: 'Unsere Geschichte' } };
    expect((await call('PUT', `/pages/${id}`, withTitles)).statusCode).toBe(200);
    expect((await call('PUT', `/pages/${id}`, withTitles)).statusCode).toBe(200);
    expect((await shown(name, 'de'))?.title).toBe('Unsere Geschichte');
    expect((await shown(name, 'nl'))?.title).toBe('Our story');
  });

  it('a title for something that is not a language code, or too long, is a 400 naming the field', async () => {
    const page = { name: `bad-${uid()}`, url: '/demo-shop/pages/size-guide' };
    const badCode = await call('PUT', `/pages/pg-${uid()}`, { ...page, titles: { 'not a code': 'x' } });
    expect(badCode.statusCode).toBe(400);
    const tooLong = await call('PUT', `/pages/pg-${uid()}`, { ...page, titles: { nl: 'x'.repeat(251) } });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys((tooLong.json() as { fields: object }).fields).join()).toMatch(/Titles/i);
  });
});

describe(`issue 8: the batch (${databaseKind})`, () => {
  it('applies each record on its own: the good ones are kept, the bad ones reported with reasons', async () => {
    const shopper = `c-${uid()}`;
    const sku = `sku-${uid()}`;
    const response = await call('POST', '/batch', {
      records: [
        { kind: 'shopper', key: { id: shopper }, data: { email: `${shopper}@example.com`, firstName: 'Bea' } },
        { kind: 'product', key: { id: sku }, data: product() },
        { kind: 'wishlistItem', key: { shopper, product: sku }, data: {} },
        { kind: 'wishlistItem', key: { shopper, product: 'missing' }, data: {} },
        { kind: 'product', key: { id: `sku-${uid()}` }, data: { name: 'No price' } },
        { kind: 'spaceship', key: { id: 'x' }, data: {} },
        { kind: 'product', key: { id: sku }, delete: true },
        'not a record',
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results, summary } = BatchResponse.parse(response.json());
    expect(results.map((r) => r.outcome)).toEqual([
      'created',
      'created',
      'created',
      'rejected',
      'rejected',
      'rejected',
      'deleted',
      'rejected',
    ]);
    expect(results[3]?.errors).toEqual({ Product: expect.stringContaining('missing') });
    expect(results[4]?.errors).toEqual({ 'data.price': expect.any(String) });
    expect(summary).toEqual({ created: 3, updated: 0, deleted: 1, absent: 0, rejected: 4 });
    const kept = await server.app.db.kysely
      .selectFrom('shoppers')
      .select('firstName')
      .where('externalId', '=', shopper)
      .execute();
    expect(kept).toEqual([{ firstName: 'Bea' }]);
  });

  it('refuses an empty or oversized batch as a whole', async () => {
    expect((await call('POST', '/batch', { records: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({
      kind: 'interest',
      key: { id: `i${i}` },
      data: { name: 'x' },
    }));
    expect((await call('POST', '/batch', { records: tooMany })).statusCode).toBe(400);
  });
});

describe(`issue 8: rate limits (${databaseKind})`, () => {
  it('a key over its limit gets 429 with Retry-After', async () => {
    const limited = await startServer({ env: { INTEGRATION_RATE_LIMIT: '3' } });
    try {
      const own = (await buildDatabaseServices(limited.app.db).apiKeys.create('limited')).key;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await limited.app.inject({
          method: 'GET',
          url: `${BASE}/settings`,
          headers: { authorization: `Bearer ${own}` },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
