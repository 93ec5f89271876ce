/**
 * Verified email and sign-in with an emailed code in Chromium (issue 19), with the demo's outbox
 * mail transport (read back at /demo-mail): a new address signs in with a code and starts with
 * onboarding, its email verified; a shopper changes their email and confirms it with the code
 * sent to the new address, the account keeping the old one until then. Refused codes (§9: used up
 * by five wrong ones, expired) are tested in a DOM (issue 45):
 * src/features/login/providers/EmailSignInForm.dom.test.tsx.
 */
import { expect, type Page } from '@playwright/test';
import { latestCode, typeCode } from './codes';
import { ANY_WIDTH, expectNoAxeViolations, isMobile, signInAsNewShopper, test } from './fixtures';

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

  test('the address is checked before any code is sent; another address can be chosen', ANY_WIDTH, async ({ page }) => {
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
  /** A new shopper saves their profile with a new email address; answers the address before and the new one. */
  async function changeEmail(page: Page, name: string) {
    await signInAsNewShopper(page);
    await page.goto('/account/edit-profile');
    const email = page.getByRole('textbox', { name: 'Email address', exact: true });
    const oldEmail = await email.inputValue();
    const newEmail = uniqueAddress(name);
    await email.fill(newEmail);
    await page.getByRole('textbox', { name: 'Confirm email address' }).fill(newEmail);
    await fillPhone(page);
    await page.getByRole('button', { name: 'Save profile' }).click();
    return { oldEmail, newEmail };
  }

  test(
    'a changed email waits for the code sent to the new address; the account keeps the old one until then',
    ANY_WIDTH,
    async ({ page }) => {
      const { oldEmail, newEmail } = await changeEmail(page, 'changed');

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
    },
  );

  test(
    'the old inbox is told of the change; a change waiting for its code can be dropped',
    ANY_WIDTH,
    async ({ page }) => {
      const { oldEmail, newEmail } = await changeEmail(page, 'dropped');
      await page
        .getByRole('dialog', { name: 'Verify your email address' })
        .getByRole('button', { name: 'Close' })
        .click();
      // The old inbox was told of the change, in an email a shopper can read.
      let noticeId = 0;
      await expect(async () => {
        const latest = await page.request.get(`/demo-mail/latest?to=${encodeURIComponent(oldEmail)}`);
        expect(latest.ok()).toBe(true);
        const notice = (await latest.json()) as { id: number; text: string; code: string | null };
        expect(notice.text).toContain(newEmail);
        expect(notice.code).toBeNull();
        noticeId = notice.id;
      }).toPass();
      await page.goto(`/demo-mail/${noticeId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.frameLocator('iframe').getByRole('heading', { name: 'Your email address is being changed' }),
      ).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('email-change-notice.png'), fullPage: true });
      await page.goto('/account');
      const card = page.getByRole('region', { name: 'This is you' });
      await card.getByRole('button', { name: 'Keep current address' }).click();
      await expect(page.getByText('Your email address was not changed')).toBeVisible();
      await expect(card.getByText(/Waiting for confirmation/)).toHaveCount(0);
    },
  );
});
