/**
 * The foundation's calls of spec §7 — GET /shopuser/me, GET /setting, GET /translation,
 * GET /localize, POST /logout — on the real server and database: success, 401, 403, 400.
 */
import { Account, LocalizeData, SiteConfig, TranslationEntry } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { signIn } from './support/sign-in.js';
import { api, databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe(`§7 GET /shopuser/me (${databaseKind})`, () => {
  it('answers 401 with the one error body when nobody is signed in', async () => {
    const response = await new TestBrowser(server.app).request(api('/shopuser/me'));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 401, code: 'unauthenticated', message: expect.any(String) });
  });

  it('loads the signed-in shopper’s account in the §3 shape', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-emma');
    const response = await browser.request(api('/shopuser/me'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const account = Account.parse(response.json());
    expect(account).toMatchObject({
      firstName: 'Emma',
      lastName: 'de Vries',
      email: 'emma.devries@example.com',
      firstTimeLogin: false,
      isTelephoneVerified: true,
      defaultLanguage: 'en',
      defaultCurrency: { iSO4217: 'EUR', sign: '€' },
    });
    expect(account.id).toBeGreaterThan(0);
    expect(account.addressFields.length).toBeGreaterThan(0);
  });

  it('is a 401 again after the session is gone', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-sofia');
    browser.cookies.set('account_session', 'not-a-real-session');
    const response = await browser.request(api('/shopuser/me'));
    expect(response.statusCode).toBe(401);
  });
});

describe(`§7 GET /setting (${databaseKind})`, () => {
  it('serves the §3 site configuration to anyone, in the browser’s language', async () => {
    const response = await new TestBrowser(server.app).request({
      url: api('/setting'),
      headers: { 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' },
    });
    expect(response.statusCode).toBe(200);
    const config = SiteConfig.parse(response.json());
    expect(config.currentLanguage).toBe('de');
    expect(config.defaultLanguage).toBe('en');
    expect(config.companyName).toBe('Fjord & Pine');
    expect(config.singleSignOn).toBe('/sso/start');
    expect(config.enableFeatures).toEqual(
      expect.arrayContaining(['Achievements', 'AddressBook', 'MyVouchers', 'MyOrders', 'MyWishlist']),
    );
    expect(config.pages.length).toBeGreaterThanOrEqual(2);
  });

  it('uses the signed-in shopper’s own language over the browser’s', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-lukas');
    const response = await browser.request({ url: api('/setting'), headers: { 'accept-language': 'en' } });
    expect(SiteConfig.parse(response.json()).currentLanguage).toBe('de');
  });
});

describe(`§7 GET /translation (${databaseKind})`, () => {
  it('answers a list of {key, translate} in the requested language', async () => {
    const response = await new TestBrowser(server.app).request(api('/translation?language=nl'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe('nl');
    const entries = TranslationEntry.array().parse(response.json());
    expect(entries).toContainEqual({ key: 'ac_BackToShop', translate: 'Terug naar de winkel' });
  });

  it('lets the shop’s own texts override the shipped ones, key by key', async () => {
    await server.app.db.kysely
      .insertInto('translations')
      .values({ languageCode: 'nl', key: 'ac_BackToShop', value: 'Verder winkelen' })
      .execute();
    try {
      const entries = TranslationEntry.array().parse(
        (await new TestBrowser(server.app).request(api('/translation?language=nl'))).json(),
      );
      expect(entries.filter((e) => e.key === 'ac_BackToShop')).toEqual([
        { key: 'ac_BackToShop', translate: 'Verder winkelen' },
      ]);
      expect(entries).toContainEqual({ key: 'ac_Settings', translate: 'Instellingen' });
    } finally {
      await server.app.db.kysely.deleteFrom('translations').where('key', '=', 'ac_BackToShop').execute();
    }
  });

  it('falls back to the shop’s default language for one it does not offer', async () => {
    const response = await new TestBrowser(server.app).request(api('/translation?language=xx'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe('en');
  });

  it('answers 400 with field errors for a malformed query', async () => {
    const response = await new TestBrowser(server.app).request(api(`/translation?language=${'x'.repeat(40)}`));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { Language: 'ac_FieldInvalidMessage' },
    });
  });
});

describe(`§7 GET /localize (${databaseKind})`, () => {
  it('lists languages, currencies and countries from the database with the current choice', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-lukas');
    const data = LocalizeData.parse((await browser.request(api('/localize'))).json());
    expect(data.languages.map((l) => l.code)).toEqual(['en', 'nl', 'de']);
    expect(data.currencies.map((c) => c.currency.iSO4217)).toEqual(['EUR', 'USD', 'GBP', 'CHF']);
    expect(data.countries.length).toBeGreaterThanOrEqual(30);
    expect(data.setting).toMatchObject({ language: 'de', languageName: 'Deutsch', currency: 'CHF', country: 'CH' });
  });
});

describe(`§7 POST /logout (${databaseKind})`, () => {
  it('needs the X-XSRF-TOKEN header: 403 without it, and nothing is signed out', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-emma');
    const refused = await browser.request({ method: 'POST', url: api('/logout'), body: {}, withoutXsrf: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, code: 'xsrf_token_invalid' });
    expect((await browser.request(api('/shopuser/me'))).statusCode).toBe(200);
  });

  it('refuses a token that was not issued for this session', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-emma');
    const other = new TestBrowser(server.app);
    await other.open();
    const stolen = other.cookies.get('XSRF-TOKEN') ?? '';
    browser.cookies.set('XSRF-TOKEN', stolen);
    const refused = await browser.request({ method: 'POST', url: api('/logout'), body: {} });
    expect(refused.statusCode).toBe(403);
  });

  it('answers 400 with field errors for a malformed body', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-emma');
    const notJson = await browser.request({ method: 'POST', url: api('/logout'), body: '{"oops": ' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ status: 400, code: 'validation_failed' });
    const wrongShape = await browser.request({ method: 'POST', url: api('/logout'), body: [1, 2] });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json()).toMatchObject({ fields: { Body: 'ac_FieldInvalidMessage' } });
  });

  it('removes the server session: the old cookie no longer signs anyone in', async () => {
    const browser = new TestBrowser(server.app);
    await signIn(browser, 'demo-emma');
    const oldSession = browser.cookies.get('account_session') ?? '';
    const response = await browser.request({ method: 'POST', url: api('/logout'), body: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: null });
    expect(browser.cookies.has('account_session')).toBe(false);
    const replay = new TestBrowser(server.app);
    replay.cookies.set('account_session', oldSession);
    expect((await replay.request(api('/shopuser/me'))).statusCode).toBe(401);
  });

  it('works for an anonymous visitor too (nothing to end)', async () => {
    const browser = new TestBrowser(server.app);
    await browser.open();
    const response = await browser.request({ method: 'POST', url: api('/logout'), body: {} });
    expect(response.statusCode).toBe(200);
  });
});
