/**
 * The settings calls on the server (spec §2 Settings, §4 Interests and newsletters, §7 PATCH
 * /localize, PATCH /setting/interests, PATCH /setting/newsletters): what is saved, what is refused.
 */
import { Account, LocalizeData, Preferences } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { NO_PUBLIC_PROVIDERS } from '../src/modules/settings/service.js';
import { buildDatabaseServices } from '../src/services.js';
import { TestBrowser } from './support/browser.js';
import { signedIn, signIn } from './support/sign-in.js';
import { api, databaseKind, freshDatabase, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const account = async (browser: TestBrowser) => Account.parse((await browser.request(api('/shopuser/me'))).json());
const localize = async (browser: TestBrowser) => LocalizeData.parse((await browser.request(api('/localize'))).json());
const patch = (browser: TestBrowser, path: string, body: unknown, withoutXsrf = false) =>
  browser.request({ method: 'PATCH', url: api(path), body, withoutXsrf });

describe(`§7 PATCH /localize (${databaseKind})`, () => {
  it('§2 Settings: saves country, language and currency; the account and later loads follow', async () => {
    const browser = await signedIn(server, 'new');
    const response = await patch(browser, '/localize', { Country: 'BE', Language: 'nl', Currency: 'CHF' });
    expect(response.statusCode, response.body).toBe(200);
    expect(LocalizeData.parse(response.json()).setting).toEqual({
      country: 'BE',
      countryName: 'Belgium',
      language: 'nl',
      languageName: 'Nederlands',
      currency: 'CHF',
      currencyName: 'Swiss Franc',
    });
    expect((await localize(browser)).setting).toMatchObject({ country: 'BE', language: 'nl', currency: 'CHF' });
    expect(await account(browser)).toMatchObject({
      defaultCountry: 'BE',
      defaultLanguage: 'nl',
      defaultCurrency: { iSO4217: 'CHF' },
    });
    // The site configuration and the texts now come in the shopper's language.
    const config = await browser.request(api('/setting'));
    expect(config.json()).toMatchObject({ currentLanguage: 'nl' });
    const texts = await browser.request(api('/translation'));
    expect(texts.headers['content-language']).toBe('nl');
  });

  it('§2 Settings: the wishlist and recently viewed products follow the chosen currency', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-emma');
    const before = await account(browser);
    expect(before.wishProducts.length).toBeGreaterThan(0);
    expect(new Set(before.wishProducts.map((p) => p.price.currency))).toEqual(new Set(['EUR']));
    expect((await patch(browser, '/localize', { Currency: 'CHF' })).statusCode).toBe(200);
    const after = await account(browser);
    for (const products of [after.wishProducts, after.lastViewProducts]) {
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) expect(product.price.currency).toBe('CHF');
    }
    // Orders keep the currency they were paid in.
    expect(after.lastOrder?.totalPrice.currency).toBe(before.lastOrder?.totalPrice.currency);
    expect((await patch(browser, '/localize', { Currency: 'EUR' })).statusCode).toBe(200);
    expect((await account(browser)).wishProducts).toEqual(before.wishProducts);
  });

  it('changes only what is sent, matching codes case-insensitively', async () => {
    const browser = await signedIn(server, 'new');
    const before = (await localize(browser)).setting;
    const response = await patch(browser, '/localize', { currency: 'usd' });
    expect(response.statusCode, response.body).toBe(200);
    expect(LocalizeData.parse(response.json()).setting).toMatchObject({
      country: before.country,
      language: before.language,
      currency: 'USD',
    });
  });

  it('refuses codes the shop does not offer with a 400 naming each, and saves nothing', async () => {
    const browser = await signedIn(server, 'new');
    const before = (await localize(browser)).setting;
    const response = await patch(browser, '/localize', { Country: 'XX', Language: 'fr', Currency: 'EUR' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      code: 'validation_failed',
      message: expect.any(String),
      fields: { Country: 'ac_FieldInvalidMessage', Language: 'ac_FieldInvalidMessage' },
    });
    expect((await localize(browser)).setting).toEqual(before);
  });

  it('answers 400 for malformed bodies, 401 signed out, 403 without the XSRF token', async () => {
    const browser = await signedIn(server, 'new');
    for (const body of [{ Country: '' }, { Language: 3 }, { Currency: 'x'.repeat(40) }, [1], 'nl']) {
      const response = await patch(browser, '/localize', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const refused = await patch(browser, '/localize', { Language: 'de' }, true);
    expect(refused.statusCode).toBe(403);
    expect((await localize(browser)).setting.language).not.toBe('de');

    const anonymous = new TestBrowser(server.app);
    await anonymous.open();
    expect((await patch(anonymous, '/localize', { Language: 'de' })).statusCode).toBe(401);
  });
});

describe(`§7 PATCH /setting/interests and /setting/newsletters (${databaseKind})`, () => {
  it('§4 Interests and newsletters: replaces the selection; preferences and the account show it', async () => {
    const browser = await signedIn(server, 'new');
    const interests = await patch(browser, '/setting/interests', { InterestIds: [3, 1] });
    expect(interests.statusCode, interests.body).toBe(200);
    const newsletters = await patch(browser, '/setting/newsletters', { NewsletterIds: [2] });
    expect(newsletters.statusCode, newsletters.body).toBe(200);

    const preferences = Preferences.parse((await browser.request(api('/setting/preferences'))).json());
    expect(preferences.interests.filter((i) => i.selected).map((i) => i.id)).toEqual([1, 3]);
    expect(preferences.newsletters.filter((n) => n.selected).map((n) => n.id)).toEqual([2]);
    expect(await account(browser)).toMatchObject({ interestIds: [1, 3], newsletterIds: [2] });

    expect((await patch(browser, '/setting/interests', { InterestIds: [] })).statusCode).toBe(200);
    expect((await account(browser)).interestIds).toEqual([]);
  });

  it('ids that do not exist are a 400 and change nothing', async () => {
    const browser = await signedIn(server, 'new');
    await patch(browser, '/setting/interests', { InterestIds: [2] });
    const interests = await patch(browser, '/setting/interests', { InterestIds: [1, 9999] });
    expect(interests.statusCode).toBe(400);
    expect(interests.json()).toMatchObject({ fields: { InterestIds: 'ac_FieldInvalidMessage' } });
    const newsletters = await patch(browser, '/setting/newsletters', { NewsletterIds: [9999] });
    expect(newsletters.statusCode).toBe(400);
    expect(newsletters.json()).toMatchObject({ fields: { NewsletterIds: 'ac_FieldInvalidMessage' } });
    for (const body of [{ InterestIds: ['a'] }, { InterestIds: [0] }, { InterestIds: 1 }, {}]) {
      expect((await patch(browser, '/setting/interests', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await account(browser)).interestIds).toEqual([2]);
  });

  it('§4 Interests and newsletters: saves sent at the same moment (two tabs) each succeed, one after the other', async () => {
    const browser = await signedIn(server, 'new');
    const interests = [
      [1, 2],
      [2, 3],
      [3, 4],
      [1, 4],
      [2, 5],
      [1, 3, 5],
    ];
    const newsletters = [[1, 2], [2, 3], [1], [3], [1, 3], [2]];
    const answers = await Promise.all([
      ...interests.map((ids) => patch(browser, '/setting/interests', { InterestIds: ids })),
      ...newsletters.map((ids) => patch(browser, '/setting/newsletters', { NewsletterIds: ids })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    // One whole selection is kept, never a mix of two.
    const kept = await account(browser);
    expect(interests).toContainEqual(kept.interestIds);
    expect(newsletters).toContainEqual(kept.newsletterIds);
  });

  it('needs sign-in and the XSRF token', async () => {
    const browser = await signedIn(server, 'new');
    expect((await patch(browser, '/setting/newsletters', { NewsletterIds: [1] }, true)).statusCode).toBe(403);
    expect((await account(browser)).newsletterIds).toEqual([]);
    const anonymous = new TestBrowser(server.app);
    await anonymous.open();
    expect((await patch(anonymous, '/setting/interests', { InterestIds: [1] })).statusCode).toBe(401);
  });
});

describe(`the settings' cache (${databaseKind})`, () => {
  it('once out of date, answers the settings it has at once and reads them again in the background (a read inside a transaction never waits on the connection it holds)', async () => {
    const database = await freshDatabase();
    const db = openDatabase({ databaseUrl: database.env.DATABASE_URL, dataDir: database.env.DATA_DIR ?? '' });
    const later = vi.spyOn(Date, 'now');
    try {
      await migrateToLatest(db);
      const { settings, repositories } = buildDatabaseServices(db, NO_PUBLIC_PROVIDERS);
      const before = (await settings.stored()).companyName;
      await repositories.settings.putSetting('companyName', 'Renamed Outdoor');
      const start = Date.now();
      later.mockImplementation(() => start + 6_000);
      // On SQLite the transaction holds the one connection: a read that waited on it would never end.
      const inside = await db.kysely.transaction().execute(async (trx) => {
        await trx.selectFrom('siteSettings').select('key').limit(1).execute();
        const read = settings.stored().then((stored) => stored.companyName);
        const stuck = new Promise((resolve) => setTimeout(resolve, 3_000, 'stuck'));
        return Promise.race([read, stuck]);
      });
      expect(inside).toBe(before);
      await vi.waitFor(async () => expect((await settings.stored()).companyName).toBe('Renamed Outdoor'));
    } finally {
      later.mockRestore();
      await db.close();
      await database.drop();
    }
  });
});
