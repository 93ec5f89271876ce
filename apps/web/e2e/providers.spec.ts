/**
 * Sign-in with every provider in Chromium (issue 3): the providers' browser scripts are replaced
 * at the network layer by stand-ins that hand the page a token signed by the local stand-in
 * server, and the account server verifies it for real (signature, issuer, audience, expiry, nonce).
 */
import { expect, type Page } from '@playwright/test';
import { ANY_WIDTH, expectNoAxeViolations, test } from './fixtures';
import { PROVIDER_SETTINGS, PROVIDERS_URL, STAND_INS_URL } from './providers.config';

test.use({ baseURL: PROVIDERS_URL });

const SCRIPTS = {
  google: 'https://accounts.google.com/gsi/client',
  facebook: 'https://connect.facebook.net/en_US/sdk.js',
  apple: 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
  telegram: 'https://telegram.org/js/telegram-widget.js?22',
} as const;

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function standIn(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${STAND_INS_URL}${path}?${new URLSearchParams(query)}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Every provider script answered by a stand-in (or nothing), so no test reaches the real ones. */
async function fakeScripts(page: Page, scripts: Partial<Record<keyof typeof SCRIPTS, string>> = {}) {
  for (const [name, url] of Object.entries(SCRIPTS)) {
    const body = scripts[name as keyof typeof SCRIPTS] ?? '';
    await page.route(url, (route) => route.fulfill({ contentType: 'text/javascript', body }));
  }
}

const googleScript = (credential: string) => `
  window.google = { accounts: { id: {
    initialize(options) { window.__gsi = options; },
    renderButton(parent, options) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Sign in with Google';
      button.dataset.width = String(options.width);
      button.onclick = () => window.__gsi.callback({ credential: ${JSON.stringify(credential)} });
      parent.appendChild(button);
    },
    prompt() { window.__oneTap = true; },
  } } };`;

test.describe('issue 3: each configured provider shows its button and signs in for real', () => {
  test('the login page lists every configured provider and has no accessibility violations', async ({ page }) => {
    await fakeScripts(page, { google: googleScript('unused') });
    await page.goto('/account/login');
    for (const name of [
      'Sign in with Fjord & Pine',
      'Sign in with Google',
      'Sign in with Facebook',
      'Sign in with Apple',
      'Sign in with your Fjord & Pine account',
      'Sign in with Steam',
    ]) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test('Google: a verified email signs in as the existing shopper (Emma)', ANY_WIDTH, async ({ page }) => {
    const { token } = await standIn('/google/mint', {
      sub: `google-${unique()}`,
      email: 'emma.devries@example.com',
      email_verified: 'true',
      given_name: 'Emma',
      family_name: 'de Vries',
    });
    await fakeScripts(page, { google: googleScript(String(token)) });
    await page.goto('/account/login');
    const button = page.getByRole('button', { name: 'Sign in with Google' });
    // The button is asked for at width 600, or the space there is.
    expect(Number(await button.getAttribute('data-width'))).toBeLessThanOrEqual(600);
    await button.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Emma de Vries' })).toBeVisible();
  });

  test(
    'Google: a token the server cannot verify leaves the shopper on the login page, no message',
    ANY_WIDTH,
    async ({ page }) => {
      const { token } = await standIn('/google/mint', { sub: `google-${unique()}`, aud: 'someone-elses-client' });
      await fakeScripts(page, { google: googleScript(String(token)) });
      await page.goto('/account/login');
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
      await expect(page).toHaveURL(/\/account\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    },
  );

  test(
    'Facebook: asks for email and public_profile and sends a new shopper to onboarding',
    ANY_WIDTH,
    async ({ page }) => {
      const { token } = await standIn('/facebook/mint', {
        user_id: unique(),
        email: `fb.${unique()}@example.com`,
        first_name: 'Finn',
        last_name: 'Bos',
      });
      await fakeScripts(page, {
        facebook: `
        window.FB = {
          init(options) { window.__fbInit = options; },
          login(callback, options) {
            window.__fbScope = options.scope;
            callback({ status: 'connected', authResponse: { accessToken: ${JSON.stringify(token)} } });
          },
        };
        if (window.fbAsyncInit) window.fbAsyncInit();`,
      });
      await page.goto('/account/login');
      await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
      await expect(page).toHaveURL(/\/account\/first-login$/);
      expect(await page.evaluate(() => Reflect.get(window, '__fbScope'))).toBe('email,public_profile');
      expect(await page.evaluate(() => (Reflect.get(window, '__fbInit') as { appId: string }).appId)).toBe(
        PROVIDER_SETTINGS.FACEBOOK_APP_ID,
      );
      await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Finn');
    },
  );

  test.describe(() => {
    // The exposed function stays with the page.
    test.use({ ownContext: true });
    test('Apple: the identity token carries the nonce this server handed out', ANY_WIDTH, async ({ page }) => {
      await page.exposeFunction('mintAppleToken', async (nonce: string) => {
        const { token } = await standIn('/apple/mint', {
          sub: `apple-${unique()}`,
          nonce,
          email: `apple.${unique()}@privaterelay.example.com`,
          email_verified: 'true',
        });
        return token;
      });
      await fakeScripts(page, {
        apple: `
        window.AppleID = { auth: {
          init(options) { window.__apple = options; },
          async signIn() {
            const token = await window.mintAppleToken(window.__apple.nonce);
            return { authorization: { id_token: token } };
          },
        } };`,
      });
      await page.goto('/account/login');
      await page.getByRole('button', { name: 'Sign in with Apple' }).click();
      await expect(page).toHaveURL(/\/account\/first-login$/);
    });
  });

  test('Steam: OpenID 2.0 round trip through the stand-in provider', ANY_WIDTH, async ({ page }) => {
    await fakeScripts(page);
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Sign in with Steam' }).click();
    await expect(page).toHaveURL(/\/account\/first-login$/);
  });

  test('Auth0-style: OpenID Connect with PKCE, labelled with the company name', ANY_WIDTH, async ({ page }) => {
    await fakeScripts(page);
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Sign in with your Fjord & Pine account' }).click();
    await page.waitForURL(/\/demo-idp\/authorize/);
    await page.getByRole('button', { name: /^Noah/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Noah Visser' })).toBeVisible();
  });

  test('Telegram: the widget loads after the view starts and its signed data signs in', ANY_WIDTH, async ({ page }) => {
    const id = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
    const data = await standIn('/telegram/sign', { id, first_name: 'Tess', last_name: 'Smit' });
    await fakeScripts(page, {
      telegram: `
        (() => {
          const script = document.currentScript;
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Log in with Telegram as ' + script.dataset.telegramLogin;
          button.onclick = () => {
            location.href = script.dataset.authUrl + '?' + new URLSearchParams(${JSON.stringify(data)});
          };
          script.after(button);
        })();`,
    });
    await page.goto('/account/login');
    await page.getByRole('button', { name: `Log in with Telegram as ${PROVIDER_SETTINGS.TELEGRAM_BOT_NAME}` }).click();
    // Back from the widget, the shopper confirms (login CSRF: a crafted link never signs in by itself).
    await expect(page.getByText('You are back from Telegram. Sign in as Tess Smit?')).toBeVisible();
    await page.getByRole('button', { name: 'Continue with Telegram' }).click();
    await expect(page).toHaveURL(/\/account\/first-login$/);
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Tess');
  });

  test(
    'DESIGN §6 login CSRF: widget data in a crafted link signs in only after a click, and Cancel drops it',
    ANY_WIDTH,
    async ({ page }) => {
      const id = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
      const data = await standIn('/telegram/sign', { id, first_name: 'Mallory' });
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/login/telegram')) posts.push(request.url());
      });
      await fakeScripts(page);
      await page.goto(`/account/login?${new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)]))}`);
      await expect(page.getByText('You are back from Telegram. Sign in as Mallory?')).toBeVisible();
      // The signed data leaves the address bar at once, and nothing was sent.
      await expect(page).toHaveURL(/\/account\/login$/);
      expect(posts).toEqual([]);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('You are back from Telegram.')).toHaveCount(0);
      expect(posts).toEqual([]);
    },
  );
});
