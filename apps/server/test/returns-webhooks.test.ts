/**
 * Issue 46: the shop hears of a shopper's return through its webhooks. return.requested and
 * return.cancelled are delivered to the shop's endpoint over HTTP, signed with its secret, with
 * what the shop needs to act: the return's number, the order's and products' ids, reasons, method.
 */
import { createHmac } from 'node:crypto';
import { OrderList, Return, WEBHOOK_HEADERS } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDatabaseServices } from '../src/services.js';
import type { TestBrowser } from './support/browser.js';
import { eventually } from './support/eventually.js';
import { NOAH_AT_THE_SHOP, type ShopCall, shopFeed } from './support/shop-feed.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';
import { webhookReceiver } from './support/webhook-receiver.js';

let server: TestServer;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let secret: string;
let call: ShopCall;
let noah: TestBrowser;

beforeAll(async () => {
  server = await startServer({
    env: { INTEGRATION_RATE_LIMIT: '100000', WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_BASE_MS: '100' },
  });
  receiver = await webhookReceiver();
  ({ secret } = await buildDatabaseServices(server.app.db).webhooks.addEndpoint(receiver.url, 'shop'));
  ({ call, noah } = await shopFeed(server));
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

/** The deliveries of one event type, each checked to be signed over its timestamp and body with the secret. */
function signedDeliveries(type: string) {
  const deliveries = receiver.received.filter((d) => d.headers[WEBHOOK_HEADERS.event] === type);
  for (const delivery of deliveries) {
    const timestamp = String(delivery.headers[WEBHOOK_HEADERS.timestamp]);
    const signature = `v1=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
    expect(delivery.headers[WEBHOOK_HEADERS.signature]).toBe(signature);
  }
  return deliveries.map((d) => JSON.parse(d.body) as { type: string; data: Record<string, unknown> });
}

describe(`issue 46: return webhooks reach the shop, signed (${databaseKind})`, () => {
  it('return.requested and return.cancelled are delivered to the endpoint with a valid signature', async () => {
    expect(
      (await call('PUT', '/products/p-boot', { name: 'Boot', price: { amount: 10, currency: 'EUR' } })).statusCode,
    ).toBe(201);
    const placed = await call('PUT', '/orders/o-hooks', {
      shopper: NOAH_AT_THE_SHOP,
      orderNumber: 'FP-HOOKS-1',
      status: 50,
      currency: 'EUR',
      created: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      subTotal: 10,
      totalPrice: 10,
      products: [{ product: 'p-boot', name: 'Boot', price: 10, status: 60 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderList.parse((await noah.request('/account/api/v1/order?page=1&query=FP-HOOKS-1')).json()).data[0];
    const asked = await noah.request({
      method: 'POST',
      url: `/account/api/v1/order/returns/${order?.id}`,
      body: {
        Lines: [{ Line: 0, Quantity: 1, Reason: 'tooSmall' }],
        Method: 'postnl-point',
        Comment: 'A size up, please',
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const created = Return.parse(asked.json());

    const [requested] = await eventually(() => {
      const found = signedDeliveries('return.requested');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(requested?.data).toMatchObject({
      number: created.number,
      order: { externalId: 'o-hooks', orderNumber: 'FP-HOOKS-1' },
      lines: [expect.objectContaining({ product: 'p-boot', quantity: 1, reason: 'tooSmall' })],
      method: 'postnl-point',
      comment: 'A size up, please',
    });

    const cancelled = await noah.request({ method: 'POST', url: `/account/api/v1/returns/cancel/${created.id}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [gone] = await eventually(() => {
      const found = signedDeliveries('return.cancelled');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(gone?.data).toMatchObject({ number: created.number });
  });
});
