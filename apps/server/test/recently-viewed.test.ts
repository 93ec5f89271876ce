/**
 * §7 DELETE /shopUser/removeLastViewProduct/{productId}: §2 Overview's recently viewed card with
 * removal of a product, on the real server and database. Only the shopper's own list changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { accountOf, signIn } from './support/sign-in.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const remove = (browser: TestBrowser, productId: number | string, withoutXsrf = false) =>
  browser.request({ method: 'DELETE', url: api(`/shopUser/removeLastViewProduct/${productId}`), withoutXsrf });

async function signedIn(subject: string): Promise<TestBrowser> {
  const browser = new TestBrowser(server.app);
  await signIn(browser, subject);
  return browser;
}

const viewedIds = async (browser: TestBrowser) => (await accountOf(browser)).lastViewProducts.map((p) => p.productId);

describe(`§7 DELETE /shopUser/removeLastViewProduct/{productId} (${databaseKind})`, () => {
  it('§2 Overview: removes the product from the recently viewed list and answers 204 with no body', async () => {
    const emma = await signedIn('demo-emma');
    const before = await viewedIds(emma);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [, second, ...rest] = before;
    const response = await remove(emma, String(second));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await viewedIds(emma)).toEqual([before[0], ...rest]);
  });

  it('removing it again, or a product never viewed, is still 204 and changes nothing', async () => {
    const emma = await signedIn('demo-emma');
    const [first] = await viewedIds(emma);
    expect((await remove(emma, Number(first))).statusCode).toBe(204);
    const after = await viewedIds(emma);
    expect((await remove(emma, Number(first))).statusCode).toBe(204);
    expect((await remove(emma, 2_147_483_647)).statusCode).toBe(204);
    expect(await viewedIds(emma)).toEqual(after);
  });

  it("a product on another shopper's list stays there: 204 and nothing changes for them", async () => {
    const lukas = await signedIn('demo-lukas');
    const emma = await signedIn('demo-emma');
    const lukasBefore = await viewedIds(lukas);
    const emmaBefore = await viewedIds(emma);
    expect(lukasBefore.length).toBeGreaterThan(0);
    for (const productId of lukasBefore) {
      expect((await remove(emma, productId)).statusCode).toBe(204);
    }
    expect(await viewedIds(lukas)).toEqual(lukasBefore);
    expect(await viewedIds(emma)).toEqual(emmaBefore.filter((id) => !lukasBefore.includes(id)));
  });

  it('the same product viewed by two shoppers is removed from the caller’s list only', async () => {
    const emma = await signedIn('demo-emma');
    const sofia = await signedIn('demo-sofia');
    const [shared] = await viewedIds(emma);
    expect(shared).toBeDefined();
    const sofiaId = (await accountOf(sofia)).id;
    await server.app.db.kysely
      .insertInto('recentlyViewed')
      .values({ shopperId: sofiaId, productId: Number(shared), viewedAt: new Date().toISOString() })
      .execute();
    expect(await viewedIds(sofia)).toContain(shared);

    expect((await remove(emma, Number(shared))).statusCode).toBe(204);
    expect(await viewedIds(emma)).not.toContain(shared);
    expect(await viewedIds(sofia)).toContain(shared);
  });

  it.each([
    ['letters', 'abc'],
    ['zero', '0'],
    ['a negative id', '-1'],
    ['a decimal', '1.5'],
    ['hex', '0x10'],
    ['an id over 2^31-1', '2147483648'],
  ])('answers 400 for %s (%s) with ac_FieldInvalidMessage on ProductId', async (_name, productId) => {
    const emma = await signedIn('demo-emma');
    const before = await viewedIds(emma);
    const response = await remove(emma, productId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      code: 'validation_failed',
      message: expect.any(String),
      fields: { ProductId: 'ac_FieldInvalidMessage' },
    });
    expect(await viewedIds(emma)).toEqual(before);
  });

  it('answers 401 when nobody is signed in', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    const response = await remove(browser, 1);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('answers 403 without the X-XSRF-TOKEN header, and removes nothing', async () => {
    const emma = await signedIn('demo-emma');
    const before = await viewedIds(emma);
    const [first] = before;
    const response = await remove(emma, Number(first), true);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, code: 'xsrf_token_invalid' });
    expect(await viewedIds(emma)).toEqual(before);
  });
});
