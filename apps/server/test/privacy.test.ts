/**
 * Privacy (issue 21) on SQLite and PostgreSQL: the download holds every row of the shopper in every
 * table that has any, and nothing of another shopper; the integration API's export reads the same;
 * deleting the account (by the emailed code through a real SMTP server, or by the typed word after a
 * recent sign-in) leaves no personal data anywhere in the database, keeps the orders anonymised,
 * and tells the shop with a signed shopper.deleted webhook; a grace period waits, a sign-in keeps
 * the account, and the job erases what is due.
 */
import { createHmac } from 'node:crypto';
import { Account, DeleteAccountResponse, PersonalData, PrivacyInfo, ShopperData } from '@account/contract';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAS } from '../src/demo/personas.js';
import { SHOPPER_DATA, type ShopperTable } from '../src/modules/privacy/shopper-data.js';
import { png } from './fixtures/images.js';
import { mailThrough, type ReceivedMail, type SmtpTestServer, startSmtpServer } from './fixtures/smtp-server.js';
import { TestBrowser } from './support/browser.js';
import { eventually } from './support/eventually.js';
import { uploadAvatar } from './support/security.js';
import { signIn } from './support/sign-in.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';
import { unzip } from './support/unzip.js';
import { webhookReceiver } from './support/webhook-receiver.js';

const ME = api('/shopuser/me');
const PRIVACY = api('/privacy');
const EXPORT = api('/privacy/export');
const SEND_CODE = api('/privacy/deletion-code');
const DELETE = api('/privacy/delete-account');
const WEBHOOK_SECRET = 'whsec_privacy_test';

let smtp: SmtpTestServer;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
/** Mail by SMTP: shoppers with a verified email confirm with an emailed code. */
let server: TestServer;
/** No mail transport: the typed word after a recent sign-in. */
let noMail: TestServer;
/** A grace period of two days, and a job that looks every 50 ms. */
let grace: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await webhookReceiver();
  [server, noMail, grace] = await Promise.all([
    startServer({
      env: {
        ...mailThrough(smtp),
        EMAIL_CODE_RESEND_INTERVAL: '0',
        WEBHOOK_POLL_INTERVAL_MS: '50',
        DATA_EXPORT_RATE_LIMIT: '2',
        PHONE_CODE_RESEND_INTERVAL: '0',
      },
    }),
    startServer({ env: { MAIL_TRANSPORT: 'none', RECENT_SIGN_IN: '60' } }),
    startServer({ env: { ACCOUNT_DELETION_GRACE_DAYS: '2', ACCOUNT_DELETION_POLL_INTERVAL_MS: '50' } }),
  ]);
  await server.app.db.kysely
    .insertInto('webhookEndpoints')
    .values({ url: receiver.url, secret: WEBHOOK_SECRET, description: 'shop', createdAt: new Date().toISOString() })
    .execute();
  await keepFewOrders(server);
});
afterAll(async () => {
  await Promise.all([server?.close(), noMail?.close(), grace?.close()]);
  await smtp?.close();
  await receiver?.close();
});

const db = (s: TestServer = server) => s.app.db.kysely;

/**
 * Two orders with an invoice and two without per shopper: every kind the download and the
 * erasure handle, and few invoices to render (the bench measures thousands).
 */
async function keepFewOrders(s: TestServer): Promise<void> {
  const orders = await db(s)
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.orderId', 'orders.id')
    .select(['orders.id', 'orders.shopperId', 'invoices.id as invoiceId'])
    .orderBy('orders.id', 'desc')
    .execute();
  const kept = new Map<string, number>();
  const surplus: number[] = [];
  for (const order of orders) {
    const kind = `${order.shopperId}:${order.invoiceId !== null}`;
    const count = kept.get(kind) ?? 0;
    if (count < 2) kept.set(kind, count + 1);
    else surplus.push(order.id);
  }
  // Their products, payments and invoices go with them (on delete cascade).
  if (surplus.length > 0) await db(s).deleteFrom('orders').where('id', 'in', surplus).execute();
}

async function signedIn(s: TestServer, subject: string): Promise<TestBrowser> {
  const browser = new TestBrowser(s.app);
  await signIn(browser, subject);
  return browser;
}

async function shopperIdOf(s: TestServer, email: string): Promise<number> {
  const row = await db(s).selectFrom('shoppers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** The six digits of the newest code mail to `address` after the `since`-th mail. */
async function codeMailedTo(address: string, since: number): Promise<string> {
  for (let count = since + 1; ; count++) {
    await smtp.waitFor(count);
    const mail = smtp.messages
      .slice(since)
      .find((m: ReceivedMail) => m.envelope.to.includes(address) && /\b\d{6}\b/.test(m.mail.text ?? ''));
    const code = mail?.mail.text?.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
  }
}

/**
 * Gives the shopper rows in every table that can hold any: an avatar, a phone code, an email code,
 * a stored idempotent answer and webhook events come from calls; the rest from the demo seed.
 */
async function fillEveryTable(s: TestServer, browser: TestBrowser): Promise<void> {
  const image = await png(64, 64);
  const uploaded = await uploadAvatar(browser, s.app, image, 'me.png');
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  // A phone code goes only to a number not verified yet.
  const me = Account.parse((await browser.request(ME)).json());
  await db(s).updateTable('shoppers').set({ telephoneVerifyDate: null }).where('id', '=', me.id).execute();
  const sms = await browser.request({
    method: 'POST',
    url: api('/shopUser/sendVerifySms'),
    body: {},
    headers: { 'idempotency-key': `privacy-${Date.now()}` },
  });
  expect(sms.statusCode, sms.body).toBe(200);
  const interests = await browser.request({
    method: 'PATCH',
    url: api('/setting/interests'),
    body: { InterestIds: [1, 2] },
  });
  expect(interests.statusCode, interests.body).toBe(200);
  // The demo's returns left with the orders keepFewOrders removed; asking for one is returns.test.ts's.
  const order = await db(s).selectFrom('orders').select('id').where('shopperId', '=', me.id).executeTakeFirstOrThrow();
  const asked = new Date().toISOString();
  await db(s)
    .insertInto('returns')
    .values({
      number: `R-privacy-${me.id}-${Date.now()}`,
      orderId: order.id,
      shopperId: me.id,
      status: 'requested',
      method: JSON.stringify({ code: 'store', kind: 'inStore', labels: { en: 'In store' } }),
      methodCostE4: 0,
      currency: 'EUR',
      comment: 'Too warm for summer',
      lines: JSON.stringify([
        {
          line: 0,
          name: 'Jacket',
          image: null,
          quantity: 1,
          reason: { code: 'changedMind', labels: { en: 'Changed my mind' } },
        },
      ]),
      cancelledAt: null,
      createdAt: asked,
      updatedAt: asked,
    })
    .execute();
  // Adding a passkey takes an authenticator (security.test.ts does that): the row is written here.
  await db(s)
    .insertInto('passkeys')
    .values({
      shopperId: me.id,
      credentialId: `privacy-test-${me.id}-${Date.now()}`,
      publicKey: 'pQECAyYgASFYIA',
      transports: '["internal"]',
      name: 'Laptop',
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
    })
    .execute();
  if (s === server) {
    const code = await browser.request({ method: 'POST', url: SEND_CODE, body: {} });
    expect(code.statusCode, code.body).toBe(200);
  }
}

/** Rows of the shopper in a table listed in shopper-data.ts. */
async function rowsOf(s: TestServer, table: ShopperTable, shopperId: number): Promise<number> {
  const snake = table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const column = table === 'shoppers' ? 'id' : 'shopper_id';
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(snake)} where ${sql.ref(column)} = ${shopperId}`.execute(db(s));
  return Number(rows[0]?.n ?? 0);
}

/** Every table of the schema with a shopper_id column, and shoppers, in snake_case. */
async function tablesWithShopperColumn(s: TestServer): Promise<string[]> {
  if (databaseKind === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select distinct table_name as name from information_schema.columns
      where table_schema = current_schema() and column_name = 'shopper_id'`.execute(db(s));
    return [...rows.map((r) => r.name), 'shoppers'].sort();
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db(s));
  const found: string[] = ['shoppers'];
  for (const { name } of tables) {
    const { rows: columns } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db(s));
    if (columns.some((c) => c.name === 'shopper_id')) found.push(name);
  }
  return found.sort();
}

/** Every row of every table as text, lower-cased: what a dump of the database would show. */
async function databaseDump(s: TestServer): Promise<string> {
  const names =
    databaseKind === 'postgres'
      ? (
          await sql<{ name: string }>`
            select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db(s))
        ).rows
      : (
          await sql<{ name: string }>`
            select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db(s))
        ).rows;
  const parts: string[] = [];
  for (const { name } of names) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db(s));
    for (const row of rows) {
      parts.push(
        `${name}: ${JSON.stringify(row, (_key, value: unknown) =>
          value instanceof Uint8Array ||
          (value && typeof value === 'object' && 'type' in value && value.type === 'Buffer')
            ? '<binary>'
            : value,
        )}`,
      );
    }
  }
  return parts.join('\n').toLowerCase();
}

async function download(browser: TestBrowser): Promise<Map<string, Buffer>> {
  const response = await browser.request(EXPORT);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return unzip(response.rawPayload);
}

const expectFieldError = (response: LightMyRequestResponse, fields: Record<string, string>) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ code: 'validation_failed', fields });
};

describe(`issue 21: download my data (${databaseKind})`, () => {
  it('shopper-data.ts lists every table with a shopper_id column: a new shopper table fails here until it says how it is exported and erased', async () => {
    const listed = (Object.keys(SHOPPER_DATA) as ShopperTable[])
      .map((table) => table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))
      .sort();
    expect(await tablesWithShopperColumn(server)).toEqual(listed);
  });

  it('the ZIP holds README.txt, account.json with every row of the shopper in every exported table, orders.json with every order, each invoice as PDF and the avatar; nothing of another shopper', async () => {
    const emma = await signedIn(server, 'demo-emma');
    await fillEveryTable(server, emma);
    const sofia = await signedIn(server, 'demo-sofia');
    await fillEveryTable(server, sofia);
    const emmaId = await shopperIdOf(server, PERSONAS.emma.email);
    const sofiaId = await shopperIdOf(server, PERSONAS.sofia.email);
    // Webhook events are recorded for the changes above.
    expect(await rowsOf(server, 'webhookEvents', emmaId)).toBeGreaterThan(0);

    const files = await download(emma);
    const personal = PersonalData.parse(JSON.parse(files.get('account.json')?.toString('utf8') ?? 'null'));
    const orders = ShopperData.shape.orders.parse(JSON.parse(files.get('orders.json')?.toString('utf8') ?? 'null'));
    expect(files.get('README.txt')?.toString('utf8')).toContain('orders.json');

    // Every exported table: as many entries as the shopper has rows, and rows there are (or the check proves nothing).
    for (const table of Object.keys(SHOPPER_DATA) as ShopperTable[]) {
      const { exported } = SHOPPER_DATA[table];
      if (typeof exported === 'object') continue;
      const rows = await rowsOf(server, table, emmaId);
      expect(rows, `${table}: Emma has rows`).toBeGreaterThan(0);
      const entries =
        exported === 'orders.json' ? orders.length : exported === 'shopper' ? 1 : personal[exported].length;
      expect(entries, `${table} → ${exported}`).toBe(rows);
    }
    expect(personal.shopper).toMatchObject({ id: emmaId, email: PERSONAS.emma.email, firstName: 'Emma' });
    // No secrets: no session ids, browser ids or code hashes.
    const accountJson = files.get('account.json')?.toString('utf8') ?? '';
    const secrets = await db()
      .selectFrom('sessions')
      .select('id')
      .where('shopperId', '=', emmaId)
      .union(db().selectFrom('emailCodes').select('codeHash as id').where('shopperId', '=', emmaId))
      .union(db().selectFrom('shopperBrowsers').select('browser as id').where('shopperId', '=', emmaId))
      .execute();
    for (const { id } of secrets) expect(accountJson).not.toContain(id);

    // The invoices, one PDF per invoiced order, and the avatar as stored.
    const invoiced = orders.filter((order) => order.invoice !== null);
    expect(invoiced.length).toBeGreaterThan(0);
    const pdfs = [...files.keys()].filter((name) => name.startsWith('invoices/'));
    expect(pdfs).toHaveLength(invoiced.length);
    for (const name of pdfs) expect(files.get(name)?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const avatar = await db()
      .selectFrom('avatars')
      .select('content')
      .where('shopperId', '=', emmaId)
      .executeTakeFirstOrThrow();
    const avatarFile = personal.avatars[0]?.file ?? '';
    expect(avatarFile).toMatch(/^avatar\.(png|jpg|webp)$/);
    expect(files.get(avatarFile)?.equals(avatar.content)).toBe(true);

    // Nothing of Sofia: her name, address, phone, order numbers and address book appear in no file.
    const sofiaOrders = await db()
      .selectFrom('orders')
      .select('orderNumber')
      .where('shopperId', '=', sofiaId)
      .execute();
    const sofiaAddresses = await db()
      .selectFrom('addresses')
      .select('street')
      .where('shopperId', '=', sofiaId)
      .execute();
    const sofiaRow = await db()
      .selectFrom('shoppers')
      .select(['email', 'telephone', 'lastName'])
      .where('id', '=', sofiaId)
      .executeTakeFirstOrThrow();
    const everything = [...files.values()].map((content) => content.toString('latin1')).join('\n');
    const needles = [
      sofiaRow.email,
      sofiaRow.telephone,
      sofiaRow.lastName,
      ...sofiaOrders.map((o) => o.orderNumber),
      ...sofiaAddresses.map((a) => a.street),
    ].filter((needle) => needle.length > 3);
    expect(needles.length).toBeGreaterThan(3);
    for (const needle of needles) expect(everything, needle).not.toContain(needle);
  });

  it('the integration API’s shopper export and the command line read the same data as the download', async () => {
    const lukas = await signedIn(server, 'demo-lukas');
    const lukasId = await shopperIdOf(server, PERSONAS.lukas.email);
    const files = await download(lukas);
    const fromZip = PersonalData.parse(JSON.parse(files.get('account.json')?.toString('utf8') ?? 'null'));
    const { shopperDataOf } = await import('../src/modules/integration/service.js');
    const { buildDatabaseServices } = await import('../src/services.js');
    const services = buildDatabaseServices(server.app.db);
    const data = await shopperDataOf(
      { repository: services.repositories.integration, accounts: services.accounts, exports: services.exports },
      lukasId,
    );
    const { exportedAt: _a, sessions: _s, ...zipped } = fromZip;
    const { exportedAt: _b, sessions: _t, ...integrated } = data.personalData;
    expect(integrated).toEqual(zipped);
    expect(data.orders.map((o) => o.id)).toEqual(
      ShopperData.shape.orders.parse(JSON.parse(files.get('orders.json')?.toString('utf8') ?? '[]')).map((o) => o.id),
    );
  });

  it('downloads are limited per shopper (DATA_EXPORT_RATE_LIMIT a day): then 429 with Retry-After', async () => {
    const noah = await signedIn(server, 'demo-noah');
    expect((await noah.request(EXPORT)).statusCode).toBe(200);
    expect((await noah.request(EXPORT)).statusCode).toBe(200);
    const refused = await noah.request(EXPORT);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
  });

  it('signed out the download is a 401', async () => {
    const visitor = new TestBrowser(server.app);
    await visitor.open();
    expect((await visitor.request(EXPORT)).statusCode).toBe(401);
  });
});

describe(`issue 21: delete my account (${databaseKind})`, () => {
  it('with the emailed code: no personal data is left in the database, kept orders are anonymised, the shop gets a signed shopper.deleted, and the same sign-in makes a fresh account with onboarding', async () => {
    const emma = await signedIn(server, 'demo-emma');
    await fillEveryTable(server, emma);
    const emmaId = await shopperIdOf(server, PERSONAS.emma.email);
    const before = await db()
      .selectFrom('shoppers')
      .select(['email', 'firstName', 'lastName', 'telephone'])
      .where('id', '=', emmaId)
      .executeTakeFirstOrThrow();
    const orderCount = await rowsOf(server, 'orders', emmaId);
    expect(orderCount).toBeGreaterThan(0);
    const info = PrivacyInfo.parse((await emma.request(PRIVACY)).json());
    expect(info).toEqual({
      deletionConfirmation: 'emailCode',
      signInAgain: false,
      graceDays: 0,
      email: PERSONAS.emma.email,
      deletionDueAt: null,
    });

    const since = smtp.messages.length;
    expect((await emma.request({ method: 'POST', url: SEND_CODE, body: {} })).statusCode).toBe(200);
    const code = await codeMailedTo(PERSONAS.emma.email, since);
    expectFieldError(await emma.request({ method: 'POST', url: DELETE, body: { Confirmation: 'DELETE' } }), {
      Code: 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired',
    });
    const wrong = code === '000000' ? '111111' : '000000';
    expectFieldError(await emma.request({ method: 'POST', url: DELETE, body: { Code: wrong } }), {
      Code: 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired',
    });
    expect(await rowsOf(server, 'addresses', emmaId)).toBeGreaterThan(0);

    const deleted = await emma.request({ method: 'POST', url: DELETE, body: { Code: code } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(DeleteAccountResponse.parse(deleted.json())).toEqual({ outcome: 'deleted', dueAt: null });
    expect((await emma.request(ME)).statusCode).toBe(401);

    // Nothing that names, reaches or identifies Emma is left anywhere.
    const dump = await databaseDump(server);
    for (const value of [before.email, before.firstName, before.lastName, before.telephone, 'de vries']) {
      expect(value.length).toBeGreaterThan(2);
      expect(dump, value).not.toContain(value.toLowerCase());
    }
    for (const table of Object.keys(SHOPPER_DATA) as ShopperTable[]) {
      const kept = SHOPPER_DATA[table].erasure !== 'delete';
      if (!kept) expect(await rowsOf(server, table, emmaId), table).toBe(table === 'webhookEvents' ? 1 : 0);
    }
    const placeholder = await db()
      .selectFrom('shoppers')
      .selectAll()
      .where('id', '=', emmaId)
      .executeTakeFirstOrThrow();
    expect(placeholder).toMatchObject({ email: '', firstName: '', lastName: '', telephone: '', externalId: null });
    expect(placeholder.deletedAt).not.toBeNull();

    // Kept orders: all of them, with addresses reduced to the country, and no link to the shop's order page.
    const orders = await db()
      .selectFrom('orders')
      .select(['shippingAddress', 'billingAddress', 'accessUrl'])
      .where('shopperId', '=', emmaId)
      .execute();
    expect(orders).toHaveLength(orderCount);
    for (const order of orders) {
      expect(order.accessUrl).toBeNull();
      for (const address of [order.shippingAddress, order.billingAddress]) {
        if (address === null) continue;
        const parsed = JSON.parse(address) as Record<string, unknown>;
        expect(Object.entries(parsed).filter(([key, value]) => value !== '' && key !== 'addressType')).toEqual([
          ['country', expect.stringMatching(/^[A-Z]{2}$/)],
        ]);
      }
    }

    // The shop hears of it once, signed with its endpoint's secret.
    const deliveries = await eventually(() => {
      const found = receiver.received.filter((r) => JSON.parse(r.body).type === 'shopper.deleted');
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    const timestamp = String(delivery?.headers['x-account-timestamp']);
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${delivery?.body}`).digest('hex');
    expect(delivery?.headers['x-account-signature']).toBe(`v1=${signature}`);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      type: 'shopper.deleted',
      shopper: { id: emmaId, externalId: null },
      data: { keptOrders: orderCount },
    });

    // The same sign-in now makes a new account that starts with onboarding.
    const again = await signedIn(server, 'demo-emma');
    const fresh = Account.parse((await again.request(ME)).json());
    expect(fresh.id).not.toBe(emmaId);
    expect(fresh.firstTimeLogin).toBe(true);
    expect(fresh.email).toBe(PERSONAS.emma.email);
  });

  it('without mail: the typed word in any of the shop’s languages, any case, after a recent sign-in; a wrong word is a 400, an old sign-in the step-up 403, and neither deletes anything', async () => {
    const lukas = await signedIn(noMail, 'demo-lukas');
    const lukasId = await shopperIdOf(noMail, PERSONAS.lukas.email);
    const info = PrivacyInfo.parse((await lukas.request(PRIVACY)).json());
    expect(info).toMatchObject({ deletionConfirmation: 'typedWord', signInAgain: false, email: null });
    expectFieldError(await lukas.request({ method: 'POST', url: DELETE, body: { Confirmation: 'delete me' } }), {
      Confirmation: 'ac_DeleteAccountWordMismatch',
    });
    expectFieldError(await lukas.request({ method: 'POST', url: DELETE, body: {} }), {
      Confirmation: 'ac_DeleteAccountWordMismatch',
    });
    // A sign-in older than RECENT_SIGN_IN (60 s here): the step-up rule's answer.
    await db(noMail)
      .updateTable('sessions')
      .set({ createdAt: new Date(Date.now() - 120_000).toISOString() })
      .where('shopperId', '=', lukasId)
      .execute();
    expect(PrivacyInfo.parse((await lukas.request(PRIVACY)).json()).signInAgain).toBe(true);
    const late = await lukas.request({ method: 'POST', url: DELETE, body: { Confirmation: 'löschen' } });
    expect(late.statusCode, late.body).toBe(403);
    expect(late.json()).toMatchObject({ code: 'recent_sign_in_required' });
    expect(await rowsOf(noMail, 'addresses', lukasId)).toBeGreaterThan(0);

    const recent = await signedIn(noMail, 'demo-lukas');
    const deleted = await recent.request({ method: 'POST', url: DELETE, body: { Confirmation: ' löschen ' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ outcome: 'deleted', dueAt: null });
    expect(await rowsOf(noMail, 'addresses', lukasId)).toBe(0);
    expect((await lukas.request(ME)).statusCode).toBe(401);
    expect((await recent.request(ME)).statusCode).toBe(401);
  });

  it('with a grace period: the account waits signed out and told by email, a sign-in keeps it, and the job erases it once due', async () => {
    const sofia = await signedIn(grace, 'demo-sofia');
    const sofiaId = await shopperIdOf(grace, PERSONAS.sofia.email);
    const other = await signedIn(grace, 'demo-sofia');
    // The demo mail transport: Sofia's email is verified, so the emailed code confirms.
    const since = await db(grace).selectFrom('mailOutbox').select('id').orderBy('id', 'desc').executeTakeFirst();
    expect((await sofia.request({ method: 'POST', url: SEND_CODE, body: {} })).statusCode).toBe(200);
    // The email with the code: a notice the server's dispatcher delivers meanwhile (on a busy
    // machine, after the code) lands in the same outbox.
    const mails = await db(grace)
      .selectFrom('mailOutbox')
      .select('text')
      .where('id', '>', since?.id ?? 0)
      .where('recipient', '=', PERSONAS.sofia.email)
      .orderBy('id', 'desc')
      .execute();
    const code = mails.map((mail) => mail.text.match(/\b(\d{6})\b/)?.[1]).find(Boolean) ?? '';
    const asked = Date.now();
    const deleted = await sofia.request({ method: 'POST', url: DELETE, body: { Code: code } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const scheduled = DeleteAccountResponse.parse(deleted.json());
    expect(scheduled.outcome).toBe('scheduled');
    const due = Date.parse(scheduled.dueAt ?? '');
    expect(due - asked).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(due - asked).toBeLessThan(2 * 86_400_000 + 60_000);
    // Every session ended; the account is whole until then; the shopper is told by email.
    expect((await sofia.request(ME)).statusCode).toBe(401);
    expect((await other.request(ME)).statusCode).toBe(401);
    expect(await rowsOf(grace, 'addresses', sofiaId)).toBeGreaterThan(0);
    const notice = await db(grace)
      .selectFrom('mailQueue')
      .select('message')
      .where('recipient', '=', PERSONAS.sofia.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(notice.message)).toEqual({ kind: 'account-deletion-scheduled', dueAt: scheduled.dueAt });

    // Signing in within the period keeps the account.
    const back = await signedIn(grace, 'demo-sofia');
    expect(Account.parse((await back.request(ME)).json()).id).toBe(sofiaId);
    expect(PrivacyInfo.parse((await back.request(PRIVACY)).json()).deletionDueAt).toBeNull();

    // Asked again, and the period over: the job erases it.
    await db(grace)
      .updateTable('shoppers')
      .set({ deletionDueAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sofiaId)
      .execute();
    await db(grace).deleteFrom('sessions').where('shopperId', '=', sofiaId).execute();
    await eventually(async () => {
      const row = await db(grace)
        .selectFrom('shoppers')
        .select(['deletedAt', 'email'])
        .where('id', '=', sofiaId)
        .executeTakeFirstOrThrow();
      expect(row.deletedAt).not.toBeNull();
      expect(row.email).toBe('');
    });
    expect(await rowsOf(grace, 'addresses', sofiaId)).toBe(0);
  });
  it('deleting is atomic: a failure at the erasure’s last step leaves the whole account, every row of every table, and the shopper signed in', async () => {
    const sofia = await signedIn(noMail, 'demo-sofia');
    await fillEveryTable(noMail, sofia);
    const sofiaId = await shopperIdOf(noMail, PERSONAS.sofia.email);
    const before = await wholeAccount(noMail, sofiaId);
    expect(before.orders.length).toBeGreaterThan(0);

    const failure = await failAtErasureEnd(noMail);
    try {
      const failed = await sofia.request({ method: 'POST', url: DELETE, body: { Confirmation: 'DELETE' } });
      expect(failed.statusCode, failed.body).toBe(500);
      expect(await wholeAccount(noMail, sofiaId)).toEqual(before);
      expect((await sofia.request(ME)).statusCode).toBe(200);
    } finally {
      await failure.remove();
    }
    const deleted = await sofia.request({ method: 'POST', url: DELETE, body: { Confirmation: 'DELETE' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rowsOf(noMail, 'addresses', sofiaId)).toBe(0);
  });

  it('deleting is atomic in the job too: an erasure that fails midway leaves the whole account, and a later look erases it', async () => {
    const noah = await signedIn(grace, 'demo-noah');
    const noahId = await shopperIdOf(grace, PERSONAS.noah.email);
    // What scheduling leaves (every session ended), with the grace period over.
    await db(grace).deleteFrom('sessions').where('shopperId', '=', noahId).execute();
    const before = await wholeAccount(grace, noahId);
    const failure = await failAtErasureEnd(grace);
    try {
      await db(grace)
        .updateTable('shoppers')
        .set({ deletionDueAt: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', noahId)
        .execute();
      // The job looks every 50 ms: many erasures begin and fail in this time.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await wholeAccount(grace, noahId)).toEqual({
        ...before,
        shopper: { ...before.shopper, deletionDueAt: expect.any(String) },
      });
    } finally {
      await failure.remove();
    }
    await eventually(async () => expect(await rowsOf(grace, 'addresses', noahId)).toBe(0));
    expect((await noah.request(ME)).statusCode).toBe(401);
  });
});

/** Every row of the account: its count in each table of shopper-data.ts, the shopper row and the orders as stored. */
async function wholeAccount(s: TestServer, shopperId: number) {
  const counts: Record<string, number> = {};
  for (const table of Object.keys(SHOPPER_DATA) as ShopperTable[]) counts[table] = await rowsOf(s, table, shopperId);
  const shopper = await db(s).selectFrom('shoppers').selectAll().where('id', '=', shopperId).executeTakeFirstOrThrow();
  const orders = await db(s)
    .selectFrom('orders')
    .select(['id', 'shippingAddress', 'billingAddress', 'accessUrl'])
    .where('shopperId', '=', shopperId)
    .orderBy('id')
    .execute();
  return { counts, shopper, orders };
}

/**
 * Makes the erasure's last statement fail (blanking the shopper row, after every table was
 * emptied and the orders anonymised): a database trigger, so nothing in the application changes.
 */
async function failAtErasureEnd(s: TestServer): Promise<{ remove(): Promise<void> }> {
  if (databaseKind === 'postgres') {
    await sql`create function fail_erasure() returns trigger language plpgsql as $$
      begin raise exception 'injected failure at the end of an erasure'; end $$`.execute(db(s));
    await sql`create trigger fail_erasure before update of email on shoppers for each row
      when (old.email <> '' and new.email = '') execute function fail_erasure()`.execute(db(s));
    return {
      async remove() {
        await sql`drop trigger fail_erasure on shoppers`.execute(db(s));
        await sql`drop function fail_erasure()`.execute(db(s));
      },
    };
  }
  await sql`create trigger fail_erasure before update of email on shoppers
    when old.email <> '' and new.email = ''
    begin select raise(abort, 'injected failure at the end of an erasure'); end`.execute(db(s));
  return {
    async remove() {
      await sql`drop trigger fail_erasure`.execute(db(s));
    },
  };
}
