/**
 * The export of one shopper's data (GDPR Art. 15/20): the one reading of it that the shopper's own
 * download (GET /privacy/export, a ZIP), the integration API's GET /shoppers/{id}/data and the
 * command line's export-shopper share. The ZIP is streamed: orders are read a page at a time and
 * written as they come, invoices taken from the kept PDFs (or rendered and kept) one at a time, each
 * entry added only once the one before has gone out, so memory stays flat however many orders the
 * shopper has.
 */
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Order, PersonalData } from '@account/contract';
import { ZipFile } from 'yazl';
import { notFound } from '../../errors.js';
import { INVOICE_THREADS } from '../orders/invoice-pool.js';
import type { InvoiceFile, OrderService } from '../orders/service.js';
import type { OrderShopRecords } from '../orders/shop-records.js';
import type { PrivacyRepository } from './repository.js';

export interface PrivacyExportOptions {
  repository: Pick<PrivacyRepository, 'sections' | 'avatarFiles'>;
  /** The shopper's orders, read a page at a time. */
  orderRecords: Pick<OrderShopRecords, 'pages'>;
  orders: Pick<OrderService, 'invoiceRenderer'>;
  now?: () => Date;
}

/** What each file of the download holds. */
const README = `Your data from your customer account

account.json    everything stored about you, by kind: your profile ("shopper"), sign-in
                methods, sessions and browsers (times only), addresses, interests,
                newsletters, vouchers, achievements, returns you asked for, wishlist,
                recently viewed products,
                profile picture details, verification codes sent to you (never the codes
                themselves) and the notifications sent to the shop about your account
orders.json     every order, newest first: products, payments, amounts, addresses and invoice
invoices/       the invoice of each order that has one, as PDF
avatar.*        your profile picture, when you have one

All times are UTC (ISO 8601). Amounts are in the currency given beside them.
`;

/** Invoice numbers come from the shop: only characters every file system takes go into a name. */
const safeFileName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 120) || 'invoice';

/** orders.json as text chunks, one page of orders at a time: a JSON array written as it is read. */
async function* ordersJson(pages: AsyncIterable<Order[]>): AsyncGenerator<Buffer> {
  let first = true;
  yield Buffer.from('[');
  for await (const page of pages) {
    const text = page.map((order, index) => `${first && index === 0 ? '' : ','}\n  ${JSON.stringify(order)}`).join('');
    first = false;
    yield Buffer.from(text);
  }
  yield Buffer.from(first ? ']\n' : '\n]\n');
}

/**
 * Adds one entry and waits until the ZIP has taken all of it: the next entry is made only then, so
 * a slow download holds back the reading and rendering instead of piling them up in memory. yazl
 * keeps each entry's source function to the end, for the central directory: it lets go of the data
 * once used, or every invoice of the export would stay in memory.
 */
export async function addEntry(
  zip: ZipFile,
  name: string,
  data: Buffer | Readable,
  options: { compress: boolean },
  signal: AbortSignal,
): Promise<void> {
  const stream = data instanceof Readable ? data : Readable.from([data], { objectMode: false });
  let source: Readable | null = stream;
  zip.addReadStreamLazy(name, options, (take) => {
    const taken = source;
    source = null;
    if (taken) take(null, taken);
  });
  await finished(stream, { signal });
}

/**
 * Invoices rendering ahead of the one going out: enough to keep the render threads busy while
 * the ZIP writes, few enough that memory holds only these.
 */
const RENDER_AHEAD = 2 * INVOICE_THREADS;

export function privacyExport(options: PrivacyExportOptions) {
  const { repository, orderRecords: orders } = options;
  const now = options.now ?? (() => new Date());

  async function personalData(shopperId: number): Promise<PersonalData> {
    const exportedAt = now().toISOString();
    const sections = await repository.sections(shopperId);
    if (!sections) throw notFound('No such account');
    return { exportedAt, ...sections };
  }

  return {
    personalData,

    /** The shopper's orders, newest first, a page at a time. */
    orderPages: (shopperId: number) => orders.pages(shopperId),

    /** Every order at once, for the JSON exports of the integration API and the command line. */
    async allOrders(shopperId: number): Promise<Order[]> {
      const all: Order[] = [];
      for await (const page of orders.pages(shopperId)) all.push(...page);
      return all;
    },

    /**
     * The download as a ZIP stream. The account is read before it starts (an unknown one is a
     * 404, not a broken file); a failure later destroys the stream, so the client sees a failed
     * download rather than a short file. Aborting `signal` (the client went away) stops the work.
     */
    async zip(
      shopperId: number,
      context: { acceptLanguage?: string; signal: AbortSignal },
    ): Promise<{ fileName: string; stream: Readable }> {
      const data = await personalData(shopperId);
      const avatars = await repository.avatarFiles(shopperId);
      const invoices = await options.orders.invoiceRenderer(shopperId, context.acceptLanguage);
      const zip = new ZipFile();
      const output = zip.outputStream as Readable;
      const { signal } = context;

      const write = async () => {
        zip.addBuffer(Buffer.from(README), 'README.txt');
        zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), 'account.json');
        // Images are compressed already.
        for (const avatar of avatars) zip.addBuffer(avatar.content, avatar.file, { compress: false });
        await addEntry(
          zip,
          'orders.json',
          Readable.from(ordersJson(orders.pages(shopperId)), { objectMode: false }),
          { compress: true },
          signal,
        );
        const names = new Set<string>();
        const rendering: { name: string; file: Promise<InvoiceFile> }[] = [];
        const sendOldest = async () => {
          const oldest = rendering.shift();
          // PDF content is compressed already: storing it spares the CPU.
          if (oldest) await addEntry(zip, oldest.name, (await oldest.file).pdf, { compress: false }, signal);
        };
        for await (const page of orders.pages(shopperId)) {
          await invoices.prefetch(page);
          for (const order of page) {
            const invoice = order.invoice;
            if (!invoice) continue;
            signal.throwIfAborted();
            let name = `invoices/${safeFileName(`invoice-${invoice.name}`)}.pdf`;
            if (names.has(name)) name = name.replace(/\.pdf$/, `-${order.id}.pdf`);
            names.add(name);
            const file = invoices.file(order, invoice);
            // Its failure is reported when its turn comes; until then it must not count as unhandled.
            file.catch(() => {});
            rendering.push({ name, file });
            if (rendering.length >= RENDER_AHEAD) await sendOldest();
          }
        }
        while (rendering.length > 0) await sendOldest();
        await invoices.flush();
        zip.end();
      };
      write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));

      const day = data.exportedAt.slice(0, 10);
      return { fileName: `my-data-${day}.zip`, stream: output };
    },
  };
}

export type PrivacyExport = ReturnType<typeof privacyExport>;
