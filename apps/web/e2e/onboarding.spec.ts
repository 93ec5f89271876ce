/** First-login onboarding in Chromium (spec §2 First-login page, §4 First login success, §5 First login). */
import { expect } from '@playwright/test';
import { ANY_WIDTH, expectNoAxeViolations, signInThroughLoginPage, test } from './fixtures';

test.describe('§2 First-login page', () => {
  test('a new shopper completes onboarding and lands on the overview with first-time login over', async ({ page }) => {
    await signInThroughLoginPage(page, 'A new shopper');
    await expect(page).toHaveURL(/\/account\/first-login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your first time' })).toBeVisible();
    // Defaults: Mr, subscribed.
    await expect(page.getByRole('radio', { name: 'Mr', exact: true })).toBeChecked();
    const subscribe = page.getByRole('checkbox', { name: /Keep me up to date/ });
    await expect(subscribe).toBeChecked();
    await expectNoAxeViolations(page);

    // §5: the email is checked with the server 1 s after typing stops.
    const email = page.getByRole('textbox', { name: 'Email address' });
    await email.fill('lotte@');
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await email.fill('lotte.new@example.com');
    await expect(page.getByText('Please enter a valid email address.')).toBeHidden();

    // §5: names are required when the server's field list marks them (the demo's does).
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Please enter a first name.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();
    await expectNoAxeViolations(page);

    await page.getByRole('radio', { name: 'Mrs' }).check();
    await page.getByRole('textbox', { name: 'First name' }).fill('Lotte');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Meijer');
    const newsletter = page.getByRole('checkbox', { name: 'Trail stories' });
    await newsletter.check();
    // §2: clearing the subscribe choice clears the newsletters and disables them.
    await subscribe.uncheck();
    await expect(newsletter).not.toBeChecked();
    await expect(newsletter).toBeDisabled();
    await subscribe.check();
    await expect(newsletter).toBeEnabled();
    await newsletter.check();
    await page.getByRole('checkbox', { name: 'Climbing' }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await expect(page).toHaveURL(/\/account\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Lotte Meijer' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Lotte Meijer' })).toBeVisible();
    await page.goto('/account/first-login');
    await expect(page).toHaveURL(/\/account\/?$/);
  });

  test('onboarding ends where the shopper was going (stored, unexpired return URL)', ANY_WIDTH, async ({ page }) => {
    await signInThroughLoginPage(page, 'A new shopper');
    await expect(page).toHaveURL(/\/account\/first-login$/);
    await page.goto('/account/orders');
    await expect(page).toHaveURL(/\/account\/first-login$/);
    await page.getByRole('textbox', { name: 'First name' }).fill('Robin');
    await page.getByRole('textbox', { name: 'Last name' }).fill('de Boer');
    await page.getByRole('textbox', { name: 'Email address' }).fill('robin@example.com');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
  });
});
