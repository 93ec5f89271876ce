/**
 * The security centre in Chromium (issue 20): sessions across two browser contexts, linking and
 * removing a sign-in method (Google through its stand-in, on the server with every provider),
 * the last way in that cannot be removed, and passkeys through Chromium's virtual authenticator
 * (WebAuthn.addVirtualAuthenticator of the DevTools protocol): add, sign in with, remove.
 */
import { expect, type Page } from '@playwright/test';
import { ageSignInsOf, latestCode, typeCode } from './codes';
import { ANY_WIDTH, callApi, expectNoAxeViolations, test } from './fixtures';
import { FRESH_URL, PROVIDERS_URL, STAND_INS_URL } from './providers.config';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/**
 * Signs the context in over HTTP through the single sign-on and the demo identity provider's
 * 'Sign in with this email address': the same address is the same account in every context.
 */
async function signInByEmail(page: Page, email: string): Promise<void> {
  const http = page.request;
  const start = await http.get('/sso/start');
  expect(start.status()).toBe(200);
  const authorize = new URL(await start.text());
  const chosen = await http.post(authorize.pathname, {
    form: { ...Object.fromEntries(authorize.searchParams), subject: 'email', email },
    maxRedirects: 0,
  });
  expect(chosen.status(), await chosen.text()).toBe(303);
  const callback = new URL(chosen.headers().location ?? '');
  const landed = await http.get(`${callback.pathname}${callback.search}`, { maxRedirects: 0 });
  expect(landed.status()).toBe(303);
}

/** A new account for this address, past onboarding (the call the first-login page makes). */
async function newShopper(page: Page, email: string): Promise<void> {
  await signInByEmail(page, email);
  await callApi(page, 'POST', '/setting/firstTimeSetting', {
    settings: { gender: 1, firstName: 'Sam', lastName: 'Secure', email },
  });
}

/** Chromium's virtual authenticator (DevTools protocol): a platform passkey that answers by itself. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function openSecurity(page: Page): Promise<void> {
  await page.goto('/account/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
}

test.describe('issue 20: sessions and devices', () => {
  test(
    'a shopper signed in from two browsers sees both, signs the other out, and its next call is a 401',
    ANY_WIDTH,
    async ({ page, browser }) => {
      const email = `sessions.${unique()}@example.com`;
      await newShopper(page, email);
      const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      try {
        const otherPage = await other.newPage();
        await signInByEmail(otherPage, email);
        await openSecurity(page);
        const card = page.getByRole('region', { name: 'Where you are signed in' });
        await expect(card.getByText('This device')).toBeVisible();
        await expect(card.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(1);
        await expectNoAxeViolations(page);
        // Issue 44: plain words, no version numbers; the address only in a session's details.
        // 'Chrome on Windows' for the desktop device profile: names without their version numbers.
        await expect(card.getByText(/^Chrome on [A-Za-z ]+$/)).toHaveCount(2);
        await expect(card.getByText('On this network', { exact: true })).toBeVisible();
        await expect(card.getByText(/127\.0\.0\.0/).first()).toBeHidden();
        await card.getByText('Details').first().click();
        await expect(card.getByText('Network address: 127.0.0.0/24').first()).toBeVisible();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: test.info().outputPath('security-sessions.png'), fullPage: true });

        await card.getByRole('button', { name: 'Sign out', exact: true }).click();
        await card.getByRole('button', { name: 'Yes' }).click();
        await expect(page.getByText('That browser has been signed out')).toBeVisible();
        await expect(card.getByText('You are not signed in anywhere else.')).toBeVisible();
        expect((await otherPage.request.get('/account/api/v1/shopuser/me')).status()).toBe(401);
      } finally {
        await other.close();
      }
    },
  );
});

test.describe('issue 20: linking a provider', () => {
  // The server with every provider configured, each verifying against its local stand-in.
  test.use({ baseURL: PROVIDERS_URL });

  test('links Google through its own sign-in in link mode, then removes it', ANY_WIDTH, async ({ page }) => {
    const email = `link.${unique()}@example.com`;
    await newShopper(page, email);
    const minted = await fetch(
      `${STAND_INS_URL}/google/mint?${new URLSearchParams({ sub: `google-${unique()}`, email: `g.${email}`, email_verified: 'true', given_name: 'Sam' })}`,
    );
    const { token } = (await minted.json()) as { token: string };
    // Google's script answered by a stand-in that hands the page the minted ID token.
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: {
          initialize(options) { window.__gsi = options; },
          renderButton(parent) {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = 'Sign in with Google';
            button.onclick = () => window.__gsi.callback({ credential: ${JSON.stringify(token)} });
            parent.appendChild(button);
          },
          prompt() {},
        } } };`,
      }),
    );
    await openSecurity(page);
    const card = page.getByRole('region', { name: 'Sign-in methods' });
    await card.getByRole('button', { name: 'Link Google' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Link Google' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByText('Google is now linked to your account')).toBeVisible();
    await expect(card.getByText('Google', { exact: true })).toBeVisible();
    await expect(card.getByText(`g.${email}`)).toBeVisible();

    const google = card.getByRole('listitem').filter({ hasText: `g.${email}` });
    await google.getByRole('button', { name: 'Remove' }).click();
    await google.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Google has been removed')).toBeVisible();
    await expect(card.getByText(`g.${email}`)).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Link Google' })).toBeVisible();
  });
});

test.describe('issue 20: the last way in', () => {
  // The shop's own instance has no mail transport: no code by email, one identity only.
  test.use({ baseURL: FRESH_URL });

  test('the last way to sign in cannot be removed, and the shopper is told why', ANY_WIDTH, async ({ page }) => {
    const email = `last.${unique()}@example.com`;
    await newShopper(page, email);
    await openSecurity(page);
    const card = page.getByRole('region', { name: 'Sign-in methods' });
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('button', { name: 'Yes' }).click();
    await expect(
      card.getByText('This is the only way left to sign in to your account. Add another way first.'),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: 'Remove' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('security-last-method.png'), fullPage: true });
  });
});

test.describe('issue 20: passkeys', () => {
  // The virtual authenticator stays with the page, and Chromium allows one.
  test.use({ ownContext: true });
  test(
    'adds a passkey with the virtual authenticator, signs in with it, and removes it',
    ANY_WIDTH,
    async ({ page }) => {
      await addVirtualAuthenticator(page);
      const email = `passkey.${unique()}@example.com`;
      await newShopper(page, email);
      await openSecurity(page);
      const card = page.getByRole('region', { name: 'Sign-in methods' });
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await card.getByRole('textbox', { name: 'Name of the passkey' }).fill('Test laptop');
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(page.getByText('Your passkey has been added')).toBeVisible();
      const passkey = card.getByRole('listitem').filter({ hasText: 'Test laptop' });
      await expect(passkey.getByText('Not used yet')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath('security-passkey.png'), fullPage: true });

      // Signed out, the passkey signs in again: the authenticator answers the login page's challenge.
      await page.context().clearCookies();
      await page.goto('/account/login');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();

      await openSecurity(page);
      await expect(passkey.getByText(/Last used on/)).toBeVisible();
      const session = page.getByRole('region', { name: 'Where you are signed in' });
      await expect(session.getByText('Sign-in method: Passkey')).toBeVisible();
      await passkey.getByRole('button', { name: 'Remove' }).click();
      await passkey.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText('Your passkey has been removed')).toBeVisible();
      await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
    },
  );
});

test.describe('issue 44: a new way in needs a fresh sign-in', () => {
  // The virtual authenticator stays with the page, and Chromium allows one.
  test.use({ ownContext: true });
  /**
   * A new shopper whose sign-in is too old for a new way in asks to add a passkey named `name`;
   * answers the sign-in methods card. The confirmation is asked for next.
   */
  async function addPasskeyOnOldSignIn(page: Page, email: string, name: string) {
    await newShopper(page, email);
    ageSignInsOf(email);
    await openSecurity(page);
    const card = page.getByRole('region', { name: 'Sign-in methods' });
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await card.getByRole('textbox', { name: 'Name of the passkey' }).fill(name);
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    return card;
  }

  test('a passkey added on an old sign-in asks the shopper to confirm with the emailed code, then is added without starting over', async ({
    page,
  }) => {
    await addVirtualAuthenticator(page);
    const email = `step.up.${unique()}@example.com`;
    const card = await addPasskeyOnOldSignIn(page, email, 'Old session laptop');

    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(dialog.getByText(`We have sent a 6-digit code to ${email}.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sign in again' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('step-up-dialog.png') });
    await typeCode(page, await latestCode(page, email));

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Your passkey has been added')).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: 'Old session laptop' })).toBeVisible();
  });

  test('cancelling the confirmation adds nothing', ANY_WIDTH, async ({ page }) => {
    const card = await addPasskeyOnOldSignIn(page, `step.up.cancel.${unique()}@example.com`, 'Never added');
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('The passkey could not be added')).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: 'Never added' })).toHaveCount(0);
  });
});
