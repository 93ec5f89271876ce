/**
 * Kept invoice PDFs (migration 2026-11-29-008): an invoice rendered once is kept in the database
 * and sent from there by the download (GET /order/downloadInvoice/{id}) and the data export, as
 * long as what it was rendered from is the same; the render-ahead job keeps those of shoppers with
 * many; erasing the account deletes them. Renderings are counted through the order service's
 * injected renderer.
 */
import type { Account } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../src/modules/orders/invoice-pdf.js';
import { renderInvoice } from '../src/modules/orders/invoice-pool.js';
import { renderAheadJob } from '../src/modules/orders/render-ahead-job.js';
import { orderService } from '../src/modules/orders/service.js';
import { orderShopRecords } from '../src/modules/orders/shop-records.js';
import { privacyExport } from '../src/modules/privacy/export.js';
import { buildDatabaseServices } from '../src/services.js';
import { TestBrowser } from './support/browser.js';
import { insertInvoicedOrder } from './support/invoiced-order.js';
import { pdfText } from './support/pdf-text.js';
import { signIn } from './support/sign-in.js';
import { api, databaseKind, putSetting, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { MAIL_TRANSPORT: 'none' } });
});
afterAll(async () => {
  await server?.close();
});

async function newShopper(): Promise<{ browser: TestBrowser; shopperId: number }> {
  const browser = new TestBrowser(server.app);
  await signIn(browser, 'new');
  const me = await browser.request(api('/shopuser/me'));
  return { browser, shopperId: (me.json() as Account).id };
}

const invoicedOrder = (shopperId: number) => insertInvoicedOrder(server.app.db.kysely, shopperId);

/** The order service and export over the server's database, counting what they render. */
function counted() {
  const services = buildDatabaseServices(server.app.db);
  const renders: InvoiceDocument[] = [];
  const orders = orderService({
    repository: services.repositories.orders,
    shipments: services.repositories.shipments,
    pdfs: services.repositories.invoicePdfs,
    settings: services.settings,
    render: (document) => {
      renders.push(document);
      return renderInvoice(document);
    },
  });
  const exports = privacyExport({
    repository: services.repositories.privacy,
    orderRecords: orderShopRecords(
      services.repositories.orders,
      services.repositories.shipments,
      services.repositories.returns,
    ),
    orders,
  });
  return { services, orders, exports, renders };
}

async function keptRows(shopperId: number) {
  return server.app.db.kysely
    .selectFrom('invoicePdfs')
    .select(['invoiceId', 'pdf'])
    .where('shopperId', '=', shopperId)
    .where('pdf', 'is not', null)
    .execute();
}

async function readZip(exports: ReturnType<typeof counted>['exports'], shopperId: number): Promise<void> {
  const { stream } = await exports.zip(shopperId, { signal: new AbortController().signal });
  for await (const _chunk of stream);
}

describe(`kept invoice PDFs (${databaseKind})`, () => {
  it('the kept PDF is byte-identical to a fresh rendering of the invoice, a second later too', async () => {
    const { browser, shopperId } = await newShopper();
    const orderId = await invoicedOrder(shopperId);
    const first = await browser.request(api(`/order/downloadInvoice/${orderId}`));
    expect(first.statusCode).toBe(200);
    const [kept] = await keptRows(shopperId);
    expect(kept?.pdf?.equals(first.rawPayload)).toBe(true);
    // A rendering in a later second: nothing of the moment of rendering may be in the bytes.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await server.app.db.kysely.deleteFrom('invoicePdfs').where('shopperId', '=', shopperId).execute();
    const fresh = await browser.request(api(`/order/downloadInvoice/${orderId}`));
    expect(fresh.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('the second download of an invoice sends the kept PDF without rendering it', async () => {
    const { shopperId } = await newShopper();
    const orderId = await invoicedOrder(shopperId);
    const { orders, renders } = counted();
    const first = await orders.invoice(shopperId, orderId);
    const second = await orders.invoice(shopperId, orderId);
    expect(renders).toHaveLength(1);
    expect(second.pdf.equals(first.pdf)).toBe(true);
    expect(second.fileName).toBe(first.fileName);
  });

  it('the second data export renders no invoice: every one is kept from the first', async () => {
    const { shopperId } = await newShopper();
    for (let i = 0; i < 3; i++) await invoicedOrder(shopperId);
    const { exports, renders } = counted();
    await readZip(exports, shopperId);
    expect(renders).toHaveLength(3);
    expect(await keptRows(shopperId)).toHaveLength(3);
    await readZip(exports, shopperId);
    expect(renders).toHaveLength(3);
  });

  it('a change of what the invoice prints (the language, the shop’s name, the order) renders it anew', async () => {
    const { shopperId } = await newShopper();
    const orderId = await invoicedOrder(shopperId);
    const k = server.app.db.kysely;
    const language = (code: string) =>
      k.updateTable('shoppers').set({ defaultLanguage: code }).where('id', '=', shopperId).execute();
    await language('en');
    const english = counted();
    await english.orders.invoice(shopperId, orderId);
    await english.orders.invoice(shopperId, orderId);
    expect(english.renders.map((r) => r.language)).toEqual(['en']);

    await language('de');
    const german = await english.orders.invoice(shopperId, orderId);
    expect(english.renders.map((r) => r.language)).toEqual(['en', 'de']);
    expect(pdfText(german.pdf)).toContain('Rechnung');

    // A fresh settings service reads the new name (the server's own caches its settings).
    await putSetting(server, 'companyName', `Renamed Shop ${databaseKind}`);
    const renamed = counted();
    const file = await renamed.orders.invoice(shopperId, orderId);
    expect(renamed.renders.map((r) => r.shopName)).toEqual([`Renamed Shop ${databaseKind}`]);
    expect(pdfText(file.pdf)).toContain(`Renamed Shop ${databaseKind}`);

    await k.updateTable('orderProducts').set({ name: 'Renamed jacket' }).where('orderId', '=', orderId).execute();
    expect(pdfText((await renamed.orders.invoice(shopperId, orderId)).pdf)).toContain('Renamed jacket');
    expect(renamed.renders).toHaveLength(2);
  });

  it('erasing the account deletes the shopper’s kept invoice PDFs; the orders and invoices stay for the shop', async () => {
    const { browser, shopperId } = await newShopper();
    const orderId = await invoicedOrder(shopperId);
    expect((await browser.request(api(`/order/downloadInvoice/${orderId}`))).statusCode).toBe(200);
    expect(await keptRows(shopperId)).toHaveLength(1);
    const deleted = await browser.request({
      method: 'POST',
      url: api('/privacy/delete-account'),
      body: { Confirmation: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ outcome: 'deleted' });
    const left = await server.app.db.kysely
      .selectFrom('invoicePdfs')
      .select('invoiceId')
      .where('shopperId', '=', shopperId)
      .execute();
    expect(left).toEqual([]);
    const invoices = await server.app.db.kysely
      .selectFrom('invoices')
      .select('id')
      .where('orderId', '=', orderId)
      .execute();
    expect(invoices).toHaveLength(1);
  });

  it('the render-ahead job keeps every invoice of a shopper with many, and none of one with few', async () => {
    const many = await newShopper();
    const few = await newShopper();
    for (let i = 0; i < 4; i++) await invoicedOrder(many.shopperId);
    await invoicedOrder(few.shopperId);
    const { orders, services, exports, renders } = counted();
    const job = renderAheadJob({ pdfs: services.repositories.invoicePdfs, orders, minInvoices: 2 });
    // Sweeps of the whole (small) shop; every demo shopper with two invoices or more is rendered too.
    for (let looks = 0; (await job.runOnce()) && looks < 200; looks++);
    expect(await keptRows(many.shopperId)).toHaveLength(4);
    expect(await keptRows(few.shopperId)).toHaveLength(0);
    const rendered = renders.length;
    await readZip(exports, many.shopperId);
    expect(renders).toHaveLength(rendered);
  });
  it('two instances rendering ahead side by side render each invoice once: each renders only what it claimed', async () => {
    const many = await newShopper();
    for (let i = 0; i < 6; i++) await invoicedOrder(many.shopperId);
    const instances = [counted(), counted()];
    const jobs = instances.map(({ services, orders }) =>
      renderAheadJob({ pdfs: services.repositories.invoicePdfs, orders, minInvoices: 2 }),
    );
    const sweep = async (job: (typeof jobs)[number]) => {
      for (let looks = 0; (await job.runOnce()) && looks < 200; looks++);
    };
    await Promise.all(jobs.map(sweep));
    const rendered = instances.flatMap(({ renders }) => renders.map((r) => r.order.orderId));
    expect(rendered.length).toBe(new Set(rendered).size);
    expect(await keptRows(many.shopperId)).toHaveLength(6);
  });
});
