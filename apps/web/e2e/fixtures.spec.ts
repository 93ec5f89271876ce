/**
 * The kept page of fixtures.ts (issue 45): the next test gets the same page, and finds it as a new
 * browser context would be, signed out and with nothing the last test left behind.
 */
import { expect, type Page } from '@playwright/test';
import { ANY_WIDTH, signInAs, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

let previous: Page | null = null;
const heard: string[] = [];

test('a test signs in and leaves storage, a route and a listener behind', ANY_WIDTH, async ({ page }) => {
  await signInAs(page, 'Emma');
  await page.goto('/account/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Emma de Vries' })).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('left-behind', 'yes');
    sessionStorage.setItem('left-behind', 'yes');
  });
  await page.route('**/account/login', (route) => route.fulfill({ contentType: 'text/html', body: 'routed' }));
  page.on('request', (request) => heard.push(request.url()));
  previous = page;
});

test('the next test gets the same page, signed out and without them', ANY_WIDTH, async ({ page }) => {
  expect(page).toBe(previous);
  expect(await page.context().cookies()).toEqual([]);
  heard.length = 0;
  await page.goto('/account/');
  await expect(page).toHaveURL(/\/account\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('left-behind'), sessionStorage.getItem('left-behind')]),
  ).toEqual([null, null]);
  expect(heard).toEqual([]);
});
