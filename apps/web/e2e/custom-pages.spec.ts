/** The shop's own content pages in a frame, in Chromium (issue 7; spec §2 Custom content pages, §9 Timing). */
import { expect, type Page } from '@playwright/test';
import { ANY_WIDTH, expectNoAxeViolations, isMobile, signInAs, signInAsNewShopper, test } from './fixtures';
import { STAND_INS_URL } from './providers.config';

interface ConfiguredPage {
  pageId: number;
  name: string;
  title: string;
  url: string;
  layout: string;
}

async function configuredPages(page: Page): Promise<Record<string, ConfiguredPage>> {
  const response = await page.request.get('/account/api/v1/setting');
  const { pages } = (await response.json()) as { pages: ConfiguredPage[] };
  return Object.fromEntries(pages.map((p) => [p.name, p]));
}

/**
 * The frame's height must be its content's height plus 16 px (§2, §9), and stay so after the
 * re-measurement 250 ms after load: settled, not growing by 16 px with each measurement.
 */
async function expectSizedToContent(page: Page, title: string) {
  const frame = page.getByTitle(title, { exact: true });
  await expect(frame).toBeVisible();
  const measured = async () => {
    // Past the re-measurement at once on the page's clock (installed before each test), then one
    // frame for the page to draw what it measured.
    await page.clock.runFor(600);
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
    const [outer, inner] = await Promise.all([
      frame.evaluate((element) => element.getBoundingClientRect().height),
      page
        .frameLocator(`iframe[title="${title}"]`)
        .locator('html')
        .evaluate((root) => Math.ceil(root.getBoundingClientRect().height)),
    ]);
    return { outer, off: Math.abs(outer - (inner + 16)) };
  };
  // The frame's document loads in real time while the page's clock stands still: on a busy machine
  // it may load after the clock has run, so each try runs the clock again, until it is measured.
  await expect.poll(async () => (await measured()).off).toBeLessThanOrEqual(1);
  // And once measured, it stays so.
  const settled = await measured();
  expect(settled.off).toBeLessThanOrEqual(1);
  return settled.outer;
}

test.describe('§2 Custom content pages', () => {
  // The page's fake clock stays with its browser context.
  test.use({ ownContext: true });
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('a card page shows a spinner, then its content in a frame sized to it', async ({ page }) => {
    await signInAs(page, 'Emma');
    const { 'size-guide': sizeGuide } = await configuredPages(page);
    if (!sizeGuide) throw new Error('the demo shop has no size guide');
    await page.goto(`/account/orders/page/${sizeGuide.pageId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Size guide' })).toBeVisible();
    const frame = page.frameLocator('iframe[title="Size guide"]');
    await expect(frame.getByRole('heading', { name: 'Footwear' })).toBeVisible();
    await expectSizedToContent(page, 'Size guide');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('My orders');
    await expectNoAxeViolations(page);
  });

  test('an unframed page stands on the page itself, without a card', async ({ page }) => {
    await signInAs(page, 'Emma');
    const { 'loyalty-programme': loyalty } = await configuredPages(page);
    if (!loyalty) throw new Error('the demo shop has no loyalty programme page');
    await page.goto(`/account/achievements/${loyalty.pageId}`);
    const frame = page.getByTitle('Loyalty programme', { exact: true });
    await expectSizedToContent(page, 'Loyalty programme');
    expect(await frame.evaluate((element) => element.closest('section') === null)).toBe(true);
  });

  test(
    '§4 a page that asks to be waited for keeps the spinner until it says it is ready',
    ANY_WIDTH,
    async ({ page }) => {
      await signInAs(page, 'Emma');
      const { 'gift-card-balance': giftCards } = await configuredPages(page);
      if (!giftCards) throw new Error('the demo shop has no gift card page');
      await page.goto(`/account/vouchers/${giftCards.pageId}`);
      // The page loads at once but fetches its data for 600 ms after WaitForCustomLoadedEvent.
      await expect(page.getByRole('status').filter({ hasText: 'Loading page' })).toBeVisible();
      const frame = page.frameLocator('iframe[title="Gift card balance"]');
      await expect(frame.getByRole('heading', { name: 'Your gift cards' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading page' })).toHaveCount(0);
      await expectSizedToContent(page, 'Gift card balance');
      // AddCardClass: the card variant lets the page reach the card's edges.
      const padding = await page
        .getByTitle('Gift card balance', { exact: true })
        .evaluate((element) => getComputedStyle(element.closest('section')?.firstElementChild ?? element).paddingTop);
      expect(padding).toBe('0px');
    },
  );

  test('a document opens through its page/ route from the menu', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Emma');
    await page.goto('/account');
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('link', { name: 'Returns policy' }).click();
    await expect(page).toHaveURL(/\/account\/page\/\d+$/);
    const frame = page.frameLocator('iframe[title="Returns policy"]');
    await expect(frame.getByRole('heading', { name: 'How to return' })).toBeVisible();
    await expectSizedToContent(page, 'Returns policy');
  });

  test('a page’s title follows the interface language: menu, breadcrumb and heading', ANY_WIDTH, async ({ page }) => {
    // The demo shop titles its pages in Dutch and German too. Switched without a reload, the
    // page's configuration is still the English one's: its titles of every language name the page.
    await signInAsNewShopper(page);
    await page.goto('/account/settings');
    const language = page.getByRole('combobox', { name: 'Language', exact: true });
    await language.click();
    await language.fill('');
    await language.pressSequentially('neder');
    await page.getByRole('option', { name: /Nederlands/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Instellingen' })).toBeVisible();
    if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Accountmenu' }).getByRole('link', { name: 'Retourbeleid' }).click();
    await expect(page).toHaveURL(/\/account\/page\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Retourbeleid' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Kruimelpad' });
    await expect(breadcrumb.getByRole('listitem').last()).toHaveText('Retourbeleid');
  });

  test('§2 Custom content pages: every configured page is reachable at page/{its url}', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Emma');
    const { 'returns-policy': returns } = await configuredPages(page);
    if (!returns) throw new Error('the demo shop has no returns policy');
    // The configured URL is a path of several segments, e.g. /demo-shop/pages/returns-policy.
    await page.goto(`/account/page${returns.url}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Returns policy' })).toBeVisible();
    const frame = page.frameLocator('iframe[title="Returns policy"]');
    await expect(frame.getByRole('heading', { name: 'How to return' })).toBeVisible();
  });

  test.describe(() => {
    // Only to let a frame of another origin onto the page: the account area's policy keeps them out.
    test.use({ bypassCSP: true });
    test('messages from anywhere but the page’s own frame and origin change nothing', ANY_WIDTH, async ({ page }) => {
      await signInAs(page, 'Emma');
      const { 'size-guide': sizeGuide } = await configuredPages(page);
      if (!sizeGuide) throw new Error('the demo shop has no size guide');
      await page.goto(`/account/orders/page/${sizeGuide.pageId}`);
      const height = await expectSizedToContent(page, 'Size guide');
      const frame = page.getByTitle('Size guide', { exact: true });

      // The account page itself, and a frame of another origin (the identity provider stand-ins).
      await page.evaluate(() => window.postMessage({ type: 'frameChange', height: 4000 }, '*'));
      await page.evaluate((src) => {
        const foreign = document.createElement('iframe');
        foreign.src = src;
        foreign.title = 'foreign';
        document.body.append(foreign);
      }, `${STAND_INS_URL}/health`);
      const foreignFrame = () => page.frames().find((f) => f.url().startsWith(STAND_INS_URL));
      await expect.poll(() => foreignFrame()?.url()).toContain('/health');
      // Messages from one window arrive in the order sent: once the page has the foreign frame's
      // last one, it has handled the others (and its own, sent earlier).
      const listening = await page.evaluateHandle(() => ({
        last: new Promise<void>((resolve) => {
          window.addEventListener('message', (event) => {
            if (event.data === 'last') resolve();
          });
        }),
      }));
      await foreignFrame()?.evaluate(() => {
        window.parent.postMessage({ type: 'frameChange', height: 4000 }, '*');
        window.parent.postMessage('WaitForCustomLoadedEvent', '*');
        window.parent.postMessage('last', '*');
      });
      await listening.evaluate((listener) => listener.last);
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
      expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(height);
      await expect(frame).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading page' })).toHaveCount(0);
    });
  });
});
