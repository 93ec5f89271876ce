/** What shoppers tripped over (issue 44): layout rules that regress quietly, at 1280 and 375 px. */
import { expect, type Locator, type Page } from '@playwright/test';
import { ANY_WIDTH, callApi, expectNoAxeViolations, signInAs, signInAsNewShopper, test } from './fixtures';

/** Lines an element's text takes: its height over its line height. */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
    return Math.round(element.getBoundingClientRect().height / lineHeight);
  });

const overlaps = async (a: Locator, b: Locator) => {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error('both elements must be shown');
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
};

/** The shopper's newest order (with the status, when given; another spec deletes some of them). */
async function firstOrder(page: Page, status?: number) {
  for (let pageNumber = 1; ; pageNumber += 1) {
    const { data } = await callApi<{ data: { id: number; orderId: string; status: number }[] }>(
      page,
      'GET',
      `/order?page=${pageNumber}`,
    );
    if (data.length === 0) throw new Error(`no demo order${status === undefined ? '' : ` with status ${status}`}`);
    const order = data.find((o) => status === undefined || o.status === status);
    if (order) return order;
  }
}

test.describe('numbers and codes never break', () => {
  test('the order number is on one line in the order’s title and card title', async ({ page }) => {
    await signInAs(page, 'Emma');
    const order = await firstOrder(page);
    await page.goto('/account/orders');
    const cardNumber = page.getByRole('heading', { level: 2, name: `Order ${order.orderId}` }).getByText(order.orderId);
    expect(await linesOf(cardNumber)).toBe(1);
    await page.goto(`/account/orders/${order.id}`);
    const titleNumber = page.getByRole('heading', { level: 1 }).getByText(order.orderId);
    await expect(titleNumber).toBeVisible();
    expect(await linesOf(titleNumber)).toBe(1);
  });

  test('a card’s actions stay beside its title while both fit', async ({ page }) => {
    await signInAs(page, 'Emma');
    await page.goto('/account/wishlist');
    const title = page.getByRole('heading', { level: 2, name: 'My wishlist' });
    const clear = page.getByRole('button', { name: 'Clear list' });
    const [titleBox, clearBox] = [await title.boundingBox(), await clear.boundingBox()];
    if (!titleBox || !clearBox) throw new Error('title and Clear list must be shown');
    // On the title's line: 'Clear list' starts above the title's bottom edge.
    expect(clearBox.y).toBeLessThan(titleBox.y + titleBox.height);
  });
});

test.describe('pickers', () => {
  test('typing in a picker searches from an empty query, not after the current value', ANY_WIDTH, async ({ page }) => {
    await signInAsNewShopper(page);
    await page.goto('/account/settings');
    const language = page.getByRole('combobox', { name: 'Language', exact: true });
    await expect(language).toHaveValue('English');
    await language.click();
    await language.pressSequentially('ned');
    await expect(language).toHaveValue('ned');
    await expect(page.getByRole('option', { name: /Nederlands/ })).toBeVisible();
  });
});

test.describe('the success message', () => {
  test('covers neither the TEST MODE badge nor the way back to the shop', async ({ page }) => {
    await signInAsNewShopper(page);
    await page.goto('/account/settings');
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    await country.click();
    await country.pressSequentially('belg');
    await expect(page.getByRole('option', { name: /Belgium/ })).toBeVisible();
    // By keyboard: on a phone the list's position moves while the page scrolls to it.
    await country.press('ArrowDown');
    await country.press('Enter');
    const shown = page.getByRole('status').locator('div').filter({ hasText: 'Your settings have been saved' });
    await expect(shown).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await overlaps(shown, page.getByRole('note').filter({ hasText: 'TEST MODE' }))).toBe(false);
    expect(await overlaps(shown, page.getByRole('banner'))).toBe(false);
  });
});

test.describe('a destructive confirmation', () => {
  test('stands apart from the order’s primary action', async ({ page }) => {
    await signInAs(page, 'Emma');
    const order = await firstOrder(page, 10);
    await page.goto(`/account/orders/${order.id}`);
    await page.getByRole('button', { name: 'Delete order' }).click();
    const question = page.getByRole('group', { name: 'Are you sure?' });
    const finish = page.getByRole('link', { name: /Finish order/ });
    const [questionBox, finishBox] = [await question.boundingBox(), await finish.boundingBox()];
    if (!questionBox || !finishBox) throw new Error('the question and Finish order must be shown');
    // Not on the same row: the primary action starts below the question.
    expect(finishBox.y).toBeGreaterThanOrEqual(questionBox.y + questionBox.height);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'No' }).click();
  });
});

test.describe('side menu', () => {
  // Under 920 px the menu is a full-width toggle: the desktop project runs this alone.
  test('its labels keep to one line in Dutch and German @desktop', async ({ page }) => {
    for (const [persona, label] of [
      ['Sofia', 'Mijn waardebonnen'],
      ['Lukas', 'Meine Bestellungen'],
    ] as const) {
      await page.context().clearCookies();
      await signInAs(page, persona);
      await page.goto('/account/orders');
      const nav = page.getByRole('navigation').first();
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
      for (const link of await nav.getByRole('link').all()) {
        if (!(await link.isVisible())) continue;
        // One line of text fits the link's minimum height (44 px); a second one makes it taller.
        expect((await link.boundingBox())?.height, await link.innerText()).toBeLessThanOrEqual(44.5);
      }
    }
  });

  test('on /edit-profile the account overview is the current entry', ANY_WIDTH, async ({ page }) => {
    await signInAs(page, 'Emma');
    await page.goto('/account/edit-profile');
    await expect(page.getByRole('link', { name: 'Account overview' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('address book and form', () => {
  test('the address text keeps its lines whole; the optional addition’s label is one line', async ({ page }) => {
    await signInAs(page, 'Sofia');
    await page.goto('/account/addresses');
    const email = page.getByText('sofia.jansen@example.com');
    await expect(email).toBeVisible();
    expect(await linesOf(email)).toBe(1);
    await page.goto('/account/addresses/add');
    const addition = page.locator('label', { hasText: 'Toevoeging' });
    await expect(addition).toBeVisible();
    expect(await linesOf(addition)).toBe(1);
    await expect(page.getByRole('textbox', { name: 'Toevoeging' })).toHaveAccessibleDescription('(optioneel)');
  });
});

test.describe('empty states', () => {
  for (const [path, title] of [
    ['/account/wishlist', 'Your wishlist is empty'],
    ['/account/orders', 'No orders yet'],
    ['/account/addresses', 'No addresses yet'],
    ['/account/vouchers', 'No vouchers yet'],
  ] as const) {
    test(`${path} says so and leads back to the shop`, async ({ page }) => {
      await signInAs(page, 'Noah');
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      const shop = page.getByRole('link', { name: 'Continue shopping' });
      const back = await page.getByRole('link', { name: /Back to shop/ }).getAttribute('href');
      await expect(shop).toHaveAttribute('href', back ?? '');
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('no screen scrolls sideways', () => {
  const SCREENS = [
    '/account/',
    '/account/edit-profile',
    '/account/addresses',
    '/account/orders',
    '/account/vouchers',
    '/account/wishlist',
    '/account/achievements',
    '/account/settings',
    '/account/security',
  ];
  for (const persona of ['Emma', 'Sofia', 'Lukas'] as const) {
    test(`${persona}'s screens fit the window in their language @mobile`, async ({ page }) => {
      await signInAs(page, persona);
      for (const screen of SCREENS) {
        // Every answer in, so the cards have their content (the address book's longest actions).
        await page.goto(screen, { waitUntil: 'networkidle' });
        await expect(page.locator('[data-page-title]')).toBeVisible();
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(sideways, `${screen} is wider than the window by ${sideways} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
