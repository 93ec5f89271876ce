/**
 * Serving the web app under /account (spec §2 Shell: the configuration is read from a page
 * element, not fetched), JSON 404s under /account/api, health and security headers.
 */
import { SiteConfig } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { databaseKind, startServer, type TestServer } from './support/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

function embeddedConfig(html: string): SiteConfig {
  const match = /<script type="application\/json" id="site-config">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no embedded configuration');
  return SiteConfig.parse(JSON.parse(match[1]));
}

describe(`§2 Shell: the app and its configuration (${databaseKind})`, () => {
  it('serves index.html at /account with the site configuration embedded in a page element', async () => {
    const response = await new TestBrowser(server.app).request('/account');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    const config = embeddedConfig(response.body);
    expect(config.companyName).toBe('Fjord & Pine');
  });

  it('serves index.html for every client route, in the visitor’s language', async () => {
    for (const route of ['/account/', '/account/orders/12', '/account/not/a/page', '/account/login']) {
      const response = await new TestBrowser(server.app).request({ url: route, headers: { 'accept-language': 'nl' } });
      expect(response.statusCode, route).toBe(200);
      expect(response.body).toContain('<html lang="nl"');
      expect(embeddedConfig(response.body).currentLanguage).toBe('nl');
    }
  });

  it('escapes the embedded JSON so page content cannot close the script element', async () => {
    const { scriptJson } = await import('../src/http/spa.js');
    const json = scriptJson({ name: '</script><script>alert(1)</script>&\u2028' });
    expect(json).not.toContain('</script>');
    expect(json).not.toContain('&');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>&\u2028' });
  });

  it('serves fingerprinted assets as immutable and other files with a short cache', async () => {
    const asset = await new TestBrowser(server.app).request('/account/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await new TestBrowser(server.app).request('/account/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toContain('immutable');
  });

  it('keeps the build’s tool files to itself: no source maps, no manifest', async () => {
    for (const url of ['/account/assets/app-abc123.js.map', '/account/.vite/manifest.json']) {
      const response = await new TestBrowser(server.app).request(url);
      expect(response.body, url).not.toContain('"version":3');
      expect(response.headers['content-type'], url).toContain('text/html');
    }
  });

  it('answers unknown API paths with the JSON error body, not the app', async () => {
    for (const [method, url] of [
      ['GET', '/account/api/v1/nope'],
      ['POST', '/account/api/v2/shopuser/me'],
      ['DELETE', '/account/api/whatever'],
    ] as const) {
      const browser = new TestBrowser(server.app);
      await browser.open();
      const response = await browser.request({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('tells whether the service and its database are up', async () => {
    const response = await new TestBrowser(server.app).request('/account/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: databaseKind });
  });
});

describe(`DESIGN §6 Security headers (${databaseKind})`, () => {
  it('sends a content security policy, frame-ancestors, nosniff and a referrer policy', async () => {
    const response = await new TestBrowser(server.app).request('/account');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('§2 Custom content pages: frames the origin of a page the shop hosts elsewhere, and no other', async () => {
    await server.app.db.kysely
      .insertInto('customPages')
      .values({
        name: 'brand-story',
        title: 'Our story',
        url: 'https://pages.example.com/story?x=1',
        layout: 'card',
        iconUrl: null,
        section: 0,
        viewOrder: 9,
      })
      .execute();
    const frameSrc = async () => {
      const csp = String((await new TestBrowser(server.app).request('/account')).headers['content-security-policy']);
      return /frame-src ([^;]*)/.exec(csp)?.[1]?.trim();
    };
    // The configuration is cached for a few seconds; the policy follows once it is read again.
    await expect.poll(frameSrc, { timeout: 10_000, interval: 500 }).toBe("'self' https://pages.example.com");
  });

  it('hands index.html a per-response style nonce, matching its content security policy', async () => {
    const first = await new TestBrowser(server.app).request('/account/orders');
    const second = await new TestBrowser(server.app).request('/account/orders');
    const nonceOf = (html: string) => /<meta property="csp-nonce" content="([0-9a-f]{32})">/.exec(html)?.[1];
    const nonce = nonceOf(first.body);
    expect(nonce).toBeDefined();
    expect(String(first.headers['content-security-policy'])).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(nonceOf(second.body)).not.toBe(nonce);
  });

  it('gives every response a request id, and keeps a sane one the client sent', async () => {
    const browser = new TestBrowser(server.app);
    const own = await browser.request('/account/api/health');
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await browser.request({ url: '/account/api/health', headers: { 'x-request-id': 'lb-1234' } });
    expect(given.headers['x-request-id']).toBe('lb-1234');
    const hostile = await browser.request({ url: '/account/api/health', headers: { 'x-request-id': 'a b<script>' } });
    expect(hostile.headers['x-request-id']).not.toBe('a b<script>');
  });
});
