/**
 * The invoice of an order as a PDF (spec §2 Order detail: "the invoice with a PDF download"):
 * the shop, invoice and order numbers and dates, both addresses, the products and the amounts of
 * spec §3 Order in the order's currency, labelled in the shopper's language. A4, an embedded
 * Unicode font so that every name and street shows as written, a page break with a repeated table
 * header for long orders, and a footer with page numbers on every page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  addressText,
  countryName,
  fillPlaceholders,
  type Invoice,
  type Money,
  type MoneySeparators,
  type Order,
  type OrderProduct,
} from '@account/contract';
import { formatDate } from '@account/contract/dates';
import { currencySymbol, formatAmount, formatMoney } from '@account/contract/money';
import { type Font as FontkitFont, create as openFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { InvoiceTextKey } from './invoice-texts.js';

/**
 * Part of a kept PDF's key: change it with any change to how an invoice looks, so that every kept
 * PDF is rendered anew.
 */
export const INVOICE_RENDERER_VERSION = 1;

/**
 * The parts of an order an invoice prints. The renderer takes these and nothing more, so that a
 * kept PDF's key (the digest of its InvoiceDocument) changes whenever the printout would: a status
 * or parcel moving on renders nothing anew.
 */
export type InvoiceOrder = Pick<
  Order,
  | 'orderId'
  | 'created'
  | 'billingAddress'
  | 'shippingAddress'
  | 'discount'
  | 'subTotal'
  | 'serviceFee'
  | 'shippingCost'
  | 'transactionCost'
  | 'totalPrice'
> & { products: Pick<OrderProduct, 'name' | 'categoryName' | 'price'>[] };

export const invoiceOrder = (order: Order): InvoiceOrder => ({
  orderId: order.orderId,
  created: order.created,
  billingAddress: order.billingAddress,
  shippingAddress: order.shippingAddress,
  discount: order.discount,
  subTotal: order.subTotal,
  serviceFee: order.serviceFee,
  shippingCost: order.shippingCost,
  transactionCost: order.transactionCost,
  totalPrice: order.totalPrice,
  products: order.products.map(({ name, categoryName, price }) => ({ name, categoryName, price })),
});

export interface InvoiceDocument {
  order: InvoiceOrder;
  invoice: Invoice;
  shopName: string;
  /** The shopper's language, recorded in the PDF for screen readers. */
  language: string;
  separators: MoneySeparators;
  /** The texts of INVOICE_TEXT_KEYS: the shipped catalogue with the shop's own overrides. */
  texts: ReadonlyMap<string, string>;
}

/**
 * Adobe's Source Sans 3 from the `source-sans` package: Latin, Greek and Cyrillic. pdfkit embeds
 * only the glyphs a document uses, so an invoice stays small.
 */
const fontFile = (name: string) => readFileSync(createRequire(import.meta.url).resolve(`source-sans/TTF/${name}.ttf`));
const FONT_FILES = { regular: fontFile('SourceSans3-Regular'), bold: fontFile('SourceSans3-Bold') };
const FONT = 'regular';
const BOLD = 'bold';

function singleFont(file: Buffer): FontkitFont {
  const font = openFont(file);
  if ('fonts' in font) throw new Error('The invoice font is a font collection, not one font');
  return font;
}

/**
 * Parsed once for every invoice: pdfkit takes a parsed font as well as its file, and parsing the
 * file anew was most of the time of an invoice (an export renders thousands).
 */
const FONTS = { regular: singleFont(FONT_FILES.regular), bold: singleFont(FONT_FILES.bold) };
const face = FONTS.regular;

/**
 * pdfkit shapes each word with fontkit (kerning, ligatures) and keeps the result per document; an
 * export renders thousands of invoices with the same labels, digits and names, and shaping was
 * half of each one's time. So every document of a cut shares one cache. pdfkit only reads a
 * shaped word once it is made (it copies one it spaces), as it already does within a document.
 * Bounded: emptied when full, since order numbers and amounts keep adding words.
 */
const LAYOUT_CACHE_WORDS = 3_000;
function sharedLayoutCache(): object {
  const words = new Map<string, unknown>();
  return new Proxy(Object.create(null), {
    get: (_target, word) => (typeof word === 'string' ? words.get(word) : undefined),
    set: (_target, word, run) => {
      if (typeof word !== 'string') return false;
      if (words.size >= LAYOUT_CACHE_WORDS) words.clear();
      words.set(word, run);
      return true;
    },
  });
}
const LAYOUT_CACHES = { [FONT]: sharedLayoutCache(), [BOLD]: sharedLayoutCache() };

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit also takes a font fontkit has parsed (PDFFontFactory.open); its types leave that out. */
      registerFont(name: string, src: FontkitFont): this;
    }
  }
}
/** Whether the font has every character of the text (both cuts have the same set). */
const fontHas = (text: string) => [...text].every((char) => face.hasGlyphForCodePoint(char.codePointAt(0) ?? 0));
/** Text as the font draws it: composed accents (NFC), '\n' line breaks, no other control characters. */
const printable = (value: string) =>
  value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n]/gu, '');

const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#d5dbe1';
const BAND = '#f0f3f6';

const A4 = { width: 595.28, height: 841.89 };
const LEFT = 50;
const RIGHT = A4.width - 50;
const TOP = 50;
/** Content stops here; the footer lives below. */
const CONTENT_BOTTOM = A4.height - 80;
const FOOTER_Y = A4.height - 56;

/** Table columns: product, category, price (right-aligned). */
const COLUMNS = {
  product: { x: LEFT + 10, width: 250 },
  category: { x: LEFT + 272, width: 110 },
  price: { x: LEFT + 390, width: RIGHT - LEFT - 400 },
};
/** The amounts block at the right. */
const SUMMARY = { x: 320, width: RIGHT - 320 };

/** A missing key shows as '[key]' (spec §8); {name} placeholders are filled in. */
function translator(texts: ReadonlyMap<string, string>) {
  return (key: InvoiceTextKey, params: Record<string, string | number> = {}): string =>
    fillPlaceholders(texts.get(key) ?? `[${key}]`, params);
}

/**
 * A calendar date of the invoice: the UTC day of the timestamp, because the server does not know
 * the shopper's time zone ('dd MMMM yyyy', spec §9 Dates).
 */
const day = (timestamp: string) => formatDate(timestamp.slice(0, 10), 'orderDate');

const creationDate = (timestamp: string) => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
};

export function invoicePdf(input: InvoiceDocument): Promise<Buffer> {
  const { order, invoice, separators } = input;
  const t = translator(input.texts);
  const title = t('ac_InvoicePdfTitle', { company: input.shopName, number: invoice.name });

  /**
   * §3 Money: the sign where the font has it, else the currency code; with no-break spaces, so
   * that an amount never wraps in its column.
   */
  const money = (m: Money) =>
    (fontHas(currencySymbol(m.currency))
      ? formatMoney(m, separators)
      : `${m.currency.toUpperCase()} ${formatAmount(m.amount, separators)}`
    ).replace(/ /g, '\u00a0');

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, left: LEFT, right: A4.width - RIGHT, bottom: A4.height - CONTENT_BOTTOM },
    bufferPages: true,
    lang: input.language,
    displayTitle: true,
    // Dated as the invoice, not the moment of rendering (pdfkit's default, which also seeds the
    // file's ID): the same inputs give the same bytes, so a kept PDF is the one a rendering now gives.
    info: { Title: title, Author: input.shopName, Subject: title, CreationDate: creationDate(invoice.date) },
    // No default font: pdfkit would parse Helvetica's metrics for every document (a tenth of an
    // export's time) and never use them.
    // why: its types take only a font's name here; null is what its initFonts skips.
    font: null as unknown as string,
  });
  for (const cut of [FONT, BOLD] as const) {
    doc.registerFont(cut, FONTS[cut]);
    // pdfkit's font of the document (EmbeddedFont) is internal: without its cache it shapes anew.
    const font: unknown = Reflect.get(doc.font(cut), '_font');
    if (typeof font === 'object' && font !== null && 'layoutCache' in font)
      Reflect.set(font, 'layoutCache', LAYOUT_CACHES[cut]);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => {
    doc.text(printable(value), x, y, { lineGap: 1.5, ...options });
    return doc.y;
  };
  const rule = (y: number, color = RULE, from = LEFT, to = RIGHT) => {
    doc.moveTo(from, y).lineTo(to, y).lineWidth(0.75).strokeColor(color).stroke();
  };

  // Header: the shop at the left, the document's name at the right.
  doc.font(BOLD).fontSize(20).fillColor(INK);
  text(input.shopName, LEFT, TOP, { width: 300 });
  doc.font(BOLD).fontSize(26).fillColor(INK);
  text(t('ac_Invoice'), LEFT + 300, TOP - 4, { width: RIGHT - LEFT - 300, align: 'right' });
  let y = Math.max(doc.y, TOP + 40) + 12;
  rule(y, INK);
  y += 16;

  // Numbers and dates, two columns of label above value.
  const facts: [string, string][] = [
    [t('ac_InvoiceNumber'), invoice.name],
    [t('ac_InvoiceDate'), day(invoice.date)],
    [t('ac_OrderNumber'), order.orderId],
    [t('ac_OrderDate'), day(order.created)],
  ];
  const factWidth = (RIGHT - LEFT) / facts.length;
  let factsBottom = y;
  facts.forEach(([label, value], i) => {
    const x = LEFT + i * factWidth;
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    const below = text(label.toUpperCase(), x, y, { width: factWidth - 12, characterSpacing: 0.4 });
    doc.font(BOLD).fontSize(10.5).fillColor(INK);
    factsBottom = Math.max(factsBottom, text(value, x, below + 3, { width: factWidth - 12 }));
  });
  y = factsBottom + 24;

  // Billing and shipping address side by side.
  const addresses: [string, InvoiceOrder['billingAddress']][] = [
    [t('ac_BillingAddress'), order.billingAddress],
    [t('ac_ShippingAddress'), order.shippingAddress],
  ];
  let addressesBottom = y;
  addresses.forEach(([label, address], i) => {
    const x = LEFT + i * 250;
    doc.font(BOLD).fontSize(8).fillColor(MUTED);
    const below = text(label.toUpperCase(), x, y, { width: 230, characterSpacing: 0.4 });
    doc
      .font(FONT)
      .fontSize(10)
      .fillColor(address ? INK : MUTED);
    // From the parts, not the stored text: the country is named in the invoice's language.
    const printed = address ? addressText(address, (code) => countryName(code, input.language)) : '';
    addressesBottom = Math.max(addressesBottom, text(printed || t('ac_NoAddress'), x, below + 5, { width: 230 }));
  });
  y = addressesBottom + 30;

  // The products.
  const tableHeader = (top: number) => {
    doc.rect(LEFT, top, RIGHT - LEFT, 22).fill(BAND);
    doc.font(BOLD).fontSize(8.5).fillColor(MUTED);
    const options = { characterSpacing: 0.4, lineBreak: false };
    text(t('ac_Product').toUpperCase(), COLUMNS.product.x, top + 7, { ...options, width: COLUMNS.product.width });
    text(t('ac_InvoicePdfCategory').toUpperCase(), COLUMNS.category.x, top + 7, {
      ...options,
      width: COLUMNS.category.width,
    });
    text(t('ac_Price').toUpperCase(), COLUMNS.price.x, top + 7, {
      ...options,
      width: COLUMNS.price.width,
      align: 'right',
    });
    return top + 22;
  };
  y = tableHeader(y);
  for (const product of order.products) {
    doc.font(FONT).fontSize(10);
    const name = printable(product.name);
    const category = printable(product.categoryName);
    const price = money(product.price);
    const height =
      Math.max(
        doc.heightOfString(name, { width: COLUMNS.product.width, lineGap: 1.5 }),
        doc.heightOfString(category, { width: COLUMNS.category.width, lineGap: 1.5 }),
        doc.heightOfString(price, { width: COLUMNS.price.width, lineGap: 1.5 }),
      ) + 16;
    if (y + height > CONTENT_BOTTOM) {
      doc.addPage();
      y = tableHeader(TOP);
    }
    doc.font(FONT).fontSize(10).fillColor(INK);
    text(name, COLUMNS.product.x, y + 8, { width: COLUMNS.product.width });
    doc.fillColor(MUTED);
    text(category, COLUMNS.category.x, y + 8, { width: COLUMNS.category.width });
    doc.fillColor(INK);
    text(price, COLUMNS.price.x, y + 8, { width: COLUMNS.price.width, align: 'right' });
    y += height;
    rule(y);
  }

  // The amounts (§3 Order): sub total, the costs, the discount taken off, then the total.
  const discount = order.discount.amount > 0 ? { ...order.discount, amount: -order.discount.amount } : order.discount;
  const lines: [string, string][] = [
    [t('ac_SubTotal'), money(order.subTotal)],
    [t('ac_ServiceFee'), money(order.serviceFee)],
    [t('ac_ShippingCost'), money(order.shippingCost)],
    [t('ac_TransactionCost'), money(order.transactionCost)],
    [t('ac_Discount'), money(discount)],
  ];
  const summaryHeight = lines.length * 18 + 60;
  if (y + 14 + summaryHeight > CONTENT_BOTTOM) {
    doc.addPage();
    y = TOP;
  }
  y += 14;
  for (const [label, value] of lines) {
    doc.font(FONT).fontSize(10).fillColor(MUTED);
    text(label, SUMMARY.x, y, { width: SUMMARY.width / 2, lineBreak: false });
    doc.fillColor(INK);
    text(value, SUMMARY.x + SUMMARY.width / 2, y, { width: SUMMARY.width / 2 - 10, align: 'right', lineBreak: false });
    y += 18;
  }
  rule(y + 2, INK, SUMMARY.x, RIGHT);
  doc.rect(SUMMARY.x, y + 6, SUMMARY.width, 26).fill(BAND);
  doc.font(BOLD).fontSize(12).fillColor(INK);
  text(t('ac_TotalPrice'), SUMMARY.x + 10, y + 11, { width: SUMMARY.width / 2, lineBreak: false });
  text(money(order.totalPrice), SUMMARY.x + SUMMARY.width / 2, y + 11, {
    width: SUMMARY.width / 2 - 10,
    align: 'right',
    lineBreak: false,
  });
  doc.font(FONT).fontSize(8.5).fillColor(MUTED);
  text(t('ac_InvoicePdfAmountsIn', { currency: order.totalPrice.currency.toUpperCase() }), LEFT, y + 13, {
    width: SUMMARY.x - LEFT - 20,
  });

  // Footer on every page; below the content margin, so no automatic page break may follow.
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    doc.page.margins.bottom = 0;
    rule(FOOTER_Y - 8);
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    text(t('ac_InvoicePdfThanks', { company: input.shopName }), LEFT, FOOTER_Y, { width: 360, lineBreak: false });
    text(t('ac_InvoicePdfPage', { page: page - start + 1, pages: count }), RIGHT - 150, FOOTER_Y, {
      width: 150,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
