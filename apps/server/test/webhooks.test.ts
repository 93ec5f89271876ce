/**
 * Webhooks to the shop (issue 8): a shopper's changes become events in the same transaction as
 * the change, delivered signed to a local receiver that fails, times out and then acknowledges;
 * retried until acknowledged, in order per shopper, and visible through the integration API.
 */
import { createHmac } from 'node:crypto';
import { DeliveryList, WEBHOOK_HEADERS } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDatabaseServices } from '../src/services.js';
import { TestBrowser } from './support/browser.js';
import { eventually } from './support/eventually.js';
import { signIn } from './support/sign-in.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';
import { type Answer, webhookReceiver } from './support/webhook-receiver.js';

const FAST = { WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_TIMEOUT_MS: '400', WEBHOOK_RETRY_BASE_MS: '100' };

describe(`issue 8: webhooks (${databaseKind})`, () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  let secret: string;
  /** The receiver's script: the first delivery fails, the second hangs past the timeout, then all succeed. */
  const script: Answer[] = ['fail', 'hang'];

  beforeAll(async () => {
    receiver = await webhookReceiver((attempt) => script[attempt] ?? 'ok');
    server = await startServer({ env: FAST });
    ({ secret } = await buildDatabaseServices(server.app.db).webhooks.addEndpoint(receiver.url, 'shop'));
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('every change arrives signed, after failures and a timeout, once acknowledged and in order', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'new');
    const first = await browser.request({
      method: 'POST',
      url: api('/setting/firstTimeSetting'),
      body: {
        Settings: {
          Gender: 2,
          FirstName: 'Ines',
          LastName: 'Bakker',
          Email: 'ines@example.com',
          NewsSubscribe: [1],
          InterestIds: [1],
          NewsletterIds: [1],
        },
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    const address = await browser.request({
      method: 'POST',
      url: api('/address'),
      body: {
        AddressType: 0,
        FirstName: 'Ines',
        LastName: 'Bakker',
        Email: 'ines@example.com',
        ConfirmEmail: 'ines@example.com',
        Telephone: '+31 612345678',
        ConfirmTelephone: '+31 612345678',
        Country: 'NL',
        Address: 'Kade',
        AddressNumber: '3',
        ZipCode: '1011 AA',
        City: 'Amsterdam',
      },
    });
    expect(address.statusCode, address.body).toBe(200);
    const interests = await browser.request({
      method: 'PATCH',
      url: api('/setting/interests'),
      body: { InterestIds: [2, 3] },
    });
    expect(interests.statusCode).toBe(200);
    const locale = await browser.request({ method: 'PATCH', url: api('/localize'), body: { Language: 'de' } });
    expect(locale.statusCode).toBe(200);

    const expected = [
      'account.created',
      'first_login.completed',
      'address.created',
      'interests.updated',
      'localisation.updated',
    ];
    await eventually(() => {
      const types = [...new Map(receiver.acknowledged().map((e) => [e.id, e.type])).values()];
      expect(types).toEqual(expected);
    });

    // Failed, then timed out, then acknowledged: the same event three times, under one id.
    expect(receiver.received.slice(0, 3).map((r) => r.answer)).toEqual(['fail', 'hang', 'ok']);
    const bodies = receiver.received.slice(0, 3).map((r) => JSON.parse(r.body) as { id: number });
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);

    // Events of one shopper arrive in the order they happened.
    const ids = receiver.acknowledged().map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const events = receiver.acknowledged();
    expect(events[2]).toMatchObject({ data: { address: { city: 'Amsterdam', isBilling: true } } });
    expect(events[3]).toMatchObject({ data: { interestIds: [2, 3] } });

    // Each delivery is signed over its timestamp and body with the endpoint's secret.
    for (const delivery of receiver.received) {
      const timestamp = String(delivery.headers[WEBHOOK_HEADERS.timestamp]);
      const expectedSignature = `v1=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
      expect(delivery.headers[WEBHOOK_HEADERS.signature]).toBe(expectedSignature);
      expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
      expect(delivery.headers[WEBHOOK_HEADERS.event]).toBe((JSON.parse(delivery.body) as { type: string }).type);
    }
  });

  it('a refused change records no event; the delivery state is visible through the integration API', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-sofia');
    const before = receiver.received.length;
    const refused = await browser.request({
      method: 'PATCH',
      url: api('/setting/interests'),
      body: { InterestIds: [9999] },
    });
    expect(refused.statusCode).toBe(400);
    const deleted = await browser.request({ method: 'DELETE', url: api('/order/999999') });
    expect(deleted.statusCode).toBe(404);
    const claimed = await browser.request({
      method: 'PATCH',
      url: api('/setting/newsletters'),
      body: { NewsletterIds: [2] },
    });
    expect(claimed.statusCode).toBe(200);
    await eventually(() => expect(receiver.acknowledged().at(-1)?.type).toBe('newsletters.updated'));
    expect(receiver.received.slice(before).map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
      'newsletters.updated',
    ]);

    const key = (await buildDatabaseServices(server.app.db).apiKeys.create('deliveries')).key;
    const response = await server.app.inject({
      method: 'GET',
      url: '/account/api/integration/v1/webhooks/deliveries?state=delivered&limit=500',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { deliveries } = DeliveryList.parse(response.json());
    expect(deliveries.every((d) => d.state === 'delivered' && d.endpoint === receiver.url)).toBe(true);
    const retried = deliveries.find((d) => d.event === 'account.created');
    expect(retried).toMatchObject({ attempts: 3, lastError: null });
  });

  it('an endpoint that never acknowledges keeps its deliveries pending with the reason, and holds the shopper’s later events', async () => {
    const down = await webhookReceiver(() => 'fail');
    const own = await startServer({ env: FAST });
    try {
      await buildDatabaseServices(own.app.db).webhooks.addEndpoint(down.url);
      const browser = new TestBrowser(own.app);
      await signIn(browser, 'new');
      await browser.request({ method: 'PATCH', url: api('/localize'), body: { Currency: 'USD' } });
      await eventually(() => expect(down.received.length).toBeGreaterThanOrEqual(3));
      // Only the shopper's first event is tried: the later one waits for it.
      expect(new Set(down.received.map((r) => (JSON.parse(r.body) as { type: string }).type))).toEqual(
        new Set(['account.created']),
      );
      const pending = await buildDatabaseServices(own.app.db).webhooks.deliveries({ state: 'pending', limit: 10 });
      expect(pending.map((d) => d.event).sort()).toEqual(['account.created', 'localisation.updated']);
      expect(pending.find((d) => d.event === 'account.created')).toMatchObject({ lastError: 'HTTP 500' });
    } finally {
      await own.close();
      await down.close();
    }
  });
});
