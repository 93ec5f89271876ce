import type { Order, OrderAddress } from '@account/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type InvoiceDocument, invoicePdf } from './invoice-pdf.js';

const money = (amount: number) => ({ amount, currency: 'eur' });
// The invoice prints the parts, the country named in the invoice's language.
const address: OrderAddress = {
  firstName: 'Zoë',
  lastName: 'Østergaard',
  name: 'Zoë Østergaard',
  companyName: '',
  vatNumber: '',
  addressType: 1,
  email: '',
  telephone: '',
  country: 'NL',
  address: 'Keizersgracht',
  addressNumber: '12',
  addressNumberSuffix: '',
  zipCode: '1015 CX',
  city: 'Amsterdam',
  text: 'Zoë Østergaard\nKeizersgracht 12\n1015 CX Amsterdam, Netherlands',
};

function invoice(n: number, names: string[]): InvoiceDocument {
  const order: Order = {
    id: n,
    orderId: `ORD-${n}`,
    accessUrl: null,
    created: '2026-03-01T10:00:00Z',
    status: 30,
    serviceFee: money(0),
    shippingCost: money(4.95),
    transactionCost: money(0.29),
    discount: money(5),
    subTotal: money(129.9),
    totalPrice: money(130.14),
    shippingAddress: address,
    billingAddress: address,
    invoice: { id: n, name: `INV-${n}`, date: '2026-03-02T10:00:00Z' },
    products: names.map((name, i) => ({
      productId: i,
      categoryName: 'Outdoor gear',
      image: null,
      name,
      url: null,
      productType: 1,
      price: money(10 + i),
      status: 1,
    })),
    transactions: [],
    delivery: null,
  };
  return {
    order,
    invoice: order.invoice ?? { id: n, name: '', date: '' },
    shopName: 'Demo shop',
    language: 'en',
    separators: { decimalSep: '.', thousandSep: ',' },
    texts: new Map([['ac_Invoice', 'Invoice']]),
  };
}

describe('invoice PDF: the shaped words shared by every invoice of a process', () => {
  beforeEach(() => {
    // pdfkit writes the creation time into the document and its id.
    vi.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('§7 an invoice is the same, byte for byte, whether its words were shaped for it or for invoices before it', async () => {
    const words = ['Tent «Ural» ultralight', 'Σκηνή βουνού', 'Čajník Żubr', 'Sleeping bag ﬁne down'];
    const first = await invoicePdf(invoice(9001, words));
    // Other invoices share words with it, spaced and unspaced, in other sizes and cuts.
    for (let n = 1; n < 30; n++) await invoicePdf(invoice(n, [...words].reverse()));
    const again = await invoicePdf(invoice(9001, words));
    expect(again.equals(first)).toBe(true);
  });
});
