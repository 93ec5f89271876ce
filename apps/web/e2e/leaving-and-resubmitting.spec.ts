/**
 * What a shopper does in a hurry (issue 18): double-clicking a create button, leaving a page
 * right after a change, and signing out in one tab while another is open (spec §2 Guards, §4
 * Address form, §4 Interests and newsletters).
 */
import { expect, type Page } from '@playwright/test';
import { ANY_WIDTH, callApi, fillPrivateAddress, isMobile, signInAs, signInAsNewShopper, test } from './fixtures';

/** GET /setting/preferences, as much of it as these tests read. */
interface Preferences {
  interests: { name: string; selected: boolean }[];
}

async function openMenu(page: Page) {
  if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('navigation', { name: 'Account menu' });
}

test.describe('§4 Address form: one submission, one address', () => {
  test('§4 Address form: a double click on Add address stores one address', ANY_WIDTH, async ({ page }) => {
    await signInAsNewShopper(page);
    await page.goto('/account/addresses/add');
    await fillPrivateAddress(page);
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/v1\/address$/.test(request.url())) creates.push(request.url());
    });
    await page.getByRole('button', { name: 'Add address' }).dblclick();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Oudegracht 12');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Billing address' })).toContainText('Oudegracht 12');
    await expect(page.getByRole('heading', { name: 'Other addresses' })).toHaveCount(0);
    expect(creates).toHaveLength(1);
  });
});

test.describe('§2 Guards: signed out elsewhere', () => {
  test(
    '§2 Guards: logging out in one tab shows the login page in the others at once, without a reload',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAs(page, 'Noah');
      await page.goto('/account/');
      await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
      const other = await page.context().newPage();
      await other.goto('/account/addresses');
      await expect(other.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible();
      // A marker on the window proves the other tab was not reloaded.
      await other.evaluate(() => Object.assign(window, { stillHere: true }));

      await (await openMenu(page)).getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/account\/login$/);
      await expect(other).toHaveURL(/\/account\/login$/);
      await expect(other.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
      await expect(other.getByText('Noah', { exact: false })).toHaveCount(0);
      expect(await other.evaluate(() => 'stillHere' in window)).toBe(true);
    },
  );

  test(
    '§2 Guards: a 401 from the API sends the shopper to /login, and signing in returns to that page',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAs(page, 'Noah');
      await page.goto('/account/');
      await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
      // The session ends behind the page's back (as when it expires, or a logout elsewhere in another browser).
      await page.context().clearCookies({ name: 'account_session' });

      await (await openMenu(page)).getByRole('link', { name: 'My orders' }).click();
      await expect(page).toHaveURL(/\/account\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();

      await page.getByRole('button', { name: 'Sign in with Fjord & Pine', exact: true }).click();
      await page.getByRole('button', { name: /^Noah/ }).click();
      await expect(page).toHaveURL(/\/account\/orders$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    },
  );
});

test.describe('§4 Interests and newsletters: a choice survives leaving', () => {
  /** A new shopper ticks Hiking on the settings page (each test then leaves it its way). */
  const tickHiking = async (page: Page) => {
    await signInAsNewShopper(page);
    await page.goto('/account/settings');
    await page.getByRole('checkbox', { name: 'Hiking' }).check();
  };

  /**
   * The stored choice: the server is asked until it has it (the save left with the page may still
   * be on its way), then a fresh settings page shows it.
   */
  const ticked = async (page: Page) => {
    const hiking = async () =>
      (await callApi<Preferences>(page, 'GET', '/setting/preferences')).interests.find((i) => i.name === 'Hiking');
    await expect.poll(async () => (await hiking())?.selected).toBe(true);
    await page.goto('/account/settings');
    await expect(page.getByRole('checkbox', { name: 'Hiking' })).toBeChecked();
  };

  test(
    '§4 Interests and newsletters: ticked just before going to another screen, the choice is stored',
    ANY_WIDTH,
    async ({ page }) => {
      await tickHiking(page);
      await (await openMenu(page)).getByRole('link', { name: 'Account overview' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
      await ticked(page);
    },
  );

  test(
    '§4 Interests and newsletters: ticked just before Back to shop, the choice is stored',
    ANY_WIDTH,
    async ({ page }) => {
      await tickHiking(page);
      await page.getByRole('link', { name: /Back to shop/ }).click();
      await expect(page).not.toHaveURL(/\/account\//);
      await ticked(page);
    },
  );

  test(
    '§4 Interests and newsletters: ticked just before leaving for another address, the choice is stored',
    ANY_WIDTH,
    async ({ page }) => {
      await tickHiking(page);
      await page.goto('/');
      await ticked(page);
    },
  );
});
