/**
 * Issue 46, where is my parcel: the shop's shipments and carriers' events through the integration
 * API (idempotent by the shop's ids, in any order, split over parcels, refused with the field at
 * fault), and what the shopper then sees: an order's shipments and timeline, its delivery in one
 * line, the status its lines take from their shipments, and every parcel still on its way.
 */
import { BatchResponse, OnTheWay, Order, OrderList, OrderShipments } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AS_A_BROWSER_POSTS_A_FORM, TestBrowser } from './support/browser.js';
import { NOAH_AT_THE_SHOP, type ShopCall, shopFeed } from './support/shop-feed.js';
import { signIn } from './support/sign-in.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
let call: ShopCall;
let noah: TestBrowser;
const SHOPPER = NOAH_AT_THE_SHOP;

beforeAll(async () => {
  server = await startServer({ env: { INTEGRATION_RATE_LIMIT: '100000' } });
  ({ call, noah } = await shopFeed(server));
});
afterAll(async () => {
  await server?.close();
});

let sequence = 0;
const uid = () => `${Date.now().toString(36)}${++sequence}`;

/** An order of three lines: the first two leave their status to their shipments, the third is the shop's (cancelled). */
async function placeOrder(): Promise<{ external: string; id: number; number: string }> {
  const external = `o-${uid()}`;
  const number = `FP-S-${uid()}`;
  const line = (name: string, status?: number) => ({ name, price: 10, ...(status ? { status } : {}) });
  const placed = await call('PUT', `/orders/${external}`, {
    shopper: SHOPPER,
    orderNumber: number,
    status: 40,
    currency: 'EUR',
    created: '2026-11-20T10:00:00+01:00',
    subTotal: 30,
    totalPrice: 30,
    products: [line('Tent'), line('Mat'), line('Mug', 100)],
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const list = OrderList.parse((await noah.request(`/account/api/v1/order?page=1&query=${number}`)).json());
  const id = list.data[0]?.id;
  if (id === undefined) throw new Error('the order is not in the list');
  return { external, id, number };
}

const shipment = (order: string, lines: number[], extra: Record<string, unknown> = {}) => ({
  order,
  carrier: { name: 'PostNL', trackingUrl: 'https://jouw.postnl.nl/track-and-trace/3S123' },
  trackingNumber: '3S123',
  estimatedDelivery: { from: '2026-11-22', to: '2026-11-23' },
  lines: lines.map((line) => ({ line, quantity: 1 })),
  ...extra,
});

const event = (status: string, at: string, extra: Record<string, unknown> = {}) => ({
  status,
  at,
  location: 'Amsterdam',
  description: `Carrier says: ${status}`,
  ...extra,
});

const shipmentsOf = async (orderId: number) =>
  OrderShipments.parse((await noah.request(`/account/api/v1/order/shipments/${orderId}`)).json()).shipments;
const orderOf = async (orderId: number) => Order.parse((await noah.request(`/account/api/v1/order/${orderId}`)).json());
const onTheWay = async () =>
  OnTheWay.parse((await noah.request('/account/api/v1/shipment/on-the-way')).json()).shipments;

describe(`issue 46: shipments and carrier events from the shop (${databaseKind})`, () => {
  it('a shipment and its events are created once and replaced by their ids; a resend changes nothing', async () => {
    const order = await placeOrder();
    const id = `sh-${uid()}`;
    expect((await call('PUT', `/shipments/${id}`, shipment(order.external, [0, 1]))).statusCode).toBe(201);
    const again = await call('PUT', `/shipments/${id}`, shipment(order.external, [0, 1], { trackingNumber: '3S124' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ kind: 'shipment', key: { id }, outcome: 'updated' });

    const picked = event('inTransit', '2026-11-21T08:00:00+01:00');
    expect((await call('PUT', `/shipments/${id}/events/e1`, picked)).statusCode).toBe(201);
    const resent = await call('PUT', `/shipments/${id}/events/e1`, picked);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ kind: 'shipmentEvent', key: { shipment: id, id: 'e1' }, outcome: 'updated' });

    const [seen] = await shipmentsOf(order.id);
    expect(seen).toMatchObject({ carrier: 'PostNL', trackingNumber: '3S124', status: 'inTransit' });
    expect(seen?.events).toHaveLength(1);
    expect(seen?.events[0]).toMatchObject({ at: '2026-11-21T07:00:00.000Z', location: 'Amsterdam' });
  });

  it('events arriving out of order are shown by their time, newest first; a late old event does not turn the parcel back', async () => {
    const order = await placeOrder();
    const id = `sh-${uid()}`;
    await call('PUT', `/shipments/${id}`, shipment(order.external, [0, 1]));
    await call('PUT', `/shipments/${id}/events/3`, event('delivered', '2026-11-22T15:10:00+01:00'));
    await call('PUT', `/shipments/${id}/events/1`, event('labelCreated', '2026-11-20T12:00:00+01:00'));
    await call('PUT', `/shipments/${id}/events/2`, event('outForDelivery', '2026-11-22T08:30:00+01:00'));

    const [seen] = await shipmentsOf(order.id);
    expect(seen?.events.map((e) => e.status)).toEqual(['delivered', 'outForDelivery', 'labelCreated']);
    expect(seen).toMatchObject({ status: 'delivered', statusAt: '2026-11-22T14:10:00.000Z' });
    const shown = await orderOf(order.id);
    expect(shown.delivery).toEqual({
      status: 'delivered',
      at: '2026-11-22T14:10:00.000Z',
      estimatedDelivery: { from: '2026-11-22', to: '2026-11-23' },
      shipments: 1,
      delivered: 1,
    });
    // The spec's status codes follow the latest event where the shop set none; the shop's own stays.
    expect(shown.products.map((p) => p.status)).toEqual([60, 60, 100]);
  });

  it('an order split over two parcels: each line follows its own, a line in both the one least far; the order line shows the parcel on its way', async () => {
    const order = await placeOrder();
    const [first, second] = [`sh-${uid()}`, `sh-${uid()}`];
    await call('PUT', `/shipments/${first}`, shipment(order.external, [0]));
    await call('PUT', `/shipments/${second}`, shipment(order.external, [0, 1], { trackingNumber: '3S999' }));
    expect((await orderOf(order.id)).products.map((p) => p.status)).toEqual([20, 20, 100]);

    await call('PUT', `/shipments/${first}/events/a`, event('inTransit', '2026-11-21T09:00:00Z'));
    await call('PUT', `/shipments/${second}/events/b`, event('delivered', '2026-11-21T16:00:00Z'));
    const shown = await orderOf(order.id);
    expect(shown.products.map((p) => p.status)).toEqual([50, 60, 100]);
    expect(shown.delivery).toMatchObject({ status: 'inTransit', shipments: 2, delivered: 1 });
    expect((await onTheWay()).filter((s) => s.orderId === order.id)).toEqual([
      expect.objectContaining({ orderNumber: order.number, carrier: 'PostNL', status: 'inTransit' }),
    ]);

    // A delivery problem is what the shopper must see first.
    await call('PUT', `/shipments/${first}/events/c`, event('deliveryAttempted', '2026-11-22T11:00:00Z'));
    expect((await orderOf(order.id)).delivery).toMatchObject({ status: 'deliveryAttempted' });
    expect((await orderOf(order.id)).products[0]?.status).toBe(70);

    await call('PUT', `/shipments/${first}/events/d`, event('delivered', '2026-11-23T10:00:00Z'));
    expect((await onTheWay()).filter((s) => s.orderId === order.id)).toEqual([]);
    expect((await orderOf(order.id)).delivery).toMatchObject({ status: 'delivered', delivered: 2 });
  });

  it('deleting an event or a shipment takes it off the timeline and the order line', async () => {
    const order = await placeOrder();
    const id = `sh-${uid()}`;
    await call('PUT', `/shipments/${id}`, shipment(order.external, [1]));
    await call('PUT', `/shipments/${id}/events/1`, event('inTransit', '2026-11-21T09:00:00Z'));
    await call('PUT', `/shipments/${id}/events/2`, event('outForDelivery', '2026-11-22T07:00:00Z'));
    expect((await call('DELETE', `/shipments/${id}/events/2`)).json()).toMatchObject({ outcome: 'deleted' });
    expect((await orderOf(order.id)).delivery).toMatchObject({ status: 'inTransit' });
    expect((await call('DELETE', `/shipments/${id}`)).json()).toMatchObject({ outcome: 'deleted' });
    expect((await call('DELETE', `/shipments/${id}/events/1`)).json()).toMatchObject({ outcome: 'absent' });
    const shown = await orderOf(order.id);
    expect(shown.delivery).toBeNull();
    expect(shown.products.map((p) => p.status)).toEqual([20, 20, 100]);
    expect(await shipmentsOf(order.id)).toEqual([]);
  });
});

describe(`issue 46: bad shipment input is refused with the field at fault, and keeps nothing (${databaseKind})`, () => {
  it('an event for an unknown shipment, or a shipment of an unknown order, is a 404 naming the field', async () => {
    const unknownShipment = await call(
      'PUT',
      '/shipments/nowhere/events/1',
      event('inTransit', '2026-11-21T09:00:00Z'),
    );
    expect(unknownShipment.statusCode).toBe(404);
    expect(unknownShipment.json()).toMatchObject({ code: 'not_found', fields: { shipment: expect.any(String) } });
    const unknownOrder = await call('PUT', `/shipments/sh-${uid()}`, shipment('no-such-order', [0]));
    expect(unknownOrder.statusCode).toBe(404);
    expect(unknownOrder.json()).toMatchObject({ fields: { Order: expect.stringContaining('no-such-order') } });
  });

  it('a malformed event or shipment is a 400 naming each field', async () => {
    const order = await placeOrder();
    const id = `sh-${uid()}`;
    await call('PUT', `/shipments/${id}`, shipment(order.external, [0]));
    const bad = await call('PUT', `/shipments/${id}/events/1`, { status: 'teleported', at: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['at', 'status']);
    const window = await call(
      'PUT',
      `/shipments/sh-${uid()}`,
      shipment(order.external, [0], { estimatedDelivery: { from: '2026-11-24', to: '2026-11-22' } }),
    );
    expect(window.statusCode).toBe(400);
    const noLine = await call('PUT', `/shipments/sh-${uid()}`, shipment(order.external, [0, 3]));
    expect(noLine.statusCode).toBe(400);
    expect(noLine.json()).toMatchObject({ fields: { 'lines.1.line': expect.stringContaining('3 products') } });
    expect((await shipmentsOf(order.id)).map((s) => s.events.length)).toEqual([0]);
  });

  it('a batch keeps the good events and reports the others', async () => {
    const order = await placeOrder();
    const id = `sh-${uid()}`;
    const response = await call('POST', '/batch', {
      records: [
        { kind: 'shipment', key: { id }, data: shipment(order.external, [0, 1]) },
        { kind: 'shipmentEvent', key: { shipment: id, id: '1' }, data: event('inTransit', '2026-11-21T09:00:00Z') },
        {
          kind: 'shipmentEvent',
          key: { shipment: 'nowhere', id: '1' },
          data: event('inTransit', '2026-11-21T09:00:00Z'),
        },
        { kind: 'shipmentEvent', key: { shipment: id, id: '2' }, data: { status: 'lost' } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results, summary } = BatchResponse.parse(response.json());
    expect(results.map((r) => r.outcome)).toEqual(['created', 'created', 'rejected', 'rejected']);
    expect(results[2]?.errors).toMatchObject({ shipment: expect.any(String) });
    expect(summary).toMatchObject({ created: 2, rejected: 2 });
    expect((await shipmentsOf(order.id))[0]?.events).toHaveLength(1);
  });
});

describe(`issue 46: the demo shop moves a parcel on (${databaseKind})`, () => {
  it("Emma's parcel out for delivery is delivered from the demo shop's carrier desk, and her order says so", async () => {
    const emma = new TestBrowser(server.app);
    await signIn(emma, 'demo-emma');
    const orders = OrderList.parse((await emma.request('/account/api/v1/order?page=1')).json()).data;
    const out = orders.find((o) => o.delivery?.status === 'outForDelivery');
    if (!out) throw new Error('Emma has no order out for delivery');
    expect(out.products.map((p) => p.status)).toEqual([80, 80]);
    expect(
      OnTheWay.parse((await emma.request('/account/api/v1/shipment/on-the-way')).json()).shipments.map(
        (s) => s.orderNumber,
      ),
    ).toContain(out.orderId);

    const desk = await server.app.inject({ method: 'GET', url: `/order/${out.orderId}` });
    expect(desk.body).toContain('Send the next event: delivered');
    const action = /action="([^"]+)"/.exec(desk.body)?.[1];
    expect(action).toBeDefined();
    const moved = await server.app.inject({ method: 'POST', url: action ?? '', ...AS_A_BROWSER_POSTS_A_FORM });
    expect(moved.statusCode).toBe(303);

    const [parcel] = OrderShipments.parse(
      (await emma.request(`/account/api/v1/order/shipments/${out.id}`)).json(),
    ).shipments;
    expect(parcel?.status).toBe('delivered');
    expect(parcel?.events).toHaveLength(5);
    expect((await server.app.inject({ method: 'GET', url: `/order/${out.orderId}` })).body).toContain(
      'Nothing more to send.',
    );
  });
});
