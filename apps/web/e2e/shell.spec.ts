/** Foundation in Chromium: login, sign-in through the demo provider, the shell of spec §2. */
import { expect, type Page } from '@playwright/test';
import { ANY_WIDTH, expectNoAxeViolations, isMobile, signInAs, signInThroughLoginPage, test } from './fixtures';

/** Serves the pages at `url` with their HTML changed by `edit`: the configuration or the answers they carry. */
async function editPages(page: Page, url: string | RegExp, edit: (html: string) => string): Promise<void> {
  await page.route(url, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, body: edit(await response.text()) });
  });
}

declare global {
  interface Window {
    /** Whether the page had its screen's heading at each of React's commits (the first-commit test). */
    commits?: boolean[];
  }
}

test.describe('§2 Login page', () => {
  test('shows the heading, instruction, the single sign-on button and the terms links in new tabs', async ({
    page,
  }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    await expect(page.getByText('Choose how you want to sign in.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Fjord & Pine' })).toBeEnabled();
    for (const [name, href] of [
      ['terms and conditions', '/terms'],
      ['privacy statement', '/privacy'],
      ['cookie policy', '/cookie'],
    ] as const) {
      const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    // No navigation chrome on the login page.
    await expect(page.getByRole('navigation', { name: 'Account menu' })).toHaveCount(0);
    await expect(page.getByText('TEST MODE — You are currently on the test environment!')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('with no provider configured it shows the disabled no-provider button', ANY_WIDTH, async ({ page }) => {
    await editPages(page, '**/account/login', (html) =>
      html
        .replace('"singleSignOn":"/sso/start"', '"singleSignOn":null')
        .replace('"emailSignIn":true', '"emailSignIn":false')
        .replace('"passkeys":true', '"passkeys":false'),
    );
    await page.goto('/account/login');
    await expect(page.getByRole('button', { name: 'No sign-in method is available' })).toBeDisabled();
    await expect(page.getByRole('button', { name: /Sign in with/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('shows the page in the browser’s language', ANY_WIDTH, async ({ browser }) => {
    const context = await browser.newContext({ locale: 'nl-NL', extraHTTPHeaders: { 'accept-language': 'nl-NL,nl' } });
    const page = await context.newPage();
    await page.goto('/account/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in op je account' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await context.close();
  });
});

test.describe('§2 Shell after signing in', () => {
  test('signing in through the demo provider lands on the overview inside the complete shell', async ({ page }) => {
    await signInThroughLoginPage(page, 'Emma');
    await expect(page).toHaveURL(/\/account\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Emma de Vries' })).toBeVisible();
    await expect(page).toHaveTitle('Account overview – Fjord & Pine');

    if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    const entries = menu.locator(':scope > ul > li > div > a, :scope > ul > li > div > button:not([aria-controls])');
    await expect(entries).toHaveText([
      'Account overview',
      'Achievements',
      'Address book',
      'My orders',
      'My vouchers',
      'My wishlist',
      'Returns policy',
      'Security',
      'Settings',
      'Log out',
    ]);
    await expect(menu.getByRole('link', { name: 'Account overview' })).toHaveAttribute('aria-current', 'page');

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Account', 'Account overview']);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Your information is safe');
    await expect(footer).toContainText('Secure checkout');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Fjord & Pine`);
    await expectNoAxeViolations(page);
  });

  test('the menu navigates, the active item follows the location and the breadcrumb shows the trail', async ({
    page,
  }) => {
    await signInAs(page, 'Noah');
    await page.goto('/account/');
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('link', { name: 'My orders' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
      'Account',
      'My orders',
    ]);
    // The page title takes focus after navigation, for screen readers.
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeFocused();
    if (isMobile(page)) {
      await expect(menu).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
    }
    await expect(menu.getByRole('link', { name: 'My orders' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Account overview' })).not.toHaveAttribute('aria-current', 'page');

    // Items with sub-items expand; a custom page sits under its section.
    const expand = menu.getByRole('button', { name: 'Show or hide the pages under My orders' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expand.click();
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Size guide' }).click();
    await expect(page).toHaveURL(/\/account\/orders\/page\/\d+$/);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Account', 'My orders', 'Size guide']);
    await expect(page.getByTitle('Size guide')).toBeVisible();
  });

  test('under 920 px the menu is a Menu/Close toggle', { tag: '@mobile' }, async ({ page }) => {
    // In the mobile project only (@mobile): the toggle exists only on narrow screens.
    await signInAs(page, 'Noah');
    await page.goto('/account/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(menu).toBeVisible();
    const close = page.getByRole('button', { name: 'Close' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);
    await close.click();
    await expect(menu).toBeHidden();
  });

  test('shows the not-found page for an unknown path', async ({ page }) => {
    await signInAs(page, 'Noah');
    await page.goto('/account/this/does/not/exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to your account overview' }).click();
    await expect(page).toHaveURL(/\/account\/?$/);
  });

  test('an unknown custom page redirects to the overview', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Noah');
    await page.goto('/account/pages/987654');
    await expect(page).toHaveURL(/\/account\/?$/);
  });

  test('log out ends the session and returns to the login page', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Lukas');
    await page.goto('/account/');
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen/ })).toBeVisible();
    if (isMobile(page)) await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await page.goto('/account/orders');
    await expect(page).toHaveURL(/\/account\/login$/);
  });
});

test.describe('§2 Guards', () => {
  test('a visitor without an account is sent to /login', ANY_WIDTH, async ({ page }) => {
    await page.goto('/account/orders');
    await expect(page).toHaveURL(/\/account\/login$/);
  });

  test(
    'a route whose feature is not enabled sends the shopper to /, and its menu entry is gone',
    ANY_WIDTH,
    async ({ page }) => {
      await editPages(page, /\/account(\/.*)?$/, (html) => html.replace('"MyOrders",', ''));
      await signInAs(page, 'Noah');
      await page.goto('/account/orders');
      await expect(page).toHaveURL(/\/account\/?$/);
      await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
      if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Account menu' });
      await expect(menu.getByRole('link', { name: 'My vouchers' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'My orders' })).toHaveCount(0);
    },
  );

  test('an account on first-time login is sent to /first-login', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'A new shopper');
    await page.goto('/account/settings');
    await expect(page).toHaveURL(/\/account\/first-login$/);
  });
});

test.describe('§2 Shell: Back to shop', () => {
  test('with no earlier history it goes to the shop home', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Noah');
    // A new tab opened straight on the account area has no earlier history.
    const fresh = await page.context().newPage();
    await fresh.goto('/account/');
    await fresh.getByRole('link', { name: /Back to shop/ }).click();
    await expect(fresh).toHaveURL(/localhost:\d+\/$/);
    await expect(fresh.getByRole('heading', { name: 'Gear for every trail' })).toBeVisible();
  });

  test('with earlier history it leaves the account area the way the shopper came', ANY_WIDTH, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Go to my account' }).click();
    await page.getByRole('button', { name: 'Sign in with Fjord & Pine' }).click();
    await page.getByRole('button', { name: /^Noah/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await page.getByRole('link', { name: /Back to shop/ }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});

test.describe('§8 Startup', () => {
  test('a page without a valid site configuration aborts startup with a visible error', ANY_WIDTH, async ({ page }) => {
    await editPages(page, '**/account/login', (html) =>
      html.replace(/<script type="application\/json" id="site-config">.*?<\/script>/s, ''),
    );
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/account/login');
    await expect(page.getByRole('heading', { level: 1, name: 'The account area could not start' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(errors.join('\n')).toContain('site configuration');
  });

  test(
    'a failing translations load is tolerated: the app starts and shows [key] for texts',
    ANY_WIDTH,
    async ({ page }) => {
      // The page carries the texts; without them the app asks for them, and here that fails.
      await editPages(page, '**/account/login', (html) =>
        html.replace(/<script type="application\/json" id="answer-getTranslations">.*?<\/script>/s, ''),
      );
      await page.route('**/account/api/v1/translation**', (route) => route.fulfill({ status: 500, body: '{}' }));
      await page.goto('/account/login');
      await expect(page.getByRole('heading', { level: 1, name: '[ac_LoginTitle]' })).toBeVisible();
    },
  );
});

test.describe('DESIGN §8 First screen', () => {
  test(
    'the account, texts and lists come with the page: the first screen asks for none of them',
    ANY_WIDTH,
    async ({ page }) => {
      const asked: string[] = [];
      const startupCalls = /\/api\/v1\/(shopuser\/me|translation|localize)/;
      const record = (request: { url(): string }) => {
        if (startupCalls.test(request.url())) asked.push(request.url());
      };
      page.on('request', record);
      await page.goto('/account/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
      page.off('request', record);
      await signInAs(page, 'Emma');
      page.on('request', record);
      await page.goto('/account/orders');
      await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
      await page.goto('/account/');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Emma de Vries' })).toBeVisible();
      expect(asked).toEqual([]);
    },
  );
});

test.describe('DESIGN §8 First screen: the screen with the shell', () => {
  // The init script stays with the page.
  test.use({ ownContext: true });
  test(
    'a page opened directly is rendered whole in its first commit, not after an empty one',
    ANY_WIDTH,
    async ({ page }) => {
      // React tells a devtools hook of every commit. A screen that suspends on the first load commits
      // an empty page first, and React shows the screen no sooner than 300 ms after that.
      await page.addInitScript(() => {
        const commits: boolean[] = [];
        window.commits = commits;
        Object.assign(window, {
          __REACT_DEVTOOLS_GLOBAL_HOOK__: {
            supportsFiber: true,
            inject: () => 1,
            onCommitFiberRoot: () => commits.push(document.querySelector('#main h1') !== null),
            onCommitFiberUnmount: () => undefined,
            onPostCommitFiberRoot: () => undefined,
          },
        });
      });
      const firstCommits = () =>
        page.evaluate(() => {
          const commits = window.commits ?? [];
          return commits.slice(0, 1 + commits.indexOf(true));
        });
      await page.goto('/account/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
      expect(await firstCommits()).toEqual([true]);
      await signInAs(page, 'Emma');
      await page.goto('/account/orders');
      await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
      expect(await firstCommits()).toEqual([true]);
    },
  );
});

test.describe('DESIGN §8 First screen: images not shown', () => {
  // What a browser fetches the first time: a page kept from an earlier test has the icons in its cache.
  test.use({ ownContext: true });
  test('the menu’s page icons under closed items (under 920 px: in the closed menu) are neither fetched nor decoded until shown', async ({
    page,
  }) => {
    const icons: string[] = [];
    page.on('request', (request) => {
      if (/\/demo-shop\/icons\/(ruler|star|gift)\.svg$/.test(request.url())) icons.push(request.url());
    });
    await signInAs(page, 'Emma');
    await page.goto('/account/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    // The shop's logo is rendered with the menu: once it has loaded, an eager icon would have been asked for.
    const logo = page.getByRole('img', { name: 'Fjord & Pine' });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(icons).toEqual([]);
    if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Show or hide the pages under My orders' }).click();
    const sizeGuide = page.getByRole('link', { name: 'Size guide' }).locator('img');
    await expect.poll(() => sizeGuide.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(icons).toEqual([expect.stringMatching(/ruler\.svg$/)]);
  });
});

test.describe('issue 3: providers left out of the configuration', () => {
  test('show no button', ANY_WIDTH, async ({ page }) => {
    await page.goto('/account/login');
    await expect(page.getByRole('button', { name: 'Sign in with Fjord & Pine', exact: true })).toBeVisible();
    for (const name of [/Google/, /Facebook/, /Apple/, /Steam/, /Telegram/, /your Fjord & Pine account/]) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
  });
});

test.describe('§9 Themes: logout', () => {
  test(
    'a white-label theme returns the shopper to the shop home instead of the login page',
    ANY_WIDTH,
    async ({ page }) => {
      await editPages(page, /\/account(\/.*)?$/, (html) => html.replace('"theme":"default"', '"theme":"aurora"'));
      await signInAs(page, 'Noah');
      await page.goto('/account/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'aurora');
      if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/localhost:\d+\/$/);
      await expect(page.getByRole('heading', { name: 'Gear for every trail' })).toBeVisible();
      await page.goto('/account/orders');
      await expect(page).toHaveURL(/\/account\/login$/);
    },
  );
});
