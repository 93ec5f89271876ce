/**
 * Issue 3, Providers — the messaging-app login widget: POST /login/telegram with the widget's data
 * (spec §1, §4 Login success, §8). The server checks the data's HMAC-SHA256 under SHA-256 of the
 * bot token in constant time, and refuses a stale (or future) auth_date. The data is signed here by
 * a stand-in written from the messaging app's documentation. Every refusal is a 401 that leaves
 * the browser signed out.
 */
import { Account } from '@account/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, type TestBrowser } from './support/browser.js';
import { expectRejected, expectXsrfRefused } from './support/sign-in.js';
import { signTelegramLogin, type TelegramLoginData, telegramStandIn } from './support/stand-ins/telegram.js';
import { forSuite } from './support/suite.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';

const BOT_TOKEN = '7123456789:AAH-stand-in-bot-token_0123456789abcdef';
const MAX_AGE = 3600;

const me = api('/shopuser/me');

let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_NAME: 'fjord_and_pine_bot',
      TELEGRAM_AUTH_MAX_AGE: String(MAX_AGE),
    },
  });
});
afterAll(async () => {
  await server?.close();
});

const now = () => Math.floor(Date.now() / 1000);
let ids = 0;

/** What the widget hands the page for a person, signed with the bot token. */
const widgetData = (overrides: TelegramLoginData = {}, botToken = BOT_TOKEN) => {
  ids += 1;
  return signTelegramLogin(botToken, {
    id: 500_000_000 + (Date.now() % 1_000_000) * 100 + ids,
    first_name: 'Sanne',
    last_name: 'Kuipers',
    username: `sanne_k${ids}`,
    photo_url: `https://t.me/i/userpic/320/sanne_k${ids}.jpg`,
    auth_date: now(),
    ...overrides,
  });
};

const postWidgetData = (b: TestBrowser, data: Record<string, unknown>) =>
  b.request({ method: 'POST', url: api('/login/telegram'), body: data });

describe(`§4 Login success with the messaging-app widget (${databaseKind})`, () => {
  it('correctly signed widget data signs in and answers the account; /shopuser/me is 200 afterwards', async () => {
    const b = await anonymous(server);
    const response = await postWidgetData(b, widgetData());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const account = Account.parse(response.json());
    // The widget shares no email: it is asked for in the first-login onboarding.
    expect(account).toMatchObject({ firstName: 'Sanne', lastName: 'Kuipers', email: '', firstTimeLogin: true });
    const loaded = await b.request(me);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().id).toBe(account.id);
  });

  it('the first sign-in creates the shopper (first-time login); the next one reuses it', async () => {
    const first = widgetData();
    const created = Account.parse((await postWidgetData(await anonymous(server), first)).json());
    expect(created.firstTimeLogin).toBe(true);
    const again = widgetData({ id: first.id as number, auth_date: now() - 5 });
    const second = await postWidgetData(await anonymous(server), again);
    expect(second.statusCode).toBe(200);
    expect(Account.parse(second.json()).id).toBe(created.id);
  });

  it('accepts the same signed widget data only once: a captured copy cannot be replayed', async () => {
    const data = widgetData();
    expect((await postWidgetData(await anonymous(server), data)).statusCode).toBe(200);
    const thief = await anonymous(server);
    await expectRejected(thief, await postWidgetData(thief, data));
  });

  it('checks the signature over the widget’s own field names, whatever key casing the client sends', async () => {
    const data = widgetData();
    const capitalised = {
      Id: data.id,
      First_name: data.first_name,
      LastName: data.last_name,
      Username: data.username,
      PhotoUrl: data.photo_url,
      AuthDate: data.auth_date,
      Hash: data.hash,
    };
    const b = await anonymous(server);
    expect((await postWidgetData(b, capitalised)).statusCode).toBe(200);
    expect((await b.request(me)).statusCode).toBe(200);
  });

  it('signs only the fields present: a person with just an id and a first name', async () => {
    const b = await anonymous(server);
    const data = signTelegramLogin(BOT_TOKEN, { id: 424242424 + ids, first_name: 'Ada', auth_date: now() });
    const response = await postWidgetData(b, data);
    expect(response.statusCode).toBe(200);
    expect(Account.parse(response.json())).toMatchObject({ firstName: 'Ada', lastName: '' });
  });

  it('accepts ids and dates sent as strings, signed as sent', async () => {
    const b = await anonymous(server);
    const data = widgetData({ id: String(900_000_000 + ids), auth_date: String(now()) });
    expect((await postWidgetData(b, data)).statusCode).toBe(200);
  });

  it('accepts a login within the configured age', async () => {
    const b = await anonymous(server);
    expect((await postWidgetData(b, widgetData({ auth_date: now() - MAX_AGE + 60 }))).statusCode).toBe(200);
  });
});

describe(`§8 Login failure with the messaging-app widget: refused, signed out (${databaseKind})`, () => {
  it('refuses a tampered hash', async () => {
    const b = await anonymous(server);
    const data = widgetData();
    const hash = String(data.hash);
    const flipped = `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`;
    await expectRejected(b, await postWidgetData(b, { ...data, hash: flipped }));
    await expectRejected(b, await postWidgetData(b, { ...data, hash: '0'.repeat(64) }));
  });

  it('refuses data with a changed field (another id, another name)', async () => {
    const b = await anonymous(server);
    const data = widgetData();
    await expectRejected(b, await postWidgetData(b, { ...data, id: Number(data.id) + 1 }));
    await expectRejected(b, await postWidgetData(b, { ...data, first_name: 'Mallory' }));
  });

  it('refuses data with a field added or left out after signing', async () => {
    const b = await anonymous(server);
    const { last_name: _dropped, ...data } = widgetData();
    const signedWithout = signTelegramLogin(BOT_TOKEN, data);
    await expectRejected(b, await postWidgetData(b, { ...signedWithout, last_name: 'Added' }));
    const { username: _gone, ...withoutUsername } = widgetData();
    await expectRejected(b, await postWidgetData(b, withoutUsername));
  });

  it('refuses data signed with another bot’s token (bad signature)', async () => {
    const b = await anonymous(server);
    await expectRejected(b, await postWidgetData(b, widgetData({}, '7000000000:AAH-another-bot')));
  });

  it('refuses a stale auth_date (older than TELEGRAM_AUTH_MAX_AGE), even when correctly signed', async () => {
    const b = await anonymous(server);
    await expectRejected(b, await postWidgetData(b, widgetData({ auth_date: now() - MAX_AGE - 60 })));
    await expectRejected(b, await postWidgetData(b, widgetData({ auth_date: 1_500_000_000 })));
  });

  it('refuses an auth_date more than a minute in the future, even when correctly signed', async () => {
    const b = await anonymous(server);
    await expectRejected(b, await postWidgetData(b, widgetData({ auth_date: now() + 120 })));
  });
});

describe(`§7 POST /login/telegram: request checks (${databaseKind})`, () => {
  it('needs the X-XSRF-TOKEN header: 403, nobody signed in', async () => {
    await expectXsrfRefused(await anonymous(server), api('/login/telegram'), widgetData());
  });

  it('answers a malformed body with 400 and the fields', async () => {
    const b = await anonymous(server);
    const { hash: _hash, ...unsigned } = widgetData();
    const response = await postWidgetData(b, { ...unsigned, id: 'abc', hash: 'not-hex' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { Id: 'ac_FieldInvalidMessage', Hash: 'ac_FieldInvalidMessage' },
    });
    expect((await b.request(me)).statusCode).toBe(401);
  });
});

describe(`the widget stand-in (${databaseKind})`, () => {
  it('GET /telegram/sign hands out data the server accepts (for the browser tests)', async () => {
    const standIn = Fastify();
    await telegramStandIn(standIn, { botToken: BOT_TOKEN });
    const signed = await standIn.inject({ url: `/telegram/sign?id=${777_000_000 + ids}&first_name=Eva` });
    await standIn.close();
    const b = await anonymous(server);
    const response = await postWidgetData(b, signed.json());
    expect(response.statusCode).toBe(200);
    expect(Account.parse(response.json()).firstName).toBe('Eva');
  });
});

describe(`messaging-app sign-in when not configured (${databaseKind})`, () => {
  const plain = forSuite(() => startServer());

  it('has no route: 404', async () => {
    const b = await anonymous(plain());
    expect((await postWidgetData(b, widgetData())).statusCode).toBe(404);
    expect((await b.request(me)).statusCode).toBe(401);
  });
});
