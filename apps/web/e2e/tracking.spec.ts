/**
 * "Where is my parcel" in Chromium (issue 46): Emma's parcels on the overview, the order out for
 * delivery with its progress line, events and tracking number, the split order with a problem,
 * and each order's delivery in one line on the orders list. At 1280 and 375 px, with axe scans.
 */
import { expect, type Page } from '@playwright/test';
import { callApi, expectNoAxeViolations, signInAs, test } from './fixtures';

interface ListedOrder {
  id: number;
  orderId: string;
  delivery: { status: string; shipments: number; delivered: number } | null;
}

/** Emma's first page of orders, as the list shows it, and the one whose delivery is in the given state. */
async function orderIn(page: Page, status: string): Promise<ListedOrder> {
  const { data } = await callApi<{ data: ListedOrder[] }>(page, 'GET', '/order?page=1');
  const order = data.find((o) => o.delivery?.status === status);
  expect(order, `an order of Emma's whose delivery is ${status}`).toBeDefined();
  return order as ListedOrder;
}

test.describe('issue 46: where is my parcel', () => {
  test('Emma follows her parcels from the overview to the order, copies the tracking number, and reads the list', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page, 'Emma');
    const out = await orderIn(page, 'outForDelivery');
    const split = await orderIn(page, 'exception');

    // The overview: the parcels on their way come first.
    await page.goto('/account/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 }).first()).toHaveText('On the way');
    const onTheWay = page.getByRole('region', { name: 'On the way' });
    const parcels = onTheWay.getByRole('listitem');
    await expect(parcels).toHaveCount(3);
    const outParcel = parcels.filter({ hasText: out.orderId });
    await expect(outParcel).toContainText('PostNL');
    await expect(outParcel).toContainText(/Out for delivery( today)?/);
    await expect(parcels.filter({ hasText: split.orderId })).toContainText('Delivery problem — see details');
    await expectNoAxeViolations(page);

    // The order out for delivery: where it is, when it comes, what the carrier said.
    await outParcel.getByRole('link', { name: `Order ${out.orderId}` }).click();
    await expect(page).toHaveURL(`/account/orders/${out.id}`);
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await expect(delivery.getByRole('heading', { level: 3, name: 'Your parcel' })).toBeVisible();
    const stages = delivery.getByRole('list', { name: 'Delivery progress' }).getByRole('listitem');
    await expect(stages).toHaveText([
      'Ordered, completed',
      'Shipped, completed',
      'Out for delivery',
      'Delivered, still to come',
    ]);
    await expect(stages.nth(2)).toHaveAttribute('aria-current', 'step');
    await expect(delivery.getByText('Expected delivery')).toBeVisible();
    await expect(delivery.getByText('Stormshell 3L rain jacket')).toBeVisible();
    const carrierLink = delivery.getByRole('link', { name: /^Track at PostNL/ });
    await expect(carrierLink).toHaveAttribute('target', '_blank');
    await expect(carrierLink).toHaveAttribute('href', /^https:\/\/jouw\.postnl\.nl\//);

    const events = delivery.getByRole('heading', { name: 'Tracking history' }).locator('..').getByRole('listitem');
    await expect(events).toHaveCount(3);
    await expect(events.first()).toContainText('Out for delivery');
    const showAll = delivery.getByRole('button', { name: 'Show all 4 events' });
    await expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await showAll.click();
    await expect(events).toHaveCount(4);
    await expect(events.last()).toContainText('Shipping label created');
    await expect(delivery.getByRole('button', { name: 'Show fewer events' })).toHaveAttribute('aria-expanded', 'true');

    const copy = delivery.getByRole('button', { name: 'Copy tracking number 3SFPNL0421372' });
    await copy.click();
    await expect(copy).toHaveText('Copied');
    await expect(delivery.locator('[aria-live="polite"]')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('3SFPNL0421372');
    await expectNoAxeViolations(page);

    // The orders list: each order's delivery in one line, in sight on the collapsed cards too.
    await page.goto('/account/orders');
    const card = (orderId: string) =>
      page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 2, name: `Order ${orderId}` }) });
    await expect(card(out.orderId)).toContainText(/Out for delivery( today)?/);
    const attempted = await orderIn(page, 'deliveryAttempted');
    await expect(card(attempted.orderId)).toContainText('Delivery attempted — see what to do');
    await expect(card(split.orderId)).toContainText('Delivery problem — see details · 1 of 2 parcels delivered');
    await expectNoAxeViolations(page);

    // The split order: two parcels, one held up at the stage it stopped, one delivered.
    await card(split.orderId)
      .getByRole('button', { name: `Order ${split.orderId}` })
      .click();
    await card(split.orderId)
      .getByRole('link', { name: `View order details ${split.orderId}` })
      .click();
    await expect(page).toHaveURL(`/account/orders/${split.id}`);
    const parcelCards = page.getByRole('region', { name: 'Delivery' }).getByRole('article');
    await expect(parcelCards).toHaveCount(2);
    const held = parcelCards.filter({ has: page.getByRole('heading', { name: 'Parcel 1 of 2' }) });
    await expect(held.locator('[aria-current="step"]')).toHaveText('ShippedDelivery problem');
    await expect(held.getByText(/damaged in transit/).first()).toBeVisible();
    const arrived = parcelCards.filter({ has: page.getByRole('heading', { name: 'Parcel 2 of 2' }) });
    await expect(arrived.locator('[aria-current="step"]')).toHaveText('Delivered');
    await expect(arrived.getByText(/^Delivered on \d+ \w+$/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Emma buys an order again: what is out of stock stays out and is named, the rest reaches the cart', async ({
    page,
  }) => {
    await signInAs(page, 'Emma');
    // Older than the first page of Emma's orders: found by its product.
    const { data } = await callApi<{ data: ListedOrder[] }>(page, 'GET', '/order?page=1&query=trail%20runner');
    const delivered = data.find((o) => o.delivery?.status === 'delivered');
    if (!delivered) throw new Error('Emma has no delivered order with the trail runners');
    await page.goto(`/account/orders/${delivered.id}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Buy again', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Not everything can be ordered again' });
    await expect(dialog).toContainText('These products are not added to your cart:');
    await expect(dialog.getByRole('listitem')).toHaveText(['Merino hiking socks (2-pack): out of stock']);
    await expectNoAxeViolations(page);
    await dialog.getByRole('link', { name: 'Continue to cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveText(['trail runner gtx × 1']);

    // One product of the order goes straight on to the cart.
    await page.goto(`/account/orders/${delivered.id}`);
    await main.getByRole('button', { name: 'Buy again Trail Runner GTX running shoe' }).click();
    await expect(page).toHaveURL(/\/cart\?items=trail-runner-gtx%3A1$/);
  });
});
