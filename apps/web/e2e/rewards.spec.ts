/** Achievements, vouchers and wishlist in Chromium (issue 6; spec §2, §4 Achievement, Voucher, Wishlist clear). */
import { expect } from '@playwright/test';
import { ANY_WIDTH, expectNoAxeViolations, signInAs, test } from './fixtures';

test.describe('§2 Achievements page', () => {
  test('shows progress, claim dates, rewards and the ? icon; unclaimed come after the claimed', async ({ page }) => {
    await signInAs(page, 'Emma');
    await page.goto('/account/achievements');
    await expect(page.getByRole('heading', { level: 1, name: 'Achievements' })).toBeVisible();
    const items = page.getByRole('list', { name: 'Achievements' }).getByRole('listitem');
    await expect(items.first()).toContainText('Claimed on');
    await expect(page.getByRole('progressbar').first()).toBeVisible();
    await expect(page.getByText('Reward').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Claim the reward for / }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('§4 claiming moves the achievement among the claimed, newest first, and the overview follows', {
    tag: '@desktop',
  }, async ({ page }) => {
    // In the desktop project only (@desktop): it changes the shared demo shopper, which may happen once.
    await signInAs(page, 'Emma');
    await page.goto('/account/achievements');
    const claim = page.getByRole('button', { name: /^Claim the reward for / }).first();
    const name = ((await claim.getAttribute('aria-label')) ?? '').replace('Claim the reward for ', '');
    await claim.click();
    await expect(page.getByText('Your reward has been claimed')).toBeVisible();
    const first = page.getByRole('list', { name: 'Achievements' }).getByRole('listitem').first();
    await expect(first.getByRole('heading', { name })).toBeVisible();
    await expect(first).toContainText('Claimed on');
    await expect(page.getByRole('button', { name: `Claim the reward for ${name}` })).toHaveCount(0);

    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Latest achievements' }).getByRole('listitem').first()).toContainText(
      name,
    );
  });
});

test.describe('§2 Vouchers', () => {
  test('groups vouchers by campaign with used, expiry and value per the §4 rules; groups fold', async ({ page }) => {
    await signInAs(page, 'Emma');
    await page.goto('/account/vouchers');
    const card = page.getByRole('region', { name: 'My vouchers' });
    await expect(card.getByText('Does not expire').first()).toBeVisible();
    await expect(card.getByText('N/A').first()).toBeVisible();
    await expect(card.getByText(/^\d+%$/).first()).toBeVisible();
    await expect(card.getByText(/^€ \d+\.\d{2}$/).first()).toBeVisible();
    await expect(card.getByText('Expired').first()).toBeVisible();
    await expect(card.getByText('Claimed', { exact: true }).first()).toBeVisible();
    await expect(card.getByText('Claim your voucher code').first()).toBeVisible();
    await expectNoAxeViolations(page);

    const toggle = card.getByRole('button', { name: /Welcome to Fjord & Pine/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const rows = card.getByRole('row');
    const before = await rows.count();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(rows).toHaveCount(before - 1);
    await toggle.click();
    await expect(rows).toHaveCount(before);
  });

  test(
    'Have a voucher code?: an unknown code, or one of a campaign already held, is told apart in words',
    ANY_WIDTH,
    async ({ page }) => {
      // Neither attempt changes anything, so both projects may run it.
      await signInAs(page, 'Emma');
      await page.goto('/account/vouchers');
      const card = page.getByRole('region', { name: 'Have a voucher code?' });
      const field = card.getByRole('textbox', { name: 'Voucher code' });
      // Unknown, ended and used-up codes answer alike (404): one message for all of them.
      await field.fill('NO-SUCH-CODE');
      await card.getByRole('button', { name: 'Add voucher' }).click();
      await expect(card.getByText('We do not know this voucher code.')).toBeVisible();
      await expect(field).toBeFocused();
      // Emma holds the trail club's vouchers already (409).
      await field.fill('TRAIL2026');
      await card.getByRole('button', { name: 'Add voucher' }).click();
      await expect(card.getByText('This voucher code can no longer be used.')).toBeVisible();
    },
  );

  test('§4 claiming a voucher shows its code and claim date', { tag: '@desktop' }, async ({ page }) => {
    // In the desktop project only (@desktop): it changes the shared demo shopper, which may happen once.
    await signInAs(page, 'Emma');
    await page.goto('/account/vouchers');
    const card = page.getByRole('region', { name: 'My vouchers' });
    const row = card
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Claim', exact: true }) })
      .first();
    await expect(row).toBeVisible();
    const codesBefore = await card.locator('code').count();
    await row.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(page.getByText('Your voucher code is ready')).toBeVisible();
    await expect(card.locator('code')).toHaveCount(codesBefore + 1);
    const today = new Date();
    const dd = String(today.getDate()).padStart(2, '0');
    const mm = String(today.getMonth() + 1).padStart(2, '0');
    await expect(card.getByText(`${dd}/${mm}/${today.getFullYear()}`).first()).toBeVisible();
  });
});

test.describe('§2 Wishlist', () => {
  test('lists the products with price, more info in a new tab and remove', async ({ page }) => {
    await signInAs(page, 'Emma');
    await page.goto('/account/wishlist');
    const card = page.getByRole('region', { name: 'My wishlist' });
    await expect(card.getByRole('columnheader', { name: 'Product' })).toBeAttached();
    await expect(card.getByRole('link', { name: /^More info / }).first()).toHaveAttribute('target', '_blank');
    await expect(card.getByText(/^€ \d+\.\d{2}$/).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('§4 removes one wish, then Clear list answers No and Yes', { tag: '@desktop' }, async ({ page }) => {
    // In the desktop project only (@desktop): it changes a shared demo shopper, which may happen once.
    // Sofia (two wishes, Dutch interface): Emma's wishlist stays for the read-only tests.
    await signInAs(page, 'Sofia');
    await page.goto('/account/wishlist');
    const card = page.getByRole('region', { name: 'Mijn verlanglijst' });
    const rows = card.getByRole('row');
    const remove = card.getByRole('button', { name: / verwijderen$/ }).first();
    await expect(remove).toBeVisible();
    const before = await rows.count();
    await remove.click();
    await expect(rows).toHaveCount(before - 1);

    await card.getByRole('button', { name: 'Lijst legen' }).click();
    await expect(card.getByRole('button', { name: 'Nee' })).toBeFocused();
    await card.getByRole('button', { name: 'Nee' }).click();
    await expect(card.getByRole('button', { name: 'Lijst legen' })).toBeFocused();
    await expect(rows).toHaveCount(before - 1);

    await card.getByRole('button', { name: 'Lijst legen' }).click();
    await card.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByRole('heading', { name: 'Je verlanglijst is leeg' })).toBeVisible();
    await expect(page.getByText('Je verlanglijst is leeggemaakt')).toBeVisible();
  });
});
