/**
 * Issue 47: the wishlist in a DOM, as a shopper reads and uses it: each product's state under its
 * name, its alert saved at once, and the alerts of the whole list.
 */
import type { Product, WishlistAlerts } from '@account/contract';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAccount, renderScreen } from '@/dom-test-support';
import { accountQuery } from '@/lib/queries';
import { wishlistAlertsQuery } from './api/wishlist';
import { WishlistPage } from './WishlistPage';

const euro = (amount: number) => ({ amount, currency: 'EUR' });
const product = (productId: number, name: string, price: number): Product => ({
  productId,
  name,
  categoryName: 'Outdoor',
  image: null,
  url: null,
  price: euro(price),
});

const JACKET = product(11, 'Stormshell 3L rain jacket', 69.95);
const BOOTS = product(12, 'Trail runner GTX', 149.95);
const SOCKS = product(13, 'Merino hiking socks', 12.5);

const ACCOUNT = anAccount({ wishProducts: [JACKET, BOOTS, SOCKS] });

const ALERTS: WishlistAlerts = {
  all: false,
  items: [
    { productId: 11, alert: false, availability: 'inStock', backInStock: false, previousPrice: euro(89.95) },
    { productId: 12, alert: true, availability: 'lowStock', backInStock: true, previousPrice: null },
    { productId: 13, alert: false, availability: 'outOfStock', backInStock: false, previousPrice: null },
  ],
};

function renderPage() {
  // The seeded answers stay fresh: the only requests are the changes the shopper makes.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(accountQuery.queryKey, ACCOUNT);
  queryClient.setQueryData(wishlistAlertsQuery.queryKey, ALERTS);
  return renderScreen(<WishlistPage />, queryClient);
}

interface Sent {
  url: string;
  method: string | undefined;
  body: unknown;
}

/** Answers every call with `answer` (or the status alone), keeping what was sent. */
function serve(answer: WishlistAlerts | number): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return typeof answer === 'number'
      ? new Response(null, { status: answer })
      : new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

const row = (name: string) => {
  const found = screen.getByText(name).closest('tr');
  if (!found) throw new Error(`No row for ${name}`);
  return within(found);
};
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('issue 47: the wishlist’s states and alerts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says under each name what changed: a lower price, back in stock, out of stock', () => {
    serve(ALERTS);
    renderPage();
    expect(row('Stormshell 3L rain jacket').getByText('Price dropped from € 89.95 to € 69.95')).toBeTruthy();
    expect(row('Trail runner GTX').getByText('Back in stock')).toBeTruthy();
    expect(row('Merino hiking socks').getByText('Out of stock')).toBeTruthy();
  });

  it('shows each item’s alert and saves a change at once: PUT /shopUser/wishlistAlert/<id>', async () => {
    const answer: WishlistAlerts = {
      ...ALERTS,
      items: ALERTS.items.map((item) => (item.productId === 11 ? { ...item, alert: true } : item)),
    };
    const sent = serve(answer);
    const user = userEvent.setup();
    renderPage();
    expect(box('Alert me about Trail runner GTX').checked).toBe(true);
    const jacket = box('Alert me about Stormshell 3L rain jacket');
    expect(jacket.checked).toBe(false);

    await user.click(jacket);
    expect(sent).toEqual([
      { url: '/account/api/v1/shopUser/wishlistAlert/11', method: 'PUT', body: { Enabled: true } },
    ]);
    await vi.waitFor(() => expect(jacket.disabled).toBe(false));
    expect(jacket.checked).toBe(true);
  });

  it('puts a failed alert back as it was and says so', async () => {
    serve(500);
    const user = userEvent.setup();
    renderPage();
    const socks = box('Alert me about Merino hiking socks');
    await user.click(socks);
    expect(await row('Merino hiking socks').findByRole('alert')).toHaveProperty(
      'textContent',
      'Your alert could not be saved. Please try again.',
    );
    expect(socks.checked).toBe(false);
    expect(socks.disabled).toBe(false);
  });

  it('turns the alerts of the whole list on with PUT /shopUser/wishlistAlerts', async () => {
    const sent = serve({ all: true, items: ALERTS.items.map((item) => ({ ...item, alert: true })) });
    const user = userEvent.setup();
    renderPage();
    const all = box('Alerts for the whole list');
    expect(all.checked).toBe(false);

    await user.click(all);
    expect(sent).toEqual([{ url: '/account/api/v1/shopUser/wishlistAlerts', method: 'PUT', body: { Enabled: true } }]);
    await vi.waitFor(() => expect(all.disabled).toBe(false));
    expect(all.checked).toBe(true);
    expect(box('Alert me about Merino hiking socks').checked).toBe(true);
  });
});
