/**
 * Issue 46, "Send it back": which lines of an order a shopper may return (delivered, within the
 * shop's window, not yet in another return), asking for a return and every refusal, two requests
 * racing for the last unit, cancelling, and the return's life from the shop (its updates,
 * idempotent and in any order), with the webhooks written in the change's transaction.
 */
import { BatchResponse, OrderList, Return, ReturnList, ReturnOptions } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AS_A_BROWSER_POSTS_A_FORM, type TestBrowser } from './support/browser.js';
import { NOAH_AT_THE_SHOP, NOAH_RECORD, type ShopCall, shopFeed } from './support/shop-feed.js';
import { signedIn } from './support/sign-in.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
let call: ShopCall;
let noah: TestBrowser;
const SHOPPER = NOAH_AT_THE_SHOP;

const API = '/account/api/v1';
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

beforeAll(async () => {
  // Deliveries are not the subject here: the events wait in the outbox, where they are read.
  server = await startServer({ env: { INTEGRATION_RATE_LIMIT: '100000', WEBHOOK_POLL_INTERVAL_MS: '600000' } });
  await server.app.db.kysely
    .insertInto('webhookEndpoints')
    .values({ url: 'http://127.0.0.1:9/hook', secret: 'x'.repeat(32), createdAt: new Date().toISOString() })
    .execute();
  ({ call, noah } = await shopFeed(server));
});
afterAll(async () => {
  await server?.close();
});

let sequence = 0;
const uid = () => `${Date.now().toString(36)}${++sequence}`;

/** An order placed `days` ago; each line's status is the shop's own (0: left to its parcels). */
async function placeOrder(statuses: number[], days = 5): Promise<{ external: string; id: number }> {
  const external = `o-${uid()}`;
  const number = `FP-R-${uid()}`;
  const placed = await call('PUT', `/orders/${external}`, {
    shopper: SHOPPER,
    orderNumber: number,
    status: 50,
    currency: 'EUR',
    created: daysAgo(days),
    subTotal: 30,
    totalPrice: 30,
    products: statuses.map((status, i) => ({ name: `Line ${i}`, price: 10, ...(status ? { status } : {}) })),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const list = OrderList.parse((await noah.request(`${API}/order?page=1&query=${number}`)).json());
  const id = list.data[0]?.id;
  if (id === undefined) throw new Error('the order is not in the list');
  return { external, id };
}

/** A parcel of the order with the lines and quantities given, delivered `days` ago (or still on its way). */
async function parcel(order: string, lines: [line: number, quantity: number][], delivered: number | null) {
  const id = `sh-${uid()}`;
  const put = await call('PUT', `/shipments/${id}`, {
    order,
    carrier: { name: 'PostNL' },
    lines: lines.map(([line, quantity]) => ({ line, quantity })),
  });
  expect(put.statusCode, put.body).toBe(201);
  const status = delivered === null ? 'inTransit' : 'delivered';
  const at = delivered === null ? daysAgo(1) : daysAgo(delivered);
  expect((await call('PUT', `/shipments/${id}/events/1`, { status, at })).statusCode).toBe(201);
  return at;
}

const optionsOf = async (orderId: number, browser = noah) =>
  ReturnOptions.parse((await browser.request(`${API}/order/returnOptions/${orderId}`)).json());

const ask = (orderId: number, body: unknown, browser = noah) =>
  browser.request({ method: 'POST', url: `${API}/order/returns/${orderId}`, body });

const line = (Line: number, Quantity = 1, Reason = 'tooSmall') => ({ Line, Quantity, Reason });

async function created(orderId: number, body: unknown): Promise<Return> {
  const response = await ask(orderId, body);
  expect(response.statusCode, response.body).toBe(200);
  return Return.parse(response.json());
}

const cancel = (id: number, browser = noah) =>
  browser.request({ method: 'POST', url: `${API}/returns/cancel/${id}`, body: {} });

const update = (number: string, id: string, data: Record<string, unknown>) =>
  call('PUT', `/returns/${number}/updates/${id}`, data);

const returnOf = async (r: Return) => {
  const list = ReturnList.parse((await noah.request(`${API}/order/returns/${r.orderId}`)).json());
  const found = list.returns.find((x) => x.id === r.id);
  if (!found) throw new Error(`return ${r.number} is not listed`);
  return found;
};

/** The webhook events of a type written for the return (read from the outbox through the app's db). */
async function eventsOf(type: string, returnId: number): Promise<Record<string, unknown>[]> {
  const rows = await server.app.db.kysely
    .selectFrom('webhookEvents')
    .select('payload')
    .where('type', '=', type)
    .orderBy('id')
    .execute();
  return rows
    .map((row) => (JSON.parse(row.payload) as { data: Record<string, unknown> }).data)
    .filter((data) => data.id === returnId);
}

describe(`issue 46: which lines can be sent back (${databaseKind})`, () => {
  it('a line’s delivered quantity is the sum of its delivered parcels; a parcel on its way counts nothing; until is its latest delivery plus the policy’s 30 days', async () => {
    const order = await placeOrder([0, 0, 0]);
    const first = await parcel(order.external, [[0, 2]], 4);
    const latest = await parcel(order.external, [[0, 1]], 2);
    await parcel(order.external, [[1, 1]], null);
    const { lines } = await optionsOf(order.id);
    expect(lines[0]).toMatchObject({ line: 0, name: 'Line 0', returnable: true, maxQuantity: 3, why: null });
    expect(lines[0]?.until).toBe(new Date(Date.parse(latest) + 30 * DAY).toISOString());
    expect(first < latest).toBe(true);
    expect(lines[1]).toMatchObject({ maxQuantity: 0, why: 'notDelivered', until: null });
    expect(lines[2]).toMatchObject({ maxQuantity: 0, why: 'notDelivered' });
  });

  it('an order without parcels: a line the shop marks delivered (60) counts one, its window from the order’s creation', async () => {
    const order = await placeOrder([60, 20], 10);
    const { lines } = await optionsOf(order.id);
    expect(lines.map((l) => [l.maxQuantity, l.why])).toEqual([
      [1, null],
      [0, 'notDelivered'],
    ]);
    const until = Date.parse(lines[0]?.until ?? '');
    expect(Math.abs(until - (Date.now() - 10 * DAY + 30 * DAY))).toBeLessThan(60_000);
  });

  it('after the policy’s days a line has expired; the order’s rules make a line not returnable, or give it its own until, reasons and methods', async () => {
    const order = await placeOrder([60, 60, 60], 40);
    expect((await optionsOf(order.id)).lines.map((l) => l.why)).toEqual(['expired', 'expired', 'expired']);
    const rules = await call('PUT', `/orders/${order.external}/return-rules`, {
      lines: [
        { line: 0, returnable: false },
        {
          line: 1,
          returnable: true,
          until: new Date(Date.now() + 5 * DAY).toISOString(),
          reasons: [{ code: 'wornOut', labels: { en: 'Worn out', nl: 'Versleten' } }],
          methods: [{ code: 'store', kind: 'inStore', labels: { en: 'In store' } }],
        },
      ],
    });
    expect(rules.statusCode, rules.body).toBe(201);
    const { lines, reasons } = await optionsOf(order.id);
    expect(lines.map((l) => [l.returnable, l.why, l.maxQuantity])).toEqual([
      [false, 'notReturnable', 0],
      [true, null, 1],
      [true, 'expired', 0],
    ]);
    expect(lines[1]).toMatchObject({ reasons: ['wornOut'], methods: ['store'] });
    expect(reasons.map((r) => r.code)).toContain('wornOut');
    // Sent again: replaced, not added.
    expect((await call('PUT', `/orders/${order.external}/return-rules`, { lines: [] })).statusCode).toBe(200);
    expect((await optionsOf(order.id)).lines.map((l) => l.why)).toEqual(['expired', 'expired', 'expired']);
  });

  it('reasons and methods are labelled in the shopper’s language (nl), a method’s cost as money in the order’s currency', async () => {
    const order = await placeOrder([60]);
    expect((await call('PUT', `/shoppers/${SHOPPER}`, { ...NOAH_RECORD, language: 'nl' })).statusCode).toBe(200);
    try {
      const { reasons, methods } = await optionsOf(order.id);
      expect(reasons.find((r) => r.code === 'tooSmall')?.label).toBe('Te klein');
      expect(methods.find((m) => m.code === 'pickup')).toEqual({
        code: 'pickup',
        kind: 'pickup',
        label: 'Thuis opgehaald',
        cost: { amount: 4.95, currency: 'EUR' },
      });
    } finally {
      await call('PUT', `/shoppers/${SHOPPER}`, { ...NOAH_RECORD, language: 'en' });
    }
  });

  it('the order’s rules: an unknown order is a 404 naming order, a line the order lacks a 400 naming lines.N.line', async () => {
    const unknown = await call('PUT', '/orders/no-such-order/return-rules', { lines: [] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ fields: { order: expect.any(String) } });
    const order = await placeOrder([60]);
    const outside = await call('PUT', `/orders/${order.external}/return-rules`, {
      lines: [
        { line: 0, returnable: true },
        { line: 3, returnable: false },
      ],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ fields: { 'lines.1.line': expect.any(String) } });
  });
});

describe(`issue 46: asking for a return (${databaseKind})`, () => {
  it('a return is numbered, requested, on its order’s and the shopper’s lists, and the shop hears of it in the same transaction', async () => {
    const order = await placeOrder([0, 0]);
    await parcel(
      order.external,
      [
        [0, 2],
        [1, 1],
      ],
      3,
    );
    const made = await created(order.id, {
      Lines: [line(0, 2, 'tooLarge')],
      Method: 'pickup',
      Comment: 'Both pairs are a size too large.',
    });
    expect(made).toMatchObject({
      number: expect.stringMatching(/^R-\d{6,}$/),
      orderId: order.id,
      status: 'requested',
      method: { code: 'pickup', kind: 'pickup', label: 'Picked up at home', cost: { amount: 4.95, currency: 'EUR' } },
      comment: 'Both pairs are a size too large.',
      lines: [{ line: 0, name: 'Line 0', quantity: 2, reason: { code: 'tooLarge', label: 'Too large' } }],
      rejectReason: null,
      label: null,
      refund: null,
    });
    expect(made.events.map((e) => e.status)).toEqual(['requested']);
    expect((await optionsOf(order.id)).lines.map((l) => [l.maxQuantity, l.why])).toEqual([
      [0, 'allReturned'],
      [1, null],
    ]);
    const all = ReturnList.parse((await noah.request(`${API}/returns`)).json()).returns;
    expect(all[0]?.id).toBe(made.id);
    expect(await returnOf(made)).toEqual(made);

    const [event] = await eventsOf('return.requested', made.id);
    expect(event).toMatchObject({
      number: made.number,
      order: { id: order.id, externalId: order.external },
      lines: [{ line: 0, quantity: 2, reason: 'tooLarge' }],
      method: 'pickup',
      comment: 'Both pairs are a size too large.',
    });
  });

  it('refused, naming the field: no lines, a line not delivered, expired or not returnable, more than is left, an unknown reason or method, a long comment', async () => {
    const order = await placeOrder([60, 20, 60]);
    await call('PUT', `/orders/${order.external}/return-rules`, { lines: [{ line: 2, returnable: false }] });
    const refused = async (body: unknown, field: string) => {
      const response = await ask(order.id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys((response.json() as { fields: Record<string, string> }).fields)).toContain(field);
    };
    await refused({ Lines: [], Method: 'pickup' }, 'Lines');
    await refused({ Lines: [line(1)], Method: 'pickup' }, 'Lines.0.Line');
    await refused({ Lines: [line(0), line(2)], Method: 'pickup' }, 'Lines.1.Line');
    await refused({ Lines: [line(5)], Method: 'pickup' }, 'Lines.0.Line');
    await refused({ Lines: [line(0, 2)], Method: 'pickup' }, 'Lines.0.Quantity');
    await refused({ Lines: [line(0, 1, 'tooHeavy')], Method: 'pickup' }, 'Lines.0.Reason');
    await refused({ Lines: [line(0)], Method: 'carrierPigeon' }, 'Method');
    await refused({ Lines: [line(0)], Method: 'pickup', Comment: 'x'.repeat(1001) }, 'Comment');
    const old = await placeOrder([60], 31);
    const expired = await ask(old.id, { Lines: [line(0)], Method: 'pickup' });
    expect(expired.json()).toMatchObject({ fields: { 'Lines.0.Line': expect.any(String) } });
    // Nothing was made by any of them.
    expect(ReturnList.parse((await noah.request(`${API}/order/returns/${order.id}`)).json()).returns).toEqual([]);
  });

  it('requests racing for the last unit: one return gets it, the others are refused, never more than was delivered', async () => {
    const order = await placeOrder([60]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ask(order.id, { Lines: [line(0)], Method: 'postnl-point' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    const stored = ReturnList.parse((await noah.request(`${API}/order/returns/${order.id}`)).json()).returns;
    expect(stored).toHaveLength(1);
    expect((await optionsOf(order.id)).lines[0]).toMatchObject({ maxQuantity: 0, why: 'allReturned' });
  });

  it('a requested return can be cancelled (its units free again, the shop told); once the shop acted, a conflict', async () => {
    const order = await placeOrder([60, 60]);
    const first = await created(order.id, { Lines: [line(0)], Method: 'store' });
    const cancelled = await cancel(first.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(Return.parse(cancelled.json())).toMatchObject({ id: first.id, status: 'cancelled' });
    expect(Return.parse(cancelled.json()).events.map((e) => e.status)).toEqual(['cancelled', 'requested']);
    expect(await eventsOf('return.cancelled', first.id)).toHaveLength(1);
    expect((await optionsOf(order.id)).lines[0]).toMatchObject({ maxQuantity: 1, why: null });
    expect((await cancel(first.id)).statusCode).toBe(409);

    const second = await created(order.id, { Lines: [line(1)], Method: 'store' });
    await update(second.number, 'u1', { status: 'approved', at: new Date().toISOString() });
    expect((await cancel(second.id)).statusCode).toBe(409);
    expect((await returnOf(second)).status).toBe('approved');
  });

  it('another shopper’s return or order is a 404, as if it did not exist', async () => {
    const order = await placeOrder([60]);
    const mine = await created(order.id, { Lines: [line(0)], Method: 'store' });
    const other = await signedIn(server, 'new');
    expect((await cancel(mine.id, other)).statusCode).toBe(404);
    expect((await other.request(`${API}/order/returnOptions/${order.id}`)).statusCode).toBe(404);
    expect((await other.request(`${API}/order/returns/${order.id}`)).statusCode).toBe(404);
    expect((await ask(order.id, { Lines: [line(0)], Method: 'store' }, other)).statusCode).toBe(404);
    expect((await returnOf(mine)).status).toBe('requested');
  });
});

describe(`issue 46: the return’s life from the shop (${databaseKind})`, () => {
  it('updates are idempotent by their id and shown in time order whatever order they arrive in; the latest by time is the status', async () => {
    const order = await placeOrder([60]);
    const made = await created(order.id, { Lines: [line(0)], Method: 'postnl-point' });
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const label = { status: 'labelAvailable', at: at(2), label: { url: '/labels/1.svg', kind: 'qr' } };
    expect((await update(made.number, 'u2', label)).statusCode).toBe(201);
    expect((await update(made.number, 'u1', { status: 'approved', at: at(1) })).statusCode).toBe(201);
    const again = await update(made.number, 'u2', label);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      kind: 'returnUpdate',
      key: { return: made.number, id: 'u2' },
      outcome: 'updated',
    });
    let seen = await returnOf(made);
    expect(seen.status).toBe('labelAvailable');
    expect(seen.label).toEqual({ url: '/labels/1.svg', kind: 'qr' });
    expect(seen.events.map((e) => e.status)).toEqual(['labelAvailable', 'approved', 'requested']);

    await update(made.number, 'u4', {
      status: 'refunded',
      at: at(30),
      refund: { amount: 10, currency: 'eur', to: 'Visa •••• 4242' },
    });
    await update(made.number, 'u3', { status: 'received', at: at(20) });
    seen = await returnOf(made);
    expect(seen.status).toBe('refunded');
    expect(seen.refund).toEqual({ amount: { amount: 10, currency: 'EUR' }, to: 'Visa •••• 4242' });
    expect(seen.events.map((e) => e.status)).toEqual([
      'refunded',
      'received',
      'labelAvailable',
      'approved',
      'requested',
    ]);
  });

  it('a rejected return says why and frees its units; a cancelled one takes no update; an unknown return is a 404 naming return', async () => {
    const order = await placeOrder([60, 60]);
    const made = await created(order.id, { Lines: [line(0)], Method: 'store' });
    await update(made.number, 'r1', { status: 'rejected', at: new Date().toISOString(), reason: 'Worn outdoors' });
    const seen = await returnOf(made);
    expect(seen).toMatchObject({ status: 'rejected', rejectReason: 'Worn outdoors' });
    expect((await optionsOf(order.id)).lines[0]).toMatchObject({ maxQuantity: 1, why: null });

    const withdrawn = await created(order.id, { Lines: [line(1)], Method: 'store' });
    await cancel(withdrawn.id);
    const late = await update(withdrawn.number, 'a1', { status: 'approved', at: new Date().toISOString() });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ fields: { status: expect.any(String) } });
    expect((await returnOf(withdrawn)).status).toBe('cancelled');

    const unknown = await update('R-999999999', 'u1', { status: 'approved', at: new Date().toISOString() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ fields: { return: expect.any(String) } });
  });

  it('a batch keeps the good updates and reports the others', async () => {
    const order = await placeOrder([60]);
    const made = await created(order.id, { Lines: [line(0)], Method: 'store' });
    const now = new Date().toISOString();
    const response = await call('POST', '/batch', {
      records: [
        { kind: 'returnUpdate', key: { return: made.number, id: 'b1' }, data: { status: 'approved', at: now } },
        { kind: 'returnUpdate', key: { return: 'R-nowhere', id: 'b1' }, data: { status: 'approved', at: now } },
        { kind: 'returnUpdate', key: { return: made.number, id: 'b2' }, data: { status: 'lost', at: now } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = BatchResponse.parse(response.json());
    expect(results.map((r) => r.outcome)).toEqual(['created', 'rejected', 'rejected']);
    expect(results[1]?.errors).toMatchObject({ return: expect.any(String) });
    expect((await returnOf(made)).status).toBe('approved');
  });
});

describe(`issue 46: the demo shop’s returns (${databaseKind})`, () => {
  it('Emma’s delivered order has an open return of the socks with a QR label the demo shop draws, and an older one was refunded', async () => {
    const emma = await signedIn(server, 'demo-emma');
    const { returns } = ReturnList.parse((await emma.request(`${API}/returns`)).json());
    expect(returns.map((r) => r.status)).toEqual(['labelAvailable', 'refunded']);
    const [open, refunded] = returns;
    expect(open?.lines.map((l) => [l.name, l.quantity, l.reason.code])).toEqual([
      ['Merino hiking socks (2-pack)', 1, 'tooLarge'],
    ]);
    expect(open?.events.map((e) => e.status)).toEqual(['labelAvailable', 'approved', 'requested']);
    expect(open?.label).toEqual({ url: `/demo-shop/return-label/${open?.number}.svg`, kind: 'qr' });
    const label = await server.app.inject(open?.label?.url ?? '');
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toContain('image/svg+xml');
    expect(label.body).toContain(open?.number);
    expect(refunded?.refund?.to).toContain('iDEAL');
    // The shoes of the same order may still follow.
    const options = await optionsOf(open?.orderId ?? 0, emma);
    expect(options.lines.map((l) => [l.maxQuantity, l.why])).toEqual([
      [1, null],
      [0, 'allReturned'],
    ]);
  });

  it('the demo shop’s returns desk approves a requested return and sends its label, as the shop’s updates do', async () => {
    const emma = await signedIn(server, 'demo-emma');
    const { returns } = ReturnList.parse((await emma.request(`${API}/returns`)).json());
    const orderNumber = returns[0]?.orderNumber ?? '';
    const options = await optionsOf(returns[0]?.orderId ?? 0, emma);
    const line = options.lines.find((l) => l.why === null);
    if (!line) throw new Error('the order has no line left to return');
    const asked = await ask(
      returns[0]?.orderId ?? 0,
      {
        Lines: [{ Line: line.line, Quantity: 1, Reason: line.reasons[0] }],
        Method: options.methods[0]?.code,
      },
      emma,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const number = Return.parse(asked.json()).number;

    const desk = async () => (await server.app.inject({ method: 'GET', url: `/order/${orderNumber}` })).body;
    const press = async (title: string) => {
      const page = await desk();
      const item = page.slice(page.indexOf(`<strong>${number}</strong>`));
      const form = [...item.matchAll(/action="([^"]+)"><button type="submit">([^<]+)</g)].find((m) => m[2] === title);
      expect(form, `${title} for ${number}`).toBeDefined();
      expect(
        (await server.app.inject({ method: 'POST', url: form?.[1] ?? '', ...AS_A_BROWSER_POSTS_A_FORM })).statusCode,
      ).toBe(303);
    };
    expect(await desk()).toContain('Returns desk (demo)');
    await press('Approve');
    await press('Send the label');
    const { returns: after } = ReturnList.parse((await emma.request(`${API}/returns`)).json());
    const moved = after.find((r) => r.number === number);
    expect(moved?.status).toBe('labelAvailable');
    expect(moved?.events.map((e) => e.status)).toEqual(['labelAvailable', 'approved', 'requested']);
    expect(moved?.label?.kind).toBe('qr');
  });
});
