/**
 * Issue 46 "Send it back": the return request form in a DOM, as a shopper fills it in: the
 * quantity goes no higher than may go back, a chosen line needs a reason, lines that cannot go
 * back say why, and the summary shows what, how and what it costs.
 */
import type { Order, ReturnOptions } from '@account/contract';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/dom-test-support';
import { ReturnRequestForm } from './ReturnRequestForm';

const OPTIONS: ReturnOptions = {
  lines: [
    {
      line: 0,
      name: 'Trail runner GTX',
      image: null,
      returnable: true,
      until: '2026-12-20T10:00:00Z',
      maxQuantity: 1,
      why: null,
      reasons: ['tooSmall', 'defective'],
      methods: ['dropOff', 'pickup'],
    },
    {
      line: 1,
      name: 'Merino socks',
      image: null,
      returnable: true,
      until: '2026-12-20T10:00:00Z',
      maxQuantity: 3,
      why: null,
      reasons: ['tooSmall'],
      methods: ['dropOff', 'pickup'],
    },
    {
      line: 2,
      name: 'Rain jacket',
      image: null,
      returnable: true,
      until: '2026-10-01T10:00:00Z',
      maxQuantity: 0,
      why: 'expired',
      reasons: ['tooSmall'],
      methods: ['dropOff'],
    },
  ],
  reasons: [
    { code: 'tooSmall', label: 'Too small' },
    { code: 'defective', label: 'Defective' },
  ],
  methods: [
    { code: 'dropOff', kind: 'dropOff', label: 'Drop-off point', cost: { amount: 0, currency: 'EUR' } },
    { code: 'pickup', kind: 'pickup', label: 'Pickup at home', cost: { amount: 4.95, currency: 'EUR' } },
  ],
};

const euro = (amount: number) => ({ amount, currency: 'EUR' });
/** The order the options are of: what its products cost is what comes back. */
const ORDER: Order = {
  id: 7,
  orderId: 'FP-7',
  accessUrl: null,
  created: '2026-09-01T10:00:00.000Z',
  status: 50,
  serviceFee: euro(0),
  shippingCost: euro(0),
  transactionCost: euro(0),
  discount: euro(0),
  subTotal: euro(252.4),
  totalPrice: euro(252.4),
  shippingAddress: null,
  billingAddress: null,
  invoice: null,
  products: [
    ['Trail runner GTX', 149.95],
    ['Merino socks', 12.5],
    ['Rain jacket', 89.95],
  ].map(([name, price]) => ({
    productId: 0,
    categoryName: '',
    image: null,
    name: String(name),
    url: null,
    productType: 0,
    price: euro(Number(price)),
    status: 60,
  })),
  transactions: [],
  delivery: null,
};

const renderForm = () =>
  renderScreen(<ReturnRequestForm orderId={7} options={OPTIONS} order={ORDER} />, new QueryClient());

/** The texts an element's aria-describedby names, joined as a screen reader reads them. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

/** The block of one order line: its checkbox and, once chosen, its quantity and reason. */
const lineBlock = (name: string) => {
  const block = screen.getByRole('checkbox', { name }).closest('div');
  if (!block) throw new Error(`No block for ${name}`);
  return within(block);
};

describe('issue 46: the return request form', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });

  it('offers a quantity from 1 up to what may still go back', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Merino socks' }));
    const quantity = lineBlock('Merino socks').getByRole('combobox', { name: 'Quantity' });
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3']);
  });

  it('shows a line that cannot go back disabled, with why', () => {
    renderForm();
    const jacket = screen.getByRole('checkbox', { name: 'Rain jacket' });
    expect(jacket).toHaveProperty('disabled', true);
    expect(description(jacket)).toBe('The return window ended on 01 October 2026.');
  });

  it('asks for an item, then for a reason of each chosen line and a method', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose at least one item to return.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Trail runner GTX' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const reason = lineBlock('Trail runner GTX').getByRole('combobox', { name: 'Reason' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(description(reason)).toBe('Choose a reason for this item.');
    expect(screen.getByText('Choose how to send it back.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /Choose what to return/ })).toBeTruthy();
  });

  it('summarises what, how, the cost and what comes back, with the focus on the summary’s heading', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Merino socks' }));
    const socks = lineBlock('Merino socks');
    await user.selectOptions(socks.getByRole('combobox', { name: 'Quantity' }), '2');
    await user.selectOptions(socks.getByRole('combobox', { name: 'Reason' }), 'tooSmall');
    await user.click(screen.getByRole('radio', { name: /Pickup at home/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const heading = await screen.findByRole('heading', { level: 2, name: /Check your return/ });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('2 × Merino socks — Too small')).toBeTruthy();
    expect(screen.getByText('Pickup at home')).toBeTruthy();
    expect(screen.getByText('€ 4.95')).toBeTruthy();
    // Two pairs of socks, less the pickup.
    expect(screen.getByText('€ 20.05, refunded the way you paid once the shop has received it')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm return' })).toBeTruthy();
  });

  it('calls a method without cost Free', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByRole('radio', { name: 'Drop-off point — Free' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Trail runner GTX' }));
    await user.selectOptions(lineBlock('Trail runner GTX').getByRole('combobox', { name: 'Reason' }), 'defective');
    await user.click(screen.getByRole('radio', { name: 'Drop-off point — Free' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Free')).toBeTruthy();
  });

  it('takes the server’s field errors back to step 1, at the fields they name', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      const fields = { 'Lines.0.Quantity': 'ac_FieldInvalidMessage' };
      return new Response(JSON.stringify({ status: 400, code: 'validation', message: 'Not so', fields }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Merino socks' }));
    const socks = lineBlock('Merino socks');
    await user.selectOptions(socks.getByRole('combobox', { name: 'Quantity' }), '3');
    await user.selectOptions(socks.getByRole('combobox', { name: 'Reason' }), 'tooSmall');
    await user.click(screen.getByRole('radio', { name: 'Drop-off point — Free' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm return' }));

    expect(sent).toEqual([{ Lines: [{ Line: 1, Quantity: 3, Reason: 'tooSmall' }], Method: 'dropOff', Comment: '' }]);
    const quantity = await screen.findByRole('combobox', { name: 'Quantity', description: 'This value is not valid.' });
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
  });
});
