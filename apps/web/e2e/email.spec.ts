/**
 * Verified email and sign-in with an emailed code in Chromium (issue 19), with the demo's outbox
 * mail transport (read back at /demo-mail): a new address signs in with a code and starts with
 * onboarding, its email verified; a shopper changes their email and confirms it with the code
 * sent to the new address, the account keeping the old one until then.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, isMobile, signInAsNewShopper } from './fixtures';

/** The code in the newest email the demo's outbox holds for an address, once it is there. */
async function latestCode(page: Page, to: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const response = await page.request.get(`/demo-mail/latest?to=${encodeURIComponent(to)}`);
    expect(response.ok()).toBe(true);
    code = ((await response.json()) as { code: string | null }).code ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass();
  return code;
}

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

/** The edit-profile form needs a phone number; a new shopper has none. */
async function fillPhone(page: Page) {
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('+31 612345678');
  await page.getByRole('textbox', { name: 'Confirm phone number' }).fill('+31 612345678');
}

const uniqueAddress = (what: string) => `${what}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;

test.describe('issue 19: sign in with an emailed code', () => {
  test('a new address gets a code, signs in with it and starts with onboarding, its email verified', async ({
    page,
  }) => {
    const email = uniqueAddress('newcomer');
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    const form = page.getByRole('form', { name: 'Sign in with email' });
    await expect(form.getByRole('textbox', { name: 'Email address' })).toBeFocused();
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByText('Please enter an email address.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Email address' }).fill(email);
    await form.getByRole('button', { name: 'Send code' }).click();

    const entry = page.getByRole('region', { name: 'Sign in with email' });
    await expect(entry.getByText(`If ${email} can be used, a 6-digit code is on its way.`)).toBeVisible();
    await expect(entry.getByText(/You can request a new code in \d+:\d\d/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('email-sign-in-code.png'), fullPage: true });

    const code = await latestCode(page, email);
    const wrong = code === '000000' ? '111111' : '000000';
    await typeCode(page, wrong);
    await expect(entry.getByText('Invalid verify code or verify code is expired')).toBeVisible();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await typeCode(page, code);

    await page.waitForURL(/\/account\/first-login$/);
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
    // Proven by the code: nothing to verify.
    await expect(page.getByRole('button', { name: 'Verify email address' })).toHaveCount(0);
  });

  test('the address is checked before any code is sent; another address can be chosen', async ({ page }) => {
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    const form = page.getByRole('form', { name: 'Sign in with email' });
    await form.getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByText('This email address is not valid.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Email address' }).fill(uniqueAddress('second'));
    await form.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: 'Use another email address' }).click();
    await expect(page.getByRole('form', { name: 'Sign in with email' }).getByRole('textbox')).toBeFocused();
  });
});

test.describe('issue 19: verified email', () => {
  test('a changed email waits for the code sent to the new address; the account keeps the old one until then', async ({
    page,
  }) => {
    await signInAsNewShopper(page);
    await page.getByRole('link', { name: 'Edit your profile' }).click();
    const oldEmail = await page.getByRole('textbox', { name: 'Email address', exact: true }).inputValue();
    const newEmail = uniqueAddress('changed');
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(newEmail);
    await page.getByRole('textbox', { name: 'Confirm email address' }).fill(newEmail);
    await fillPhone(page);
    await page.getByRole('button', { name: 'Save profile' }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify your email address' });
    await expect(dialog.getByText(`We have sent a 6-digit code to ${newEmail}.`)).toBeVisible();
    await expect(dialog.getByText(/You can request a new code in \d+:\d\d/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('email-verify-dialog.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Close' }).click();

    const card = page.getByRole('region', { name: 'This is you' });
    await expect(card.getByText(oldEmail, { exact: true })).toBeVisible();
    await expect(card.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
    if (!isMobile(page)) {
      await page.screenshot({ path: test.info().outputPath('email-pending-card.png'), fullPage: true });
    }
    await card.getByRole('button', { name: 'Verify email address' }).click();
    await typeCode(page, await latestCode(page, newEmail));
    await expect(page.getByText('Your email address is verified')).toBeVisible();
    await expect(card.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(card.getByText(/Waiting for confirmation/)).toHaveCount(0);
  });

  test('a change waiting for its code can be dropped', async ({ page }) => {
    await signInAsNewShopper(page);
    await page.getByRole('link', { name: 'Edit your profile' }).click();
    const newEmail = uniqueAddress('dropped');
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(newEmail);
    await page.getByRole('textbox', { name: 'Confirm email address' }).fill(newEmail);
    await fillPhone(page);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page
      .getByRole('dialog', { name: 'Verify your email address' })
      .getByRole('button', { name: 'Close' })
      .click();
    const card = page.getByRole('region', { name: 'This is you' });
    await card.getByRole('button', { name: 'Keep current address' }).click();
    await expect(page.getByText('Your email address was not changed')).toBeVisible();
    await expect(card.getByText(/Waiting for confirmation/)).toHaveCount(0);
  });
});
