/**
 * Issue 46, buy again: an order's products, or the lines chosen, go to the shop's cart link; what
 * the shop marks out of stock or discontinued, or never sent, is left out and named. The shop
 * sets the link (cartUrl) and each product's availability through the integration API.
 */
import { BuyAgain, OrderList, SiteConfig } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from './support/browser.js';
import { NOAH_AT_THE_SHOP, type ShopCall, shopFeed } from './support/shop-feed.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
let call: ShopCall;
let noah: TestBrowser;

const product = (name: string, availability?: string) => ({
  name,
  price: { amount: 10, currency: 'EUR' },
  ...(availability ? { availability } : {}),
});

let orderId: number;

beforeAll(async () => {
  server = await startServer({ env: { INTEGRATION_RATE_LIMIT: '100000' } });
  ({ call, noah } = await shopFeed(server));
  for (const [id, availability] of [
    ['tent', undefined],
    ['mat', 'lowStock'],
    ['stove', 'outOfStock'],
    ['lamp', 'discontinued'],
  ] as const) {
    expect((await call('PUT', `/products/${id}`, product(id, availability))).statusCode).toBe(201);
  }
  const line = (productId: string | null, name: string) => ({ product: productId, name, price: 10, status: 60 });
  const placed = await call('PUT', '/orders/o-buy', {
    shopper: NOAH_AT_THE_SHOP,
    orderNumber: 'FP-BUY-1',
    status: 50,
    currency: 'EUR',
    created: '2026-11-01T10:00:00Z',
    subTotal: 60,
    totalPrice: 60,
    products: [
      line('tent', 'Tent'),
      line('mat', 'Mat'),
      line('tent', 'Tent'),
      line('stove', 'Stove'),
      line('lamp', 'Lamp'),
      line(null, 'Engraving'),
    ],
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orders = OrderList.parse((await noah.request('/account/api/v1/order?page=1&query=FP-BUY-1')).json());
  orderId = orders.data[0]?.id ?? 0;
});
afterAll(async () => {
  await server?.close();
});

const buyAgain = async (query = '') => {
  const response = await noah.request(`/account/api/v1/order/buyAgain/${orderId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return BuyAgain.parse(response.json());
};

describe(`issue 46: buy again (${databaseKind})`, () => {
  it("the whole order goes to the shop's cart link, each product once with its count; the rest is named with why", async () => {
    const answer = await buyAgain();
    // The demo shop's link: /cart?items={items}.
    expect(answer.cartUrl).toBe(`/cart?items=${encodeURIComponent('tent:2,mat:1')}`);
    expect(answer.added.map((a) => a.line)).toEqual([0, 1, 2]);
    expect(answer.leftOut).toEqual([
      { line: 3, name: 'Stove', reason: 'outOfStock' },
      { line: 4, name: 'Lamp', reason: 'discontinued' },
      { line: 5, name: 'Engraving', reason: 'unknown' },
    ]);
  });

  it('one line of the order goes alone; a line that cannot be bought gives no cart link', async () => {
    expect((await buyAgain('?lines=1')).cartUrl).toBe(`/cart?items=${encodeURIComponent('mat:1')}`);
    const nothing = await buyAgain('?lines=3');
    expect(nothing).toEqual({ cartUrl: null, added: [], leftOut: [{ line: 3, name: 'Stove', reason: 'outOfStock' }] });
  });

  it('a line the order does not have, or a malformed list, is a 400 naming Lines', async () => {
    for (const query of ['?lines=9', '?lines=a,b']) {
      const response = await noah.request(`/account/api/v1/order/buyAgain/${orderId}${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', fields: { Lines: 'ac_FieldInvalidMessage' } });
    }
  });

  it('the shop sets the cart link; without one the site configuration offers no buy again', async () => {
    const config = async () => SiteConfig.parse((await noah.request('/account/api/v1/setting')).json());
    expect((await config()).buyAgain).toBe(true);
    const bad = await call('PATCH', '/settings', { cartUrl: 'https://shop.example/cart' });
    expect(bad.statusCode).toBe(400);
    expect((await call('PATCH', '/settings', { cartUrl: 'https://shop.example/cart/add?p={items}' })).statusCode).toBe(
      200,
    );
    expect((await buyAgain('?lines=0')).cartUrl).toBe('https://shop.example/cart/add?p=tent%3A1');
    expect((await call('PATCH', '/settings', { cartUrl: null })).statusCode).toBe(200);
    expect((await config()).buyAgain).toBe(false);
    expect((await buyAgain()).cartUrl).toBeNull();
    await call('PATCH', '/settings', { cartUrl: '/cart?items={items}' });
  });

  it('the demo shop’s cart shows what arrived', async () => {
    const cart = await server.app.inject({ method: 'GET', url: `/cart?items=${encodeURIComponent('tent:2,mat:1')}` });
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toContain('tent × 2');
    expect(cart.body).toContain('mat × 1');
  });
});
