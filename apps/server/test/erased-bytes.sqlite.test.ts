/**
 * Issue 44, security 3: an erased account leaves no readable copy in the SQLite files. The rows
 * are blanked by the erasure; secure_delete zeroes what they held in the database file, and a
 * TRUNCATE checkpoint after the erasure copies the WAL in and empties it. The test scans the raw
 * bytes of every file of the database (account.db, -wal, -shm) for the shopper's email, phone and
 * street. SQLite only: PostgreSQL's files are the operator's (README, Security).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Account, INTEGRATION_BASE } from '@account/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDatabaseServices } from '../src/services.js';
import { PRIVATE_ADDRESS } from './fixtures/addresses.js';
import { TestBrowser } from './support/browser.js';
import { insertInvoicedOrder } from './support/invoiced-order.js';
import { signedIn, signIn } from './support/sign-in.js';
import { api, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { MAIL_TRANSPORT: 'none' } });
});
afterAll(async () => {
  await server?.close();
});

const post = (browser: TestBrowser, url: string, body: unknown) => browser.request({ method: 'POST', url, body });

/** The files SQLite keeps the database in (account.db, -wal, -shm). */
function databaseFiles(app: FastifyInstance): string[] {
  const file = app.db.location;
  return readdirSync(path.dirname(file))
    .filter((name) => name.startsWith(path.basename(file)))
    .map((name) => path.join(path.dirname(file), name));
}

/** Which of the database's files hold any of `texts`, by text. */
function filesHolding(app: FastifyInstance, texts: string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of databaseFiles(app)) {
    const bytes = readFileSync(file);
    const holds = texts.filter((text) => bytes.includes(Buffer.from(text, 'utf8')));
    if (holds.length > 0) found[path.basename(file)] = holds;
  }
  return found;
}

describe('issue 44: an erased account leaves no readable copy in the SQLite files', () => {
  it('after deleting an account, no file of the database holds its email, phone or street', async () => {
    const mark = Date.now().toString(36);
    const email = `erase.me.${mark}@example.com`;
    const telephone = `+31 6${String(Date.now()).slice(-8)}`;
    const street = `Vergeetmenietstraat ${mark}`;
    const lukas = await signedIn(server, 'demo-lukas');
    // The whole edit-profile form, as the web app sends it.
    const saved = await post(lukas, api('/shopUser/updateAccount'), {
      Gender: 1,
      FirstName: 'Lukas',
      LastName: 'Schneider',
      Email: email,
      ConfirmEmail: email,
      Telephone: telephone,
      ConfirmTelephone: telephone,
      BirthDate: '1990/05/17',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const address = await post(lukas, api('/address'), {
      ...PRIVATE_ADDRESS,
      Address: street,
      Email: email,
      ConfirmEmail: email,
    });
    expect(address.statusCode, address.body).toBe(200);
    const me = Account.parse((await lukas.request(api('/shopuser/me'))).json());
    expect(me.email).toBe(email);
    const texts = [email, me.telephone.replace(/\s/g, '').slice(-8), street];
    // The shopper's data is in the files, as the database file's pages or the WAL's.
    expect(Object.values(filesHolding(server.app, texts)).flat().sort()).toEqual(expect.arrayContaining(texts));

    const deleted = await post(lukas, api('/privacy/delete-account'), { Confirmation: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ outcome: 'deleted' });
    expect(filesHolding(server.app, texts)).toEqual({});
  });

  it('an erased account’s kept invoice PDFs leave no copy in the files either', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'new');
    const shopperId = Account.parse((await browser.request(api('/shopuser/me'))).json()).id;
    const orderId = await insertInvoicedOrder(server.app.db.kysely, shopperId);
    const pdf = (await browser.request(api(`/order/downloadInvoice/${orderId}`))).rawPayload;
    // A run of the PDF's compressed bytes: found only where the kept copy is.
    const run = pdf.subarray(Math.floor(pdf.length / 2), Math.floor(pdf.length / 2) + 48);
    const holding = () => databaseFiles(server.app).some((file) => readFileSync(file).includes(run));
    expect(holding()).toBe(true);
    const deleted = await post(browser, api('/privacy/delete-account'), { Confirmation: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(holding()).toBe(false);
  });

  it('a shopper the shop deletes through the integration API leaves no readable copy either', async () => {
    const mark = Date.now().toString(36);
    const email = `shop.erased.${mark}@example.com`;
    const lastName = `Vergeten-${mark}`;
    const { key } = await buildDatabaseServices(server.app.db).apiKeys.create('erased bytes');
    const shop = (method: 'PUT' | 'DELETE', body?: unknown) =>
      server.app.inject({
        method,
        url: `${INTEGRATION_BASE}/shoppers/erased-${mark}`,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    expect((await shop('PUT', { email, lastName })).statusCode).toBe(201);
    expect(Object.keys(filesHolding(server.app, [email, lastName]))).not.toEqual([]);
    const deleted = await shop('DELETE');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(filesHolding(server.app, [email, lastName])).toEqual({});
  });
});
