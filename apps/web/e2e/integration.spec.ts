/**
 * A shop's own instance (issue 8): fed through the integration API by the README's script, the
 * shopper signs in and finds the shop's data; a change they make reaches the shop's webhook
 * endpoint, signed.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { expectNoAxeViolations, startWebhookReceiver, test } from './fixtures';
import { FRESH_URL, freshDataDir } from './providers.config';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const cli = (...args: string[]) =>
  run(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: freshDataDir },
  });

test('issue 8: a shop feeds a fresh instance; the shopper sees it; their change reaches the shop, signed', {
  tag: '@desktop',
}, async ({ page }) => {
  // In the desktop project only (@desktop): it feeds and changes the one fresh instance, which may happen once.

  // The shop's webhook endpoint.
  const { received, url, close } = await startWebhookReceiver();

  try {
    // The operator makes an API key and registers the endpoint with the command line.
    const key = (await cli('api-keys', 'create', 'shop sync')).stdout.trim().split('\n').at(-1) ?? '';
    expect(key).toMatch(/^acc_/);
    const added = await cli('webhooks', 'add', url);
    const secret = /whsec_[\w-]+/.exec(added.stdout)?.[0] ?? '';
    expect(secret).not.toBe('');

    // The shop feeds the instance through the integration API: the README's script.
    const fed = await run(process.execPath, [path.join(root, 'scripts/feed-example-shop.mjs'), FRESH_URL, key]);
    expect(fed.stdout).toContain('0 refused');

    // The shopper signs in with the address the shop knows.
    await page.goto(`${FRESH_URL}/account/login`);
    await page.getByRole('button', { name: 'Sign in with Nordlicht Bikes', exact: true }).click();
    await page.getByRole('textbox', { name: /any email address/ }).fill('jo.kuiper@example.com');
    await page.getByRole('button', { name: /Sign in with this email address/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Jo Kuiper' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${FRESH_URL}/account/orders`);
    await expect(page.getByRole('heading', { name: 'Order NL-5002' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order NL-5001' })).toBeVisible();
    await page.goto(`${FRESH_URL}/account/wishlist`);
    await expect(page.getByRole('link', { name: 'E-gift card €25' }).first()).toBeVisible();
    await page.goto(`${FRESH_URL}/account/vouchers`);
    await expect(page.getByText('Welcome: 10% off')).toBeVisible();

    // Their change reaches the shop within moments, signed with the endpoint's secret.
    await page.goto(`${FRESH_URL}/account/settings`);
    await page.getByRole('checkbox', { name: 'Camping' }).check();
    await expect
      .poll(() => received.map((r) => (JSON.parse(r.body) as { type: string }).type))
      .toContain('interests.updated');
    const delivery = received.find((r) => (JSON.parse(r.body) as { type: string }).type === 'interests.updated');
    if (!delivery) throw new Error('no interests.updated delivery');
    const event = JSON.parse(delivery.body) as { shopper: { externalId: string } };
    expect(event.shopper.externalId).toBe('cust-1001');
    const timestamp = String(delivery.headers['x-account-timestamp']);
    const signature = `v1=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`;
    expect(delivery.headers['x-account-signature']).toBe(signature);
  } finally {
    await close();
  }
});

test('§3/§9 Money: an amount the shop sends as 10.0041 reaches the page rounded up, as € 10.01', {
  tag: '@desktop',
}, async ({ page }) => {
  // In the desktop project only (@desktop): it feeds the one fresh instance (after the test above named the shop).
  const key = (await cli('api-keys', 'create', 'money check')).stdout.trim().split('\n').at(-1) ?? '';
  const put = (path: string, data: unknown) =>
    page.request.put(`${FRESH_URL}/account/api/integration/v1${path}`, {
      headers: { authorization: `Bearer ${key}` },
      data,
    });
  const shopper = await put('/shoppers/cust-money', {
    email: 'mila.bakker@example.com',
    emailVerified: true,
    firstName: 'Mila',
    lastName: 'Bakker',
  });
  expect(shopper.status(), await shopper.text()).toBe(201);
  const order = await put('/orders/order-money', {
    shopper: 'cust-money',
    orderNumber: 'NL-MONEY-1',
    status: 50,
    currency: 'EUR',
    created: '2026-10-01T10:00:00Z',
    subTotal: 10.0041,
    totalPrice: 10.0041,
    products: [{ product: null, name: 'Chain lube', price: 10.0041, status: 60 }],
    transactions: [{ method: 'ideal', methodName: 'iDEAL', status: 4, paid: 10.0041, created: '2026-10-01T10:01:00Z' }],
  });
  expect(order.status(), await order.text()).toBe(201);

  await page.goto(`${FRESH_URL}/account/login`);
  await page.getByRole('button', { name: 'Sign in with Nordlicht Bikes', exact: true }).click();
  await page.getByRole('textbox', { name: /any email address/ }).fill('mila.bakker@example.com');
  await page.getByRole('button', { name: /Sign in with this email address/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Mila Bakker' })).toBeVisible();
  await page.goto(`${FRESH_URL}/account/orders`);
  await expect(page.getByRole('heading', { name: 'Order NL-MONEY-1' })).toBeVisible();
  await expect(page.getByText('€ 10.01').first()).toBeVisible();
  await expect(page.getByText('€ 10.00')).toHaveCount(0);
});
