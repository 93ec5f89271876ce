/** Orders list, order detail, payment actions, deletion and invoices in Chromium (issue 5; spec §2, §4, §7). */
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { ANY_WIDTH, expectNoAxeViolations, signInAs, test } from './fixtures';

interface ListedOrder {
  id: number;
  orderId: string;
  status: number;
  invoice: { name: string } | null;
  products: { name: string; productType: number }[];
}

/** Every order of the signed-in shopper, through the same call the page uses. */
async function allOrders(page: Page): Promise<ListedOrder[]> {
  const orders: ListedOrder[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const response = await page.request.get(`/account/api/v1/order?page=${pageNumber}`);
    const body = (await response.json()) as { data: ListedOrder[]; meta: { total: number; numberPerPage: number } };
    orders.push(...body.data);
    if (pageNumber >= Math.ceil(body.meta.total / body.meta.numberPerPage)) return orders;
  }
}

test.describe('§2 Orders list', () => {
  test('searches by product name from page 1, loads more, expands the first card only', async ({ page }) => {
    await signInAs(page, 'Emma');
    await page.goto('/account/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    const cards = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    const toggles = page.getByRole('button', { name: /^Order FP-/ });
    await expect(toggles.first()).toHaveAttribute('aria-expanded', 'true');
    await expect(toggles.nth(1)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(/^Showing \d+ of \d+ orders$/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(count);

    // Enter searches too, and a search starts again at page 1.
    const search = page.getByRole('searchbox', { name: 'Search your orders' });
    await search.fill('TENT');
    await search.press('Enter');
    await expect(page).toHaveURL(/\?query=TENT$/);
    // The URL changes before the list does: wait for the count of the search's own matches.
    const found = await page.request.get('/account/api/v1/order?page=1&query=TENT');
    const { data, meta } = (await found.json()) as { data: ListedOrder[]; meta: { total: number } };
    expect(meta.total).toBeLessThan((await allOrders(page)).length);
    await expect(page.getByText(`Showing ${data.length} of ${meta.total} orders`)).toBeVisible();
    // The cards are the search's answer, in its order, and each of those orders holds a tent.
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(data.map((order) => `Order ${order.orderId}`));
    for (const order of data) expect(order.products.some((product) => /tent/i.test(product.name))).toBe(true);
    await expect(cards.first().getByText(/tent/i).first()).toBeVisible();
    await expect(toggles.first()).toHaveAttribute('aria-expanded', 'true');

    await search.fill('no order is called this');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();
  });

  test(
    'DESIGN §8 a collapsed order card is built when first opened, and keeps its content when closed again',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAs(page, 'Emma');
      await page.goto('/account/orders');
      const second = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 2 }) })
        .nth(1);
      const toggle = second.getByRole('button', { name: /^Order FP-/ });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // Its products are not in the page at all, hidden or not: only the open card's are built.
      const products = second.locator('li');
      await expect(products).toHaveCount(0);
      await toggle.click();
      await expect(products.first()).toBeVisible();
      const built = await products.count();
      expect(built).toBeGreaterThan(0);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(products.first()).toBeHidden();
      await expect(products).toHaveCount(built);
    },
  );

  test(
    'DESIGN §8 the list’s first page comes with the page: shown without asking the server; Load more asks',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAs(page, 'Emma');
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/order?')) asked.push(new URL(request.url()).search);
      });
      await page.goto('/account/orders');
      await expect(page.getByText(/^Showing \d+ of \d+ orders$/)).toBeVisible();
      await expect(page.getByRole('button', { name: /^Order FP-/ }).first()).toHaveAttribute('aria-expanded', 'true');
      expect(asked).toEqual([]);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => asked).toEqual(['?page=2&query=']);
    },
  );

  test('each card links to the order detail; the breadcrumb leads back', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Emma');
    await page.goto('/account/orders');
    const link = page.getByRole('link', { name: /^View order details/ }).first();
    const number = ((await link.textContent()) ?? '').replace('View order details', '').trim();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'My orders' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
  });
});

test.describe('§2 Order detail', () => {
  test('shows every order status with its label, products, transactions, amounts and addresses', async ({ page }) => {
    await signInAs(page, 'Emma');
    const orders = await allOrders(page);
    const labels: Record<number, string> = {
      10: 'Awaiting payment',
      20: 'Created',
      30: 'Fraud check',
      40: 'Processing',
      50: 'Finished',
      60: 'Declined',
      70: 'Cancelled',
    };
    for (const [status, label] of Object.entries(labels)) {
      const order = orders.find((o) => o.status === Number(status));
      expect(order, `a demo order with status ${status}`).toBeDefined();
      if (!order) continue;
      await page.goto(`/account/orders/${order.id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` })).toBeVisible();
      const summary = page.getByRole('region', { name: 'Order details' });
      await expect(summary.getByText(label, { exact: true })).toBeVisible();
      await expect(summary.getByRole('button', { name: 'Delete order' })).toHaveCount(status === '10' ? 1 : 0);
      await expect(summary.getByRole('link', { name: /^Start payment/ })).toHaveCount(status === '20' ? 1 : 0);
      await expect(page.getByRole('region', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Total price');
    }
    await expectNoAxeViolations(page);
  });

  test("'View code' replaces 'View order' for a finished order's code product", ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Emma');
    const orders = await allOrders(page);
    const withCode = orders.find((o) => o.status === 50 && o.products.some((p) => p.productType === 1));
    expect(withCode, 'a finished demo order with a code product').toBeDefined();
    if (!withCode) return;
    await page.goto(`/account/orders/${withCode.id}`);
    await expect(page.getByRole('link', { name: /^View code/ }).first()).toBeVisible();
  });

  test('a bad or foreign id shows the not-found state', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Noah');
    for (const id of ['abc', '1.5', '1']) {
      await page.goto(`/account/orders/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to my orders' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
  });

  test('Start payment opens the shop’s payment page in a new tab', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Emma');
    const order = (await allOrders(page)).find((o) => o.status === 20);
    if (!order) throw new Error('no demo order with status 20');
    await page.goto(`/account/orders/${order.id}`);
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: /^Start payment/ }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toContain(`/checkout/pay/${order.orderId}`);
  });

  test('downloads the invoice as a PDF named after it', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Emma');
    const order = (await allOrders(page)).find((o) => o.invoice);
    if (!order?.invoice) throw new Error('no demo order with an invoice');
    await page.goto(`/account/orders/${order.id}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download invoice ${order.invoice.name} as PDF` }).click(),
    ]);
    expect(download.suggestedFilename()).toContain(order.invoice.name);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await readFile(await download.path());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test(
    'printed, the order is a clean document: the shop’s logo and the whole order, no navigation chrome',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAs(page, 'Emma');
      const order = (await allOrders(page)).find((o) => o.invoice);
      if (!order) throw new Error('no demo order with an invoice');
      await page.goto(`/account/orders/${order.id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` })).toBeVisible();
      // A card the shopper folded away still prints.
      await page.getByRole('button', { name: 'Transactions' }).click();
      await expect(page.getByRole('region', { name: 'Transactions' }).getByRole('table')).toBeHidden();

      await page.emulateMedia({ media: 'print' });
      for (const chrome of [
        page.getByRole('note').filter({ hasText: 'TEST MODE' }),
        page.getByText('Back to shop'),
        page.getByRole('button', { name: 'Menu' }),
        page.getByRole('navigation', { name: 'Account menu' }),
        page.getByRole('navigation', { name: 'Breadcrumb' }),
        page.getByRole('contentinfo'),
        page.getByRole('button', { name: `Download invoice ${order.invoice?.name} as PDF` }),
        page.getByRole('link', { name: 'Back to my orders' }),
      ]) {
        await expect(chrome).toBeHidden();
      }
      await expect(page.getByRole('img', { name: 'Fjord & Pine' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderId}` })).toBeVisible();
      for (const card of ['Order details', 'Products', 'Transactions', 'Order summary', 'Invoice']) {
        await expect(page.getByRole('region', { name: card })).toBeVisible();
      }
      await expect(page.getByRole('region', { name: 'Transactions' }).getByRole('table')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Total price');
    },
  );
});

test.describe('§4 Order delete', () => {
  test('from the detail: confirm No keeps it, Yes deletes it and goes back to the list', { tag: '@desktop' }, async ({
    page,
  }) => {
    // In the desktop project only (@desktop): it changes the shared demo shopper, which may happen once.
    await signInAs(page, 'Emma');
    const [order] = (await allOrders(page)).filter((o) => o.status === 10);
    if (!order) throw new Error('no demo order with status 10');
    await page.goto(`/account/orders/${order.id}`);
    await page.getByRole('button', { name: 'Delete order' }).click();
    await page.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('button', { name: 'Delete order' })).toBeFocused();
    await page.getByRole('button', { name: 'Delete order' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page.getByText('The order has been deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Order ${order.orderId}` })).toHaveCount(0);
  });

  test('from the list: the list reloads without the order', { tag: '@desktop' }, async ({ page }) => {
    // In the desktop project only (@desktop): it changes the shared demo shopper, which may happen once.
    // Sofia reads the account area in Dutch.
    await signInAs(page, 'Sofia');
    const [order] = (await allOrders(page)).filter((o) => o.status === 10);
    if (!order) throw new Error('no demo order with status 10');
    await page.goto(`/account/orders?query=${order.orderId}`);
    const card = page.getByRole('region', { name: `Bestelling ${order.orderId}` });
    await card.getByRole('button', { name: 'Bestelling verwijderen' }).click();
    await card.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByRole('heading', { name: 'Geen bestellingen gevonden' })).toBeVisible();
  });
});
