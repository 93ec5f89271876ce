/**
 * The shopper's orders (spec §2 Orders list and Order detail, §4 Order delete and Order list):
 * search and page through them, view one, delete one awaiting payment, download its invoice.
 * Only the signed-in shopper's own orders exist here; anyone else's answers 404.
 */
import {
  canDeleteOrder,
  type Invoice,
  type OnTheWay,
  ORDERS_PER_PAGE,
  type Order,
  type OrderList,
  type OrderListQuery,
  type OrderShipments,
} from '@account/contract';
import { conflict, notFound } from '../../errors.js';
import type { SettingsService } from '../settings/service.js';
import { renderInvoice } from './invoice-pool.js';
import { INVOICE_TEXT_KEYS } from './invoice-texts.js';
import type { OrderRepository } from './repository.js';
import { searchPattern } from './search-text.js';
import type { ShipmentRepository } from './shipment-repository.js';

const INVOICE_KEYS = new Set<string>(INVOICE_TEXT_KEYS);

export interface OrderServiceOptions {
  repository: OrderRepository;
  shipments: ShipmentRepository;
  settings: Pick<SettingsService, 'stored' | 'translations' | 'resolveLanguage'>;
}

export interface InvoiceFile {
  fileName: string;
  pdf: Buffer;
}

export function orderService({ repository, shipments, settings }: OrderServiceOptions) {
  async function own(shopperId: number, id: number): Promise<Order> {
    const order = await repository.find(shopperId, id);
    if (!order) throw notFound('No such order');
    return order;
  }

  /**
   * Renders invoices of the shopper's orders in their language, with the shop's name and texts
   * looked up once: an export renders hundreds with one renderer.
   */
  async function invoiceRenderer(
    shopperId: number,
    acceptLanguage?: string,
  ): Promise<(order: Order, invoice: Invoice) => Promise<InvoiceFile>> {
    const language = await settings.resolveLanguage(await repository.shopperLanguage(shopperId), acceptLanguage);
    const [stored, texts] = await Promise.all([settings.stored(), settings.translations(language)]);
    const catalogue = new Map(
      texts.filter((entry) => INVOICE_KEYS.has(entry.key)).map((entry) => [entry.key, entry.translate]),
    );
    return async (order, invoice) => ({
      fileName: `invoice-${invoice.name}.pdf`,
      pdf: await renderInvoice({
        order,
        invoice,
        shopName: stored.companyName,
        language,
        separators: { decimalSep: stored.decimalSep, thousandSep: stored.thousandSep },
        texts: catalogue,
      }),
    });
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
      const render = await invoiceRenderer(shopperId, acceptLanguage);
      return render(order, order.invoice);
    },

    invoiceRenderer,
  };
}

export type OrderService = ReturnType<typeof orderService>;
