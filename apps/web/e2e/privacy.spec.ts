/**
 * Privacy in Chromium (issue 21), at 1280 and 375 px: the data download is a ZIP holding what the
 * README says (unzipped here); deleting the account with the emailed code lands on the shop home
 * with a confirmation, the shop's webhook endpoint gets a signed shopper.deleted, and signing in
 * again the same way makes a fresh account that starts with onboarding.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { unzip } from '../../server/test/support/unzip';
import { ANY_WIDTH, expectNoAxeViolations, startWebhookReceiver, test } from './fixtures';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
/** The demo server's database (playwright.config.ts): the operator's command line works on it too. */
const dataDir = path.join(tmpdir(), `account-e2e-${Number(process.env.E2E_PORT ?? 3210)}`);
const cli = (...args: string[]) =>
  run(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
  });

/** Signs in at the demo identity provider as any email address (a new one makes a new account). */
async function signInAs(page: Page, email: string) {
  await page.goto('/account/login');
  await page.getByRole('button', { name: 'Sign in with Fjord & Pine', exact: true }).click();
  await page.getByRole('textbox', { name: /any email address/ }).fill(email);
  await page.getByRole('button', { name: /Sign in with this email address/ }).click();
}

async function latestCode(page: Page, to: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const response = await page.request.get(`/demo-mail/latest?to=${encodeURIComponent(to)}`);
    code = ((await response.json()) as { code: string | null }).code ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass();
  return code;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(root, 'test-results', `privacy-${name}-${page.viewportSize()?.width}.png`) });

test(
  'issue 21: download my data gives a ZIP with README.txt, account.json, orders.json and every invoice',
  ANY_WIDTH,
  async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Sign in with Fjord & Pine', exact: true }).click();
    await page.getByRole('button', { name: /^Emma/ }).click();
    await page.goto('/account/security');
    await expect(page.getByRole('heading', { name: 'Privacy', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Download my data' }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await shot(page, 'card');

    const downloading = page.waitForEvent('download', { timeout: 80_000 });
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await unzip(await readFile((await download.path()) ?? ''));
    expect(files.get('README.txt')?.toString('utf8')).toContain('account.json');
    const account = JSON.parse(files.get('account.json')?.toString('utf8') ?? '{}') as {
      shopper: { firstName: string; email: string };
      addresses: unknown[];
      signInMethods: { provider: string }[];
    };
    expect(account.shopper).toMatchObject({ firstName: 'Emma', email: 'emma.devries@example.com' });
    expect(account.addresses.length).toBeGreaterThan(0);
    expect(account.signInMethods.length).toBeGreaterThan(0);
    const orders = JSON.parse(files.get('orders.json')?.toString('utf8') ?? '[]') as { invoice: unknown }[];
    expect(orders.length).toBeGreaterThan(0);
    const invoices = [...files.keys()].filter((name) => /^invoices\/.+\.pdf$/.test(name));
    expect(invoices).toHaveLength(orders.filter((order) => order.invoice !== null).length);
    await expect(page.getByText('Your data has been downloaded')).toBeVisible();
  },
);

test('issue 21: delete my account with the emailed code; the shop home confirms, the shop gets shopper.deleted, the same sign-in starts afresh', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `leaving.${page.viewportSize()?.width}.${Date.now()}@example.com`;
  const { received, url, close } = await startWebhookReceiver();
  const added = await cli('webhooks', 'add', url);
  const endpointId = /endpoint (\d+)/.exec(added.stdout)?.[1] ?? '';
  const secret = /whsec_[\w-]+/.exec(added.stdout)?.[0] ?? '';
  try {
    await signInAs(page, email);
    await page.waitForURL(/\/account\/first-login$/);
    await page.getByRole('textbox', { name: 'First name' }).fill('Robin');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Leaving');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/account\/?$/);

    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('This cannot be undone.')).toBeVisible();
    await expect(dialog.getByText(`We have sent a 6-digit code to ${email}`)).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'dialog');

    const code = await latestCode(page, email);
    await dialog.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(code);
    await page.waitForURL(/account_deleted=deleted/);
    await expect(page.getByRole('status')).toHaveText('Your account has been deleted. Thank you for shopping with us.');
    await expectNoAxeViolations(page);
    await shot(page, 'shop-home');

    // The shop hears of it, signed with its endpoint's secret.
    await expect
      .poll(() => received.map((r) => (JSON.parse(r.body) as { type: string }).type), { timeout: 15_000 })
      .toContain('shopper.deleted');
    const delivery = received.find((r) => (JSON.parse(r.body) as { type: string }).type === 'shopper.deleted');
    const timestamp = String(delivery?.headers['x-account-timestamp']);
    const signature = `v1=${createHmac('sha256', secret).update(`${timestamp}.${delivery?.body}`).digest('hex')}`;
    expect(delivery?.headers['x-account-signature']).toBe(signature);

    // Signed out; the same sign-in makes a new account, which starts with onboarding.
    await page.goto('/account/');
    await page.waitForURL(/\/account\/login/);
    await signInAs(page, email);
    await page.waitForURL(/\/account\/first-login$/);
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('');
  } finally {
    if (endpointId) await cli('webhooks', 'remove', endpointId);
    await close();
  }
});
