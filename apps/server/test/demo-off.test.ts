/** Demo mode is switchable off (issue: production runs without the demo shop). */
import { SiteConfig } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ demo: false });
});
afterAll(async () => {
  await server?.close();
});

describe(`Without demo mode (${databaseKind})`, () => {
  it('leaves the database empty and serves the defaults of an unconfigured shop', async () => {
    const shoppers = await server.app.db.kysely.selectFrom('shoppers').select('id').execute();
    expect(shoppers).toEqual([]);
    const config = SiteConfig.parse((await new TestBrowser(server.app).request('/account/api/v1/setting')).json());
    expect(config).toMatchObject({ companyName: 'Shop', singleSignOn: null, enableFeatures: [], pages: [] });
  });

  it('mounts neither the demo identity provider, nor the demo shop, nor a single sign-on start', async () => {
    const browser = new TestBrowser(server.app);
    for (const url of [
      '/demo-idp/.well-known/openid-configuration',
      '/demo-shop/logo.svg',
      '/',
      '/terms',
      '/sso/start',
    ]) {
      expect((await browser.request(url)).statusCode, url).toBe(404);
    }
  });

  it('answers a translation request with the texts the product ships, without any shop data', async () => {
    const response = await new TestBrowser(server.app).request('/account/api/v1/translation');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ key: 'ac_BackToShop', translate: 'Back to shop' });
  });
});
