/**
 * Shared steps for the e2e specs: the `test` they run with, signing in as a demo shopper and
 * scanning with axe.
 *
 * A spec signs in with `signInAs` (or `signInAsNewShopper`), then opens the screen it tests with
 * `page.goto`. Those sign in over HTTP with the browser context's own request client, through
 * the real single sign-on of the real server and its demo identity provider, so the page shares
 * the session; only the pages a test is about are loaded. The click-through
 * `signInThroughLoginPage` is for the specs of the login, identity provider and first-login
 * screens themselves.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { test as base, expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** The page's events a test may listen to ('close' and 'crash' are Playwright's own). */
const TEST_EVENTS = [
  'console',
  'dialog',
  'domcontentloaded',
  'download',
  'filechooser',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
];

/** The pages kept open from test to test, one per set of browser options, in each worker. */
const kept = new Map<string, Page>();

/**
 * Playwright's `test`, whose `page` stays open for the worker's next test with the same browser
 * options instead of a new browser context for each. A new context starts a new renderer process
 * and loads the app cold: about 0.35 CPU-seconds, a fifth of the suite (issue 45). Between tests
 * the page is left on a plain document of the server, its cookies, storage, permissions, routes,
 * listeners and emulated media cleared: the next test starts signed out, as in a new context. A
 * test that failed gets no reuse (its page may be anywhere); `test.use({ ownContext: true })`
 * gives a test a context of its own, for what lasts in a context (a fake clock, an init script) or
 * a check of what a browser loads with an empty cache.
 */
export const test = base.extend<{ ownContext: boolean }>({
  ownContext: [false, { option: true }],
  // Playwright learns which fixtures a fixture uses from its destructured parameter, so the
  // options the configuration and the specs set are named there, then handed to the new context.
  context: async (
    {
      browser,
      ownContext,
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      userAgent,
      locale,
      bypassCSP,
      extraHTTPHeaders,
    },
    use,
    testInfo,
  ) => {
    const options = {
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      userAgent,
      locale,
      bypassCSP,
      extraHTTPHeaders,
    };
    if (ownContext) {
      const context = await browser.newContext(options);
      await use(context);
      await context.close();
      return;
    }
    const key = JSON.stringify(options);
    let page = kept.get(key);
    kept.delete(key);
    if (!page || page.isClosed()) page = await (await browser.newContext(options)).newPage();
    await use(page.context());
    if (testInfo.status === testInfo.expectedStatus && (await readyForNextTest(page, baseURL))) kept.set(key, page);
    else await page.context().close();
  },
  page: async ({ context }, use) => {
    await use(context.pages()[0] ?? (await context.newPage()));
  },
});

/**
 * Leaves `page` as a new context's would be for the next test; false when it could not. The page
 * stays on the server's origin: a page opened elsewhere (about:blank too) is a new renderer process.
 */
async function readyForNextTest(page: Page, baseURL: string | undefined): Promise<boolean> {
  try {
    for (const event of TEST_EVENTS) page.removeAllListeners(event);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null });
    // A quiet document of the server: the app stops, its storage is reachable to clear.
    await page.goto(new URL('/account/api/health', baseURL).href);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.context().clearCookies();
    await page.context().clearPermissions();
    return page.context().pages().length === 1;
  } catch {
    return false;
  }
}

export type Persona = 'Emma' | 'Sofia' | 'Lukas' | 'Noah' | 'lotte.meijer@example.com' | 'A new shopper';
/**
 * A demo persona, or any email address through the demo identity provider's 'Sign in with this
 * email address' (the same address is the same account in every browser context).
 */
export type Shopper = Persona | { email: string };

/** Each persona's choice on the demo identity provider's page (apps/server/src/demo/personas.ts). */
const SUBJECTS: Record<Persona, string> = {
  Emma: 'demo-emma',
  Sofia: 'demo-sofia',
  Lukas: 'demo-lukas',
  Noah: 'demo-noah',
  'lotte.meijer@example.com': 'demo-lotte',
  'A new shopper': 'new',
};

const API = '/account/api/v1';

/**
 * Signs in through the login page's company single sign-on button and the demo identity
 * provider's page, as a shopper does; lands where the server sends the shopper.
 */
export async function signInThroughLoginPage(page: Page, persona: Persona): Promise<void> {
  await page.goto('/account/login');
  await page.getByRole('button', { name: 'Sign in with Fjord & Pine', exact: true }).click();
  await page.waitForURL(/\/demo-idp\/authorize/);
  await page.getByRole('button', { name: new RegExp(`^${persona.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
}

/**
 * Signs the page's browser context in as `shopper` over HTTP: the server's single sign-on start,
 * the demo identity provider's choice, and the callback where the server exchanges the code and
 * starts the session. On the server of the context's baseURL; loads no page: open the screen
 * under test next.
 */
export async function signInAs(page: Page, shopper: Shopper): Promise<void> {
  const http = page.request;
  const start = await http.get('/sso/start');
  expect(start.status(), await start.text()).toBe(200);
  const authorize = new URL(await start.text());
  const choice = typeof shopper === 'string' ? { subject: SUBJECTS[shopper] } : { subject: 'email', ...shopper };
  const chosen = await http.post(authorize.pathname, {
    form: { ...Object.fromEntries(authorize.searchParams), ...choice },
    maxRedirects: 0,
  });
  expect(chosen.status(), await chosen.text()).toBe(303);
  const callback = new URL(chosen.headers().location ?? '');
  const landed = await http.get(`${callback.pathname}${callback.search}`, { maxRedirects: 0 });
  expect(landed.status(), await landed.text()).toBe(303);
  // Anywhere but back at the login page, which is where a refused sign-in goes.
  expect(landed.headers().location).toMatch(/^\/account\/(?!login)/);
}

/** The readable XSRF cookie, sent back in the X-XSRF-TOKEN header on every non-GET call (spec §7). */
export async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(cookie, 'the XSRF-TOKEN cookie').toBeDefined();
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') };
}

/** A call of the account API with the page's session, checked to succeed; answers its JSON. */
export async function callApi<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`${API}${path}`, {
    method,
    ...(method === 'GET' ? {} : { headers: await xsrfHeader(page) }),
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  // why: the caller names the answer's shape; a wrong one fails its own assertions.
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/**
 * A brand-new shopper who has finished onboarding: a clean account each test can change freely
 * (or the account of an email address not seen before, when one is given). Signed in over HTTP,
 * onboarding completed with the same call the first-login page makes (its defaults: Mr, the
 * provider's email, no newsletters). Loads no page.
 */
export async function signInAsNewShopper(
  page: Page,
  { first = 'Test', last = 'Shopper', email }: { first?: string; last?: string; email?: string } = {},
): Promise<void> {
  await signInAs(page, email ? { email } : 'A new shopper');
  const account = await callApi<{ email: string; firstTimeLogin: boolean }>(page, 'GET', '/shopuser/me');
  expect(account.firstTimeLogin, 'a new account, starting with onboarding').toBe(true);
  await callApi(page, 'POST', '/setting/firstTimeSetting', {
    settings: { gender: 1, firstName: first, lastName: last, email: account.email },
  });
}

/**
 * axe-core's own script, the copy @axe-core/playwright runs. Run directly, it is injected once per
 * document (a second scan of a page reuses it) and only violations are gathered: a third of the
 * time of AxeBuilder, which injects it twice and finishes in a new page.
 */
const axeSource = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/** Expects zero axe violations (WCAG 2.x A/AA) on the current page, its frames included. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A screen fades in after a navigation in the app (Shell.module.css): its colours are judged
  // once it is fully shown, not half-way (axe read the fading text as too faint).
  // A spinner turns for ever, and an animation cancelled meanwhile has nothing left to show.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Every frame needs axe: the page's axe.run asks each frame for its part.
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => !('axe' in window))) await frame.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (options) => {
    // axe-core's script defines window.axe, which the DOM types do not know.
    const axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } = Reflect.get(window, 'axe');
    const results = await axe.run(document, options);
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, AXE_OPTIONS);
  expect(violations).toEqual([]);
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 920;

/**
 * For a test of behaviour that is the same at every width (a rule of the server, a protocol's round
 * trip, a form's checks): the desktop project runs it and the 375 px project leaves it out, which
 * halves its cost. Each screen's layout, its narrow-screen controls and its axe scan still run at
 * both widths, in the tests without it.
 */
export const ANY_WIDTH = { tag: '@desktop' };

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

/** A request the shop's webhook endpoint received. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The shop's webhook endpoint: a local HTTP server that keeps every request and answers 204. */
export async function startWebhookReceiver(): Promise<{
  received: ReceivedWebhook[];
  url: string;
  close(): Promise<void>;
}> {
  const received: ReceivedWebhook[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}/hooks`,
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  };
}
