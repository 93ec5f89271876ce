/**
 * Issue 47, messages the shopper controls: choices per event and channel over the shop's
 * defaults (security emails cannot be turned off), a parcel's news on the chosen channel with a
 * one-click unsubscribe (RFC 8058 headers, a signed token bound to the shopper, the events and the
 * channel), and wishlist alerts: back in stock and price drops of at least the shop's threshold in
 * the shopper's currency, once per change, gathered into one message, never for a product no
 * longer wished for; the shop's product records are newest-wins by their updatedAt. Every email
 * goes out over SMTP to a real server in the test, so the headers checked are those a mailbox gets.
 */
import { NotificationSettings, WishlistAlerts } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { alertJob } from '../src/modules/notifications/alert-job.js';
import { notificationRepository } from '../src/modules/notifications/repository.js';
import { NO_PUBLIC_PROVIDERS } from '../src/modules/settings/service.js';
import { buildDatabaseServices } from '../src/services.js';
import { type SmtpTestServer, startSmtpServer } from './fixtures/smtp-server.js';
import type { TestBrowser } from './support/browser.js';
import { eventually } from './support/eventually.js';
import { NOAH_AT_THE_SHOP, NOAH_RECORD, type ShopCall, shopFeed } from './support/shop-feed.js';
import { databaseKind, freshDatabase, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
let smtp: SmtpTestServer;
let call: ShopCall;
let noah: TestBrowser;
const NOAH_EMAIL = NOAH_RECORD.email.toLowerCase();

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    env: {
      INTEGRATION_RATE_LIMIT: '100000',
      MAIL_POLL_INTERVAL_MS: '50',
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_STARTTLS: 'opportunistic',
      MAIL_FROM: 'no-reply@shop.example',
    },
  });
  ({ call, noah } = await shopFeed(server));
  // Alerts go out at the next round, not after the default half hour.
  expect((await call('PATCH', '/settings', { alertDigestMinutes: 0 })).statusCode).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let sequence = 0;
const uid = () => `${Date.now().toString(36)}${++sequence}`;

const settings = async () =>
  NotificationSettings.parse((await noah.request('/account/api/v1/setting/notifications')).json());
const choice = (s: NotificationSettings, event: string, channel: string) =>
  s.choices.find((c) => c.event === event && c.channel === channel);

/**
 * The emails the SMTP server received for Noah whose subject matches, newest first (order
 * confirmations come too), with their headers as sent (mailparser's own reading of List-* headers
 * would hide the exact form).
 */
const mailsToNoah = async (subject: RegExp) =>
  smtp.messages
    .map((received, id) => ({
      id,
      to: received.envelope.to.map((address) => address.toLowerCase()),
      subject: received.mail.subject ?? '',
      text: received.mail.text ?? '',
      headers: Object.fromEntries(
        received.mail.headerLines.map(({ line }) => {
          const colon = line.indexOf(':');
          return [
            line.slice(0, colon),
            line
              .slice(colon + 1)
              .replace(/\r?\n\s+/g, ' ')
              .trim(),
          ];
        }),
      ),
    }))
    .filter((mail) => mail.to.includes(NOAH_EMAIL) && subject.test(mail.subject))
    .reverse();
const PARCEL_NEWS = /arrives today/;
const WISHLIST_NEWS = /wishlist|back in stock|cheaper/;
const queuedForNoah = async () =>
  (
    await server.app.db.kysely
      .selectFrom('mailQueue')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['recipient']), '=', NOAH_EMAIL))
      .execute()
  ).length;

describe(`issue 47: notification choices (${databaseKind})`, () => {
  it('every event and channel starts at the defaults; a choice sticks; the security email cannot be turned off', async () => {
    const before = await settings();
    expect(choice(before, 'security', 'email')).toEqual({
      event: 'security',
      channel: 'email',
      enabled: true,
      locked: true,
    });
    expect(choice(before, 'security', 'sms')).toBeUndefined();
    expect(choice(before, 'returnUpdate', 'email')?.enabled).toBe(true);
    expect(choice(before, 'returnUpdate', 'sms')?.enabled).toBe(false);

    const changed = await noah.request({
      url: '/account/api/v1/setting/notifications',
      method: 'PATCH',
      body: { Choices: [{ Event: 'returnUpdate', Channel: 'sms', Enabled: true }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(choice(await settings(), 'returnUpdate', 'sms')?.enabled).toBe(true);

    const locked = await noah.request({
      url: '/account/api/v1/setting/notifications',
      method: 'PATCH',
      body: { Choices: [{ Event: 'security', Channel: 'email', Enabled: false }] },
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().fields).toEqual({ 'Choices.0.enabled': 'ac_NotificationLocked' });

    const unknown = await noah.request({
      url: '/account/api/v1/setting/notifications',
      method: 'PATCH',
      body: { Choices: [{ Event: 'weather', Channel: 'pigeon', Enabled: true }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields ?? {}).join()).toMatch(/Event/i);
    expect(choice(await settings(), 'security', 'email')?.enabled).toBe(true);

    // A good choice beside a bad one is not applied either: nothing partly.
    const mixed = await noah.request({
      url: '/account/api/v1/setting/notifications',
      method: 'PATCH',
      body: {
        Choices: [
          { Event: 'delivered', Channel: 'email', Enabled: false },
          { Event: 'orderShipped', Channel: 'email', Enabled: 'no' },
        ],
      },
    });
    expect(mixed.statusCode).toBe(400);
    // The shopper API names a field as its form does (DESIGN §4): the last part of its path.
    expect(mixed.json().fields).toEqual({ Enabled: 'ac_FieldInvalidMessage' });
    expect(choice(await settings(), 'delivered', 'email')?.enabled).toBe(true);
  });

  it('a malformed product record is a 400 naming each field, and changes nothing', async () => {
    const id = `p-${uid()}`;
    expect(
      (await call('PUT', `/products/${id}`, { name: 'Lamp', price: { amount: 20, currency: 'EUR' } })).statusCode,
    ).toBe(201);
    const bad = await call('PUT', `/products/${id}`, {
      name: 'Lamp',
      price: { amount: 5, currency: 'EUR' },
      availability: 'maybe',
      updatedAt: 'yesterday',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {}).sort()).toEqual(['availability', 'updatedAt']);
    const row = await server.app.db.kysely
      .selectFrom('products')
      .select(['priceE4', 'availability'])
      .where('externalId', '=', id)
      .executeTakeFirstOrThrow();
    expect([Number(row.priceE4), row.availability]).toEqual([200_000, 'inStock']);
  });

  it("the shop's defaults hold where the shopper chose nothing", async () => {
    await call('PATCH', '/settings', { notificationDefaults: { delivered: { email: false } } });
    expect(choice(await settings(), 'delivered', 'email')?.enabled).toBe(false);
    await call('PATCH', '/settings', { notificationDefaults: {} });
    expect(choice(await settings(), 'delivered', 'email')?.enabled).toBe(true);
  });
});

describe(`issue 47: a parcel's news, and stopping it from the message (${databaseKind})`, () => {
  async function orderWithParcel() {
    const order = `o-${uid()}`;
    const placed = await call('PUT', `/orders/${order}`, {
      shopper: NOAH_AT_THE_SHOP,
      orderNumber: `FP-N-${uid()}`,
      status: 40,
      currency: 'EUR',
      created: new Date().toISOString(),
      subTotal: 10,
      totalPrice: 10,
      products: [{ name: 'Tent', price: 10 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const parcel = `s-${uid()}`;
    const shipped = await call('PUT', `/shipments/${parcel}`, {
      order,
      carrier: { name: 'PostNL', trackingUrl: 'https://jouw.postnl.nl/track-and-trace/3S1' },
      lines: [{ line: 0 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    return parcel;
  }
  const outForDelivery = (parcel: string) =>
    call('PUT', `/shipments/${parcel}/events/e-out`, { status: 'outForDelivery', at: new Date().toISOString() });

  it('out for delivery is emailed once with RFC 8058 headers; the one-click POST turns that event off by email', async () => {
    const parcel = await orderWithParcel();
    const before = (await mailsToNoah(PARCEL_NEWS)).length;
    expect((await outForDelivery(parcel)).statusCode).toBe(201);
    const [mail] = await eventually(async () => {
      const mails = await mailsToNoah(PARCEL_NEWS);
      expect(mails.length).toBe(before + 1);
      return mails;
    });
    expect(mail?.subject).toMatch(/arrives today/);
    const headers = mail?.headers ?? {};
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https?:\/\/[^>]+\/account\/unsubscribe\/([^>]+))>$/.exec(headers['List-Unsubscribe'] ?? '');
    expect(link, headers['List-Unsubscribe']).not.toBeNull();
    const token = link?.[2] ?? '';
    expect(mail?.text).toContain(`/account/unsubscribe/${token}`);
    expect(mail?.text).toContain('/account/settings#notifications');

    // The same event again is no news: nothing more is queued.
    const queued = await queuedForNoah();
    expect((await outForDelivery(parcel)).statusCode).toBe(200);
    expect(await queuedForNoah()).toBe(queued);

    // Following the link only asks; a changed or moved token changes nothing.
    const page = await server.app.inject({ method: 'GET', url: `/account/unsubscribe/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const [body, mac] = token.split('.');
    const payload = Buffer.from(body ?? '', 'base64url').toString();
    const otherShopper = `${Buffer.from(payload.replace(/^u1\.\d+\./, 'u1.1.')).toString('base64url')}.${mac}`;
    const otherEvent = `${Buffer.from(payload.replace('outForDelivery', 'delivered')).toString('base64url')}.${mac}`;
    const bent = `${body}.${(mac ?? '').slice(0, -2)}AA`;
    for (const forged of [otherShopper, otherEvent, bent, 'nonsense']) {
      const refused = await server.app.inject({
        method: 'POST',
        url: `/account/unsubscribe/${forged}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode, forged).toBe(400);
    }
    expect(choice(await settings(), 'outForDelivery', 'email')?.enabled).toBe(true);

    const oneClick = await server.app.inject({
      method: 'POST',
      url: `/account/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const after = await settings();
    expect(choice(after, 'outForDelivery', 'email')?.enabled).toBe(false);
    expect(choice(after, 'delivered', 'email')?.enabled).toBe(true);

    // Turned off: the next parcel out for delivery queues nothing for Noah.
    const next = await orderWithParcel();
    const queuedBefore = await queuedForNoah();
    expect((await outForDelivery(next)).statusCode).toBe(201);
    expect(await queuedForNoah()).toBe(queuedBefore);
  });

  it('an event older than two days (a shop loading its history) tells no one', async () => {
    const parcel = await orderWithParcel();
    const queued = await queuedForNoah();
    const old = await call('PUT', `/shipments/${parcel}/events/e-old`, {
      status: 'delivered',
      at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    });
    expect(old.statusCode).toBe(201);
    expect(await queuedForNoah()).toBe(queued);
  });
});

describe(`issue 47: wishlist alerts (${databaseKind})`, () => {
  const product = (id: string, amount: number, extra: Record<string, unknown> = {}) =>
    call('PUT', `/products/${id}`, { name: `Product ${id}`, price: { amount, currency: 'EUR' }, ...extra });
  const alerts = async () =>
    WishlistAlerts.parse((await noah.request('/account/api/v1/shopUser/wishlistAlerts')).json());
  const localId = async (external: string) =>
    (
      await server.app.db.kysely
        .selectFrom('products')
        .select('id')
        .where('externalId', '=', external)
        .executeTakeFirstOrThrow()
    ).id;
  const changesOf = async (productId: number) =>
    (await server.app.db.kysely.selectFrom('productChanges').select('id').where('productId', '=', productId).execute())
      .length;

  it('a drop of at least the threshold and a return to stock reach the shopper in one message, once', async () => {
    const [cheaper, back, quiet] = [`p-${uid()}`, `p-${uid()}`, `p-${uid()}`];
    await product(cheaper, 100);
    await product(back, 50, { availability: 'outOfStock' });
    await product(quiet, 80);
    for (const id of [cheaper, back, quiet]) {
      expect((await call('PUT', `/shoppers/${NOAH_AT_THE_SHOP}/wishlist/${id}`, {})).statusCode).toBe(201);
    }
    for (const id of [cheaper, back]) {
      const on = await noah.request({
        url: `/account/api/v1/shopUser/wishlistAlert/${await localId(id)}`,
        method: 'PUT',
        body: { Enabled: true },
      });
      expect(on.statusCode, on.body).toBe(200);
    }
    const before = (await mailsToNoah(WISHLIST_NEWS)).length;

    // The shop's feed brings the three changes together; the item whose alert is off stays quiet.
    const fed = await call('POST', '/batch', {
      records: [
        {
          kind: 'product',
          key: { id: cheaper },
          data: { name: `Product ${cheaper}`, price: { amount: 89.95, currency: 'EUR' } },
        },
        {
          kind: 'product',
          key: { id: back },
          data: { name: `Product ${back}`, price: { amount: 50, currency: 'EUR' }, availability: 'inStock' },
        },
        {
          kind: 'product',
          key: { id: quiet },
          data: { name: `Product ${quiet}`, price: { amount: 40, currency: 'EUR' } },
        },
      ],
    });
    expect(fed.statusCode, fed.body).toBe(200);

    const [digest] = await eventually(async () => {
      const mails = await mailsToNoah(WISHLIST_NEWS);
      expect(mails.length).toBe(before + 1);
      return mails;
    });
    expect(digest?.subject).toBe('2 products on your wishlist have changed');
    expect(digest?.text).toContain('Back in stock');
    expect(digest?.text).toMatch(/Now €89\.95 \(was €100\.00\)/);
    expect(digest?.text).not.toContain(`Product ${quiet}`);

    const state = await alerts();
    const cheaperId = await localId(cheaper);
    expect(state.items.find((item) => item.productId === cheaperId)?.previousPrice).toEqual({
      amount: 100,
      currency: 'EUR',
    });
    expect(state.items.find((item) => item.productId === cheaperId)?.alert).toBe(true);

    // Under the threshold (5 %), the same price again, or a record older than the last: no change.
    const changes = await changesOf(cheaperId);
    await product(cheaper, 86, { updatedAt: new Date().toISOString() });
    await product(cheaper, 86);
    const stale = await product(cheaper, 10, { updatedAt: '2020-01-01T00:00:00Z' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().notice).toMatch(/Older/);
    expect(await changesOf(cheaperId)).toBe(changes);
    const [latest] = await mailsToNoah(WISHLIST_NEWS);
    expect(latest?.id).toBe(digest?.id);
  });

  it('never for a product no longer on the wishlist, nor in a currency the shopper does not see', async () => {
    const gone = `p-${uid()}`;
    const dollars = `p-${uid()}`;
    await product(gone, 100);
    await product(dollars, 100, { prices: [{ amount: 110, currency: 'USD' }] });
    for (const id of [gone, dollars]) {
      await call('PUT', `/shoppers/${NOAH_AT_THE_SHOP}/wishlist/${id}`, {});
      await noah.request({
        url: `/account/api/v1/shopUser/wishlistAlert/${await localId(id)}`,
        method: 'PUT',
        body: { Enabled: true },
      });
    }
    await call('DELETE', `/shoppers/${NOAH_AT_THE_SHOP}/wishlist/${gone}`);
    const before = (await mailsToNoah(WISHLIST_NEWS)).length;
    await product(gone, 50);
    // Noah sees euros: a drop in dollars only is not his news.
    await product(dollars, 100, { prices: [{ amount: 50, currency: 'USD' }] });
    const goneId = await localId(gone);
    const dollarsId = await localId(dollars);
    await eventually(async () => {
      const done = await server.app.db.kysely
        .selectFrom('productChanges')
        .select('id')
        .where('productId', 'in', [goneId, dollarsId])
        .where('fannedAt', 'is not', null)
        .execute();
      expect(done.length).toBe(2);
    });
    const made = await server.app.db.kysely
      .selectFrom('wishlistAlerts')
      .select('id')
      .where('productId', 'in', [goneId, dollarsId])
      .execute();
    expect(made).toEqual([]);
    expect((await mailsToNoah(WISHLIST_NEWS)).length).toBe(before);
  });

  it('the wishlist-wide switch turns every alert on, and items added later follow it', async () => {
    const added = `p-${uid()}`;
    await product(added, 30);
    const all = await noah.request({
      url: '/account/api/v1/shopUser/wishlistAlerts',
      method: 'PUT',
      body: { Enabled: true },
    });
    expect(all.statusCode).toBe(200);
    expect(WishlistAlerts.parse(all.json()).items.every((item) => item.alert)).toBe(true);
    await call('PUT', `/shoppers/${NOAH_AT_THE_SHOP}/wishlist/${added}`, {});
    const state = await alerts();
    const addedId = await localId(added);
    expect(state.all).toBe(true);
    expect(state.items.find((item) => item.productId === addedId)?.alert).toBe(true);
    const unknown = await noah.request({
      url: '/account/api/v1/shopUser/wishlistAlert/999999',
      method: 'PUT',
      body: { Enabled: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

/** A migrated database of the test's own, closed and dropped after `work`. */
async function onFreshDatabase(work: (db: Db, now: string) => Promise<void>): Promise<void> {
  const database = await freshDatabase();
  const db = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? '' });
  try {
    await migrateToLatest(db);
    await work(db, new Date().toISOString());
  } finally {
    await db.close();
    await database.drop();
  }
}

/** A product now € 80 that was € 100: its price drop waits to be fanned out. */
async function droppedProduct(db: Db, name: string, now: string): Promise<number> {
  const { id: productId } = await db.kysely
    .insertInto('products')
    .values({
      name,
      categoryName: 'Camping',
      priceE4: 800_000,
      image: null,
      url: null,
      currency: 'EUR',
      productType: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('productChanges')
    .values({ productId, kind: 'priceDrop', currency: 'EUR', oldPriceE4: 1_000_000, newPriceE4: 800_000, at: now })
    .execute();
  return productId;
}

/** A shopper who sees euros. */
const shopperRow = (email: string, now: string) => ({
  email,
  firstName: 'Wishing',
  lastName: 'Shopper',
  telephone: '',
  gender: 1,
  firstTimeLogin: 0,
  defaultLanguage: 'en',
  defaultCountry: 'NL',
  defaultCurrency: 'EUR',
  createdAt: now,
  updatedAt: now,
});

describe(`issue 47: a fan-out batch of the job's size (${databaseKind})`, () => {
  it('5,000 wishlists in one batch make 5,000 alerts (more bound values than SQLite takes in one statement)', async () => {
    await onFreshDatabase(async (db, now) => {
      const k = db.kysely;
      const productId = await droppedProduct(db, 'Tent', now);
      const shoppers = Array.from({ length: 5_001 }, (_, i) => ({
        id: i + 1,
        ...shopperRow(`fan${i}@example.com`, now),
      }));
      for (let start = 0; start < shoppers.length; start += 1000) {
        const some = shoppers.slice(start, start + 1000);
        await k.insertInto('shoppers').values(some).execute();
        await k
          .insertInto('wishlistItems')
          .values(some.map((s) => ({ shopperId: s.id, productId, addedAt: now, alert: 1 })))
          .execute();
      }
      const repository = notificationRepository(k, db.kind);
      expect(await repository.fanOutBatch(5_000, now)).toBe(true);
      const made = await k
        .selectFrom('wishlistAlerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(made.n)).toBe(5_000);
      // The rest, and then the change is done.
      expect(await repository.fanOutBatch(5_000, now)).toBe(true);
      expect(await repository.fanOutBatch(5_000, now)).toBe(false);
      const change = await k.selectFrom('productChanges').select(['fannedTo', 'fannedAt']).executeTakeFirstOrThrow();
      expect(change).toEqual({ fannedTo: 5_001, fannedAt: now });
    });
  }, 60_000);
});

describe(`issue 47: a digest when the settings' cache runs out (${databaseKind})`, () => {
  it('is queued, not stuck waiting for the connection its own transaction holds (SQLite)', async () => {
    await onFreshDatabase(async (db, now) => {
      const k = db.kysely;
      const productId = await droppedProduct(db, 'Lamp', now);
      const { id: shopperId } = await k
        .insertInto('shoppers')
        .values({ ...shopperRow('lamp@example.com', now), emailVerifiedBy: 'shop' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k.insertInto('wishlistItems').values({ shopperId, productId, addedAt: now, alert: 1 }).execute();
      const services = buildDatabaseServices(db, NO_PUBLIC_PROVIDERS, {
        accountUrl: 'http://localhost/account',
        email: true,
        sms: false,
      });
      const repository = services.repositories.notifications;
      const job = alertJob({
        repository: {
          ...repository,
          // As when the settings' 5-second cache runs out between the round's start and a digest.
          async claimAlerts(...args) {
            const claimed = await repository.claimAlerts(...args);
            services.settings.invalidate();
            return claimed;
          },
        },
        notifications: services.notifications,
        settings: services.settings,
        accountUrl: 'http://localhost/account',
        pollIntervalMs: 60_000,
      });
      await job.runOnce();
      const round = job.runOnce(new Date(Date.now() + 31 * 60_000)).then(() => 'done');
      const stuck = new Promise((resolve) => setTimeout(resolve, 5_000, 'stuck'));
      expect(await Promise.race([round, stuck])).toBe('done');
      const queued = await k.selectFrom('mailQueue').select('recipient').execute();
      expect(queued).toEqual([{ recipient: 'lamp@example.com' }]);
    });
  });
});
