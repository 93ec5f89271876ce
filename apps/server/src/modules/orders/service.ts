/**
 * The shopper's orders (spec §2 Orders list and Order detail, §4 Order delete and Order list):
 * search and page through them, view one, delete one awaiting payment, download its invoice.
 * Only the signed-in shopper's own orders exist here; anyone else's answers 404.
 */

import { createHash } from 'node:crypto';
import {
  type BuyAgain,
  CART_ITEMS_PLACEHOLDER,
  canBuy,
  canDeleteOrder,
  GENERIC_FIELD_ERROR,
  type Invoice,
  type OnTheWay,
  ORDERS_PER_PAGE,
  type Order,
  type OrderList,
  type OrderListQuery,
  type OrderShipments,
  ProductAvailability,
} from '@account/contract';
import { conflict, fieldErrors, notFound } from '../../errors.js';
import type { SettingsService } from '../settings/service.js';
import { INVOICE_RENDERER_VERSION, type InvoiceDocument, invoiceOrder } from './invoice-pdf.js';
import { renderInvoice } from './invoice-pool.js';
import { INVOICE_TEXT_KEYS } from './invoice-texts.js';
import type { InvoicePdfRepository, KeptPdf } from './repositories/invoice-pdfs.js';
import type { ShipmentRepository } from './repositories/shipments.js';
import type { OrderRepository } from './repository.js';
import { searchPattern } from './search-text.js';

const INVOICE_KEYS = new Set<string>(INVOICE_TEXT_KEYS);

export interface OrderServiceOptions {
  repository: OrderRepository;
  shipments: ShipmentRepository;
  pdfs: InvoicePdfRepository;
  settings: Pick<SettingsService, 'stored' | 'translations' | 'resolveLanguage'>;
  /** Renders one invoice; the render threads' pool unless given (a test counts renderings). */
  render?: (document: InvoiceDocument) => Promise<Buffer>;
  now?: () => Date;
}

export interface InvoiceFile {
  fileName: string;
  pdf: Buffer;
}

/**
 * Invoices kept in one statement: enough to spare an export thousands of commits, few enough that
 * writing them (on SQLite, on the event loop) holds other requests up for a millisecond or two.
 */
const KEEP_BATCH = 8;

/** The key of a rendering: the digest of everything it takes, and of the renderer's version. */
const inputKey = (document: InvoiceDocument) =>
  createHash('sha256')
    .update(JSON.stringify([INVOICE_RENDERER_VERSION, { ...document, texts: [...document.texts] }]))
    .digest('base64url');

export interface InvoiceRenderer {
  /** Reads the kept PDFs of these orders' invoices in one statement, for `file` to take. */
  prefetch(orders: readonly Order[]): Promise<void>;
  /** The invoice's PDF: the kept one when it was rendered from the same inputs, else rendered now. */
  file(order: Order, invoice: Invoice): Promise<InvoiceFile>;
  /** Keeps what was rendered and is not kept yet. */
  flush(): Promise<void>;
}

export function orderService({ repository, shipments, pdfs, settings, ...options }: OrderServiceOptions) {
  const render = options.render ?? renderInvoice;
  const now = options.now ?? (() => new Date());

  async function own(shopperId: number, id: number): Promise<Order> {
    const order = await repository.find(shopperId, id);
    if (!order) throw notFound('No such order');
    return order;
  }

  /**
   * Gives invoices of the shopper's orders in their language, with the shop's name and texts
   * looked up once: an export gives thousands with one renderer. A PDF is kept once rendered (an
   * issued invoice rarely changes), and sent from there while what it was rendered from is the same.
   */
  async function invoiceRenderer(shopperId: number, acceptLanguage?: string): Promise<InvoiceRenderer> {
    const language = await settings.resolveLanguage(await repository.shopperLanguage(shopperId), acceptLanguage);
    const [stored, texts] = await Promise.all([settings.stored(), settings.translations(language)]);
    const catalogue = new Map(
      texts.filter((entry) => INVOICE_KEYS.has(entry.key)).map((entry) => [entry.key, entry.translate]),
    );
    const prefetched = new Map<number, { inputKey: string; pdf: Buffer }>();
    let unkept: KeptPdf[] = [];
    /** Writes under way: an export goes on while they are written, and `flush` waits for them. */
    const writing: Promise<void>[] = [];
    const write = () => {
      const batch = unkept;
      unkept = [];
      const written = pdfs.keep(batch, now().toISOString());
      // Its failure is reported by flush; until then it must not count as unhandled.
      written.catch(() => {});
      writing.push(written);
    };
    const flush = async () => {
      write();
      await Promise.all(writing.splice(0));
    };
    return {
      async prefetch(orders) {
        const kept = await pdfs.kept(orders.flatMap((order) => (order.invoice ? [order.invoice.id] : [])));
        for (const [invoiceId, pdf] of kept) prefetched.set(invoiceId, pdf);
      },
      async file(order, invoice) {
        const document: InvoiceDocument = {
          order: invoiceOrder(order),
          invoice,
          shopName: stored.companyName,
          language,
          separators: { decimalSep: stored.decimalSep, thousandSep: stored.thousandSep },
          texts: catalogue,
        };
        const key = inputKey(document);
        const kept = prefetched.get(invoice.id);
        prefetched.delete(invoice.id);
        const fileName = `invoice-${invoice.name}.pdf`;
        if (kept?.inputKey === key) return { fileName, pdf: kept.pdf };
        const pdf = await render(document);
        unkept.push({ invoiceId: invoice.id, shopperId, inputKey: key, pdf });
        if (unkept.length >= KEEP_BATCH) write();
        return { fileName, pdf };
      },
      flush,
    };
  }

  return {
    /** §7 GET /order: a page of the matching orders, newest first; beyond the last page an empty one. */
    async list(shopperId: number, { page, query }: OrderListQuery): Promise<OrderList> {
      const { orders, total } = await repository.page(shopperId, {
        pattern: query === '' ? null : searchPattern(query),
        limit: ORDERS_PER_PAGE,
        offset: (page - 1) * ORDERS_PER_PAGE,
      });
      return { data: orders, meta: { total, numberPerPage: ORDERS_PER_PAGE } };
    },

    get: own,

    /** The order's shipments with their events, newest first (issue 46); another shopper's order is a 404. */
    async shipments(shopperId: number, id: number): Promise<OrderShipments> {
      const found = await shipments.ofOrder(shopperId, id);
      if (found.length === 0) await own(shopperId, id);
      return { shipments: found };
    },

    /**
     * Buy again (issue 46): the shop's cart link with the order's products (or the lines asked
     * for), each product once with how often it was in them; what the shop marks out of stock or
     * discontinued, or never sent (no id to add it by), is left out and named.
     */
    async buyAgain(shopperId: number, id: number, lines: readonly number[] | undefined): Promise<BuyAgain> {
      const order = await own(shopperId, id);
      const wanted = lines ?? order.products.map((_, line) => line);
      const missing = wanted.filter((line) => line >= order.products.length);
      // Named as the query's field on the wire (PascalCase, as every field error of the account API).
      if (missing.length > 0)
        throw fieldErrors({ Lines: GENERIC_FIELD_ERROR }, `The order has no line ${missing.join(', ')}`);
      const known = await repository.cartProducts(order.products.map((p) => p.productId).filter((pid) => pid > 0));
      const added: BuyAgain['added'] = [];
      const leftOut: BuyAgain['leftOut'] = [];
      const quantities = new Map<string, number>();
      for (const line of wanted) {
        const product = order.products[line];
        if (!product) continue;
        const shop = known.get(product.productId);
        const availability = ProductAvailability.catch('inStock').parse(shop?.availability);
        if (!shop?.externalId) leftOut.push({ line, name: product.name, reason: 'unknown' });
        else if (!canBuy(availability)) {
          leftOut.push({
            line,
            name: product.name,
            reason: availability === 'discontinued' ? 'discontinued' : 'outOfStock',
          });
        } else {
          quantities.set(shop.externalId, (quantities.get(shop.externalId) ?? 0) + 1);
          added.push({ line, name: product.name, quantity: 1 });
        }
      }
      const { cartUrl } = await settings.stored();
      const items = [...quantities].map(([shopId, quantity]) => `${shopId}:${quantity}`).join(',');
      return {
        cartUrl: cartUrl && items ? cartUrl.replace(CART_ITEMS_PLACEHOLDER, encodeURIComponent(items)) : null,
        added,
        leftOut,
      };
    },

    /** The parcels of an order by its number, as the shop sees them (the demo shop's carrier desk). */
    shipmentsOfOrderNumber: (orderNumber: string) => shipments.ofOrderNumber(orderNumber),

    /** Every shipment of the shopper still on its way (the overview). */
    onTheWay: (shopperId: number): Promise<OnTheWay> => shipments.onTheWay(shopperId),

    /** §4 Order delete: only an order awaiting payment (status 10); any other is a conflict. */
    async remove(shopperId: number, id: number): Promise<void> {
      const status = await repository.status(shopperId, id);
      if (status === undefined) throw notFound('No such order');
      if (!canDeleteOrder(status)) throw conflict('Only an order awaiting payment can be deleted');
      // Deletes only while the status is still the one checked: a payment arriving meanwhile wins.
      if (await repository.remove(shopperId, id, status)) return;
      if ((await repository.status(shopperId, id)) === undefined) throw notFound('No such order');
      throw conflict('The order changed and can no longer be deleted');
    },

    /**
     * §7 GET /order/downloadInvoice/{id}: the invoice as a PDF in the shopper's language (their
     * chosen one if the shop offers it, else the browser's, else the shop's default).
     */
    async invoice(shopperId: number, id: number, acceptLanguage?: string): Promise<InvoiceFile> {
      const order = await own(shopperId, id);
      if (!order.invoice) throw notFound('This order has no invoice yet');
      const renderer = await invoiceRenderer(shopperId, acceptLanguage);
      await renderer.prefetch([order]);
      const file = await renderer.file(order, order.invoice);
      await renderer.flush();
      return file;
    },

    invoiceRenderer,

    /**
     * Renders and keeps these invoices of the shopper (claimed by the render-ahead job), one at a
     * time: the job leaves the other render threads, and the cores, to the requests.
     */
    async renderAhead(shopperId: number, invoiceIds: readonly number[]): Promise<void> {
      const renderer = await invoiceRenderer(shopperId);
      for (const order of await repository.withInvoices(shopperId, invoiceIds)) {
        if (order.invoice) await renderer.file(order, order.invoice);
      }
      await renderer.flush();
    },
  };
}

export type OrderService = ReturnType<typeof orderService>;
