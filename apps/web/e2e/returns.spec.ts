/**
 * "Send it back" in Chromium (issue 46): Emma asks for a return of a delivered order, confirms
 * it, finds it on the order and among her returns, and cancels it; her demo return's QR label
 * opens. The journey changes demo data, so it runs once (ANY_WIDTH); the screens' layout and
 * axe scans run at 1280 and 375 px in a test that only looks.
 */
import { expect, type Page } from '@playwright/test';
import { ANY_WIDTH, callApi, expectNoAxeViolations, isMobile, signInAs, test } from './fixtures';

interface ListedOrder {
  id: number;
  orderId: string;
}
interface Options {
  lines: { line: number; name: string; why: string | null; maxQuantity: number }[];
}
interface Ret {
  id: number;
  number: string;
  orderId: number;
  orderNumber: string;
  status: string;
  label: { url: string; kind: string } | null;
}

/** Every order of the signed-in shopper. */
async function allOrders(page: Page): Promise<ListedOrder[]> {
  const orders: ListedOrder[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const body = await callApi<{ data: ListedOrder[]; meta: { total: number; numberPerPage: number } }>(
      page,
      'GET',
      `/order?page=${pageNumber}`,
    );
    orders.push(...body.data);
    if (pageNumber >= Math.ceil(body.meta.total / body.meta.numberPerPage)) return orders;
  }
}

/** An order of Emma's without returns whose lines may go back, and its first such line. */
async function returnableOrder(page: Page): Promise<{ order: ListedOrder; line: Options['lines'][number] }> {
  for (const order of await allOrders(page)) {
    const { returns } = await callApi<{ returns: Ret[] }>(page, 'GET', `/order/returns/${order.id}`);
    if (returns.length > 0) continue;
    const options = await callApi<Options>(page, 'GET', `/order/returnOptions/${order.id}`);
    const line = options.lines.find((l) => l.why === null);
    if (line) return { order, line };
  }
  throw new Error('Emma has no order whose lines may go back');
}

/** Emma's demo return with its label ready (the socks). */
async function demoReturn(page: Page): Promise<Ret> {
  const { returns } = await callApi<{ returns: Ret[] }>(page, 'GET', '/returns');
  const ret = returns.find((r) => r.status === 'labelAvailable' && r.label);
  expect(ret, 'Emma’s return with its label ready').toBeDefined();
  return ret as Ret;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('issue 46: send it back', () => {
  test(
    'Emma asks for a return, finds it on the order and among her returns, and cancels it',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAs(page, 'Emma');
      const { order, line } = await returnableOrder(page);

      await page.goto(`/account/orders/${order.id}`);
      const returnsCard = page.getByRole('region', { name: 'Returns' });
      await returnsCard.getByRole('link', { name: 'Return items' }).click();
      await expect(page).toHaveURL(`/account/orders/${order.id}/return`);
      await expect(page.getByRole('heading', { level: 1, name: 'Return items' })).toBeVisible();
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumb.getByRole('listitem')).toHaveText([
        'Account',
        'My orders',
        'Order details',
        'Return items',
      ]);
      await expect(breadcrumb.getByRole('link', { name: 'Order details' })).toHaveAttribute(
        'href',
        `/account/orders/${order.id}`,
      );

      // Step 1: nothing chosen yet is not sent on.
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('Choose at least one item to return.')).toBeVisible();

      const items = page.getByRole('group', { name: 'Which items do you want to return?' });
      await items.getByRole('checkbox', { name: line.name }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      const reason = items.getByRole('combobox', { name: 'Reason' });
      await expect(reason).toHaveAttribute('aria-invalid', 'true');
      await expect(reason).toHaveAccessibleDescription('Choose a reason for this item.');
      await reason.selectOption({ label: 'Too small' });
      await page
        .getByRole('group', { name: 'How do you want to send it back?' })
        .getByRole('radio', { name: /^Picked up at home/ })
        .check();
      await page.getByRole('textbox', { name: 'Comment' }).fill('Half a size too small.');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 2: what, how, what it costs.
      const summary = page.getByRole('heading', { level: 2, name: /Check your return/ });
      await expect(summary).toBeFocused();
      await expect(page.getByText(`1 × ${line.name} — Too small`)).toBeVisible();
      await expect(page.getByText('€ 4.95')).toBeVisible();
      await page.getByRole('button', { name: 'Confirm return' }).click();

      await expect(page).toHaveURL(`/account/orders/${order.id}`);
      const message = page.getByText(/^Return R-\d{6} has been requested$/);
      await expect(message).toBeVisible();
      const number = ((await message.textContent()) ?? '').split(' ')[1] ?? '';
      const created = returnsCard.getByRole('listitem').filter({ hasText: `Return ${number}` });
      await expect(created).toContainText('Requested');
      await expect(created).toContainText(`1 × ${line.name} — Too small`);

      // Among her returns, with its order; cancelled there.
      await page.goto('/account/orders');
      await page.getByRole('link', { name: 'My returns' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'My returns' })).toBeVisible();
      const listed = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: `Return ${number}` });
      await expect(listed.getByRole('link', { name: `Order number ${order.orderId}` })).toBeVisible();
      await listed.getByRole('button', { name: 'Cancel return' }).click();
      await listed.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText('The return has been cancelled')).toBeVisible();
      await expect(listed).toContainText('Cancelled');
      await expect(listed.getByRole('button', { name: 'Cancel return' })).toHaveCount(0);
    },
  );

  test('Emma opens the QR label of her return', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Emma');
    const ret = await demoReturn(page);
    await page.goto('/account/orders/returns');
    const listed = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: `Return ${ret.number}` });
    const label = listed.getByRole('link', { name: /Show QR code for the return/ });
    await expect(label).toHaveAttribute('href', ret.label?.url ?? '');
    const [tab] = await Promise.all([page.waitForEvent('popup'), label.click()]);
    await tab.waitForLoadState();
    const answer = await page.request.get(ret.label?.url ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('svg');
    await tab.close();
  });

  test('the order’s returns, the request form and the list, without sideways scroll', async ({ page }) => {
    await signInAs(page, 'Emma');
    const ret = await demoReturn(page);

    await page.goto(`/account/orders/${ret.orderId}`);
    const returnsCard = page.getByRole('region', { name: 'Returns' });
    const shown = returnsCard.getByRole('listitem').filter({ hasText: `Return ${ret.number}` });
    await expect(shown).toContainText('Label ready');
    // Every step the shop sent, newest first.
    await expect(shown.getByRole('heading', { name: 'What happened so far' })).toBeVisible();
    const steps = shown.locator('ol > li');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Label ready');
    await expect(steps.nth(1)).toContainText('Approved');
    await expect(steps.nth(2)).toContainText('Requested');
    await expect(shown.getByRole('link', { name: /Show QR code for the return/ })).toBeVisible();
    await expect(shown.getByRole('button', { name: 'Cancel return' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // The shoes may still follow; the socks are in the return already.
    await returnsCard.getByRole('link', { name: 'Return items' }).click();
    const items = page.getByRole('group', { name: 'Which items do you want to return?' });
    await expect(items.getByRole('checkbox', { disabled: true })).toHaveCount(1);
    await expect(items.getByText('Already returned.')).toBeVisible();
    await items.getByRole('checkbox', { disabled: false }).first().check();
    await expect(items.getByRole('combobox', { name: 'Quantity' })).toBeVisible();
    // A method whose label wraps at 375 px keeps its radio button whole (ui/Field).
    const radios = page.getByRole('group', { name: 'How do you want to send it back?' }).getByRole('radio');
    for (const radio of await radios.all()) expect((await radio.boundingBox())?.width).toBe(20);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await page.goto('/account/orders/returns');
    await expect(page.getByRole('heading', { level: 1, name: 'My returns' })).toBeVisible();
    // Its menu entry sits under My orders, which opens by itself to show it current.
    if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    await expect(menu.getByRole('link', { name: 'My returns' })).toHaveAttribute('aria-current', 'page');
    if (isMobile(page)) await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Refunded' }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});
