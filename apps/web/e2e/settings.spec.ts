/**
 * Settings in Chromium (issue 7; spec §2 Settings, §7 localize). §4 Interests and newsletters, what
 * their cards do, is tested in a DOM: src/features/settings/SettingsPage.dom.test.tsx (issue 45).
 */
import { expect, type Page } from '@playwright/test';
import { ANY_WIDTH, expectNoAxeViolations, signInAs, signInAsNewShopper, test } from './fixtures';

async function choose(page: Page, label: string, typed: string, option: RegExp) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.pressSequentially(typed);
  await expect(page.getByRole('option', { name: option })).toBeInViewport();
  for (const text of await page.getByRole('option').allTextContents()) {
    expect(text.toLowerCase()).toContain(typed.toLowerCase());
  }
  await page.getByRole('option', { name: option }).click();
}

test.describe('§2 Settings', () => {
  test('changing the language switches every text without reloading the page', ANY_WIDTH, async ({ page }) => {
    await signInAsNewShopper(page);
    await page.goto('/account/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectNoAxeViolations(page);
    // A marker on the window proves the page was not reloaded.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    await choose(page, 'Language', 'neder', /Nederlands/);
    await expect(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Land, taal en valuta' })).toBeVisible();
    // Shop links follow the language (language URLs are on in the demo shop), and so does the page.
    await expect(page.getByRole('link', { name: /Terug naar de winkel/ })).toHaveAttribute('href', /\/nl\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    expect(await page.evaluate(() => 'stillHere' in window)).toBe(true);
  });

  test('the chosen language sticks after a reload, and switches back', ANY_WIDTH, async ({ page }) => {
    await signInAsNewShopper(page);
    await page.goto('/account/settings');
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/api/v1/localize'));
    await choose(page, 'Language', 'neder', /Nederlands/);
    expect((await saved).ok()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
    await choose(page, 'Taal', 'engl', /English/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test(
    '§7 PATCH /localize carries country, language and currency together when one of them changes',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAsNewShopper(page);
      await page.goto('/account/settings');
      await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue('English');
      const sent = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith('/api/v1/localize'));
      await choose(page, 'Country', 'belg', /Belgium/);
      expect((await sent).postDataJSON()).toEqual({ Country: 'BE', Language: 'en', Currency: expect.any(String) });
    },
  );

  test('country and currency are saved', ANY_WIDTH, async ({ page }) => {
    await signInAsNewShopper(page);
    await page.goto('/account/settings');
    await choose(page, 'Country', 'belg', /Belgium/);
    await expect(page.getByText('Your settings have been saved')).toBeVisible();
    await choose(page, 'Currency', 'swiss', /Swiss Franc/);
    await expect(page.getByRole('combobox', { name: 'Currency', exact: true })).toHaveValue('Swiss Franc');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('Belgium');
    await expect(page.getByRole('combobox', { name: 'Currency', exact: true })).toHaveValue('Swiss Franc');
  });

  test('the chosen currency is how the shop’s prices are shown', { tag: '@desktop' }, async ({ page }) => {
    // In the desktop project only (@desktop): it changes a shared demo shopper, which may happen once.
    // Lukas shops in Swiss francs, with a German interface.
    await signInAs(page, 'Lukas');
    await page.goto('/account/');
    const recentlyViewed = page.getByRole('region', { name: 'Zuletzt angesehene Produkte' });
    await expect(recentlyViewed.getByText(/^CHF \d+\.\d{2}$/).first()).toBeVisible();
    await page.goto('/account/settings');
    await choose(page, 'Währung', 'euro', /Euro/);
    await expect(page.getByRole('combobox', { name: 'Währung', exact: true })).toHaveValue('Euro');
    await page.goto('/account');
    await expect(recentlyViewed.getByText(/^€ \d+\.\d{2}$/).first()).toBeVisible();
    await expect(recentlyViewed.getByText(/^CHF /)).toHaveCount(0);
    await page.goto('/account/settings');
    await choose(page, 'Währung', 'fran', /Franken|Franc/);
  });
});
