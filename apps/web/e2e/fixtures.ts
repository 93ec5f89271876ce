/** Shared steps for the e2e specs: signing in as a demo shopper and scanning with axe. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type Persona = 'Emma' | 'Sofia' | 'Lukas' | 'Noah' | 'lotte.meijer@example.com' | 'A new shopper';

/** Signs in through the company single sign-on and the demo identity provider. */
export async function signIn(page: Page, persona: Persona): Promise<void> {
  await page.goto('/account/login');
  await page.getByRole('button', { name: 'Sign in with Fjord & Pine', exact: true }).click();
  await page.waitForURL(/\/demo-idp\/authorize/);
  await page.getByRole('button', { name: new RegExp(`^${persona.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
}

/** Expects zero axe violations (WCAG 2.x A/AA) on the current page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 920;

/** A brand-new shopper who has finished onboarding: a clean account each test can change freely. */
export async function signInAsNewShopper(page: Page, name = { first: 'Test', last: 'Shopper' }): Promise<void> {
  await signIn(page, 'A new shopper');
  await page.waitForURL(/\/account\/first-login$/);
  await page.getByRole('textbox', { name: 'First name' }).fill(name.first);
  await page.getByRole('textbox', { name: 'Last name' }).fill(name.last);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.waitForURL(/\/account\/?$/);
}

/** Fills the address form with a valid private address in the Netherlands. */
export async function fillPrivateAddress(page: Page, city = 'Utrecht') {
  await page.getByRole('textbox', { name: 'First name' }).fill('Tess');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Visser');
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('tess@example.com');
  await page.getByRole('textbox', { name: 'Confirm email address' }).fill('tess@example.com');
  await page.getByRole('textbox', { name: 'Phone number (+31)', exact: true }).fill('0612345678');
  await page.getByRole('textbox', { name: 'Confirm phone number (+31)' }).fill('0612345678');
  await page.getByRole('textbox', { name: 'Street' }).fill('Oudegracht');
  await page.getByRole('textbox', { name: 'House number' }).fill('12');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('3511 AB');
  await page.getByRole('textbox', { name: 'City' }).fill(city);
}
