/**
 * Serving the web app under /account (spec §2 Shell: the configuration is read from a page
 * element, not fetched), JSON 404s under /account/api, health and security headers.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from 'node:zlib';
import { FEATURES, SiteConfig } from '@account/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST } from '../src/app.js';
import { preloadLinks, ROUTE_PRELOADS_FILE } from '../src/http/spa.js';
import { TestBrowser } from './support/browser.js';
import { signedIn } from './support/sign-in.js';
import { api, databaseKind, startServer, switchOff, type TestServer } from './support/test-app.js';

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

/** The JSON of a call's answer the page carries; undefined when it carries none. */
function embeddedAnswer(html: string, call: string): unknown {
  const match = new RegExp(`<script type="application/json" id="answer-${call}">(.*?)</script>`, 's').exec(html);
  return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
}

/** The preload links of a page: hrefs of modulepreload (scripts) and preload as=style (styles). */
function preloads(html: string): { scripts: string[]; styles: string[] } {
  const hrefs = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  return {
    scripts: hrefs(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
    styles: hrefs(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g),
  };
}

describe(`DESIGN §8 The page carries what the first screen needs (${databaseKind})`, () => {
  it('embeds the signed-in account exactly as GET /shopuser/me answers it, and the texts and lists as theirs do', async () => {
    const browser = await signedIn(server, 'demo-emma');
    const page = await browser.request('/account/');
    expect(page.headers['cache-control']).toBe('no-store');
    const me = await browser.request(api('/shopuser/me'));
    expect(me.statusCode).toBe(200);
    expect(embeddedAnswer(page.body, 'getAccount')).toEqual(me.json());
    const language = embeddedConfig(page.body).currentLanguage;
    const translations = await browser.request(api(`/translation?language=${language}`));
    expect(embeddedAnswer(page.body, 'getTranslations')).toEqual(translations.json());
    expect(embeddedAnswer(page.body, 'getLocalize')).toEqual((await browser.request(api('/localize'))).json());
  });

  it('travels at Brotli quality 5, smaller than the JSON answers’ quality 4 makes it: one round trip less on a slow new connection', async () => {
    const browser = await signedIn(server, 'demo-emma');
    const brotli = { 'accept-encoding': 'br' };
    const size = (body: Buffer, quality: number) =>
      brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } }).length;
    const page = await browser.request({ url: '/account/', headers: brotli });
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload);
    expect(html.includes('id="answer-getAccount"')).toBe(true);
    expect(page.rawPayload.length).toBe(size(html, 5));
    expect(page.rawPayload.length).toBeLessThan(size(html, 4));
    const answer = await browser.request({ url: api('/order?page=1'), headers: brotli });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.rawPayload.length).toBe(size(brotliDecompressSync(answer.rawPayload), 4));
  });

  it('carries no account when signed out: null, what the app makes of the 401, so it need not ask', async () => {
    const browser = new TestBrowser(server.app);
    for (const url of ['/account/login', '/account/']) {
      const page = await browser.request(url);
      expect(embeddedAnswer(page.body, 'getAccount'), url).toBeNull();
      expect(page.body).not.toContain('"email"');
      expect(embeddedAnswer(page.body, 'getTranslations')).toEqual(expect.any(Array));
    }
  });

  /** The overview page of a new shopper whose first name is then set to `name`, and their id. */
  async function pageOfShopperNamed(name: string) {
    const browser = await signedIn(server, 'new');
    const id = (embeddedAnswer((await browser.request('/account/')).body, 'getAccount') as { id: number }).id;
    await server.app.db.kysely.updateTable('shoppers').set({ firstName: name }).where('id', '=', id).execute();
    return { id, page: await browser.request('/account/') };
  }

  it('escapes the embedded account so what a shopper typed cannot close the script element', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const { id, page } = await pageOfShopperNamed(name);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<!--');
    expect(embeddedAnswer(page.body, 'getAccount')).toMatchObject({ id, firstName: name });
  });

  it("puts what a shopper typed in the page as typed, even text a string replacement reads as a pattern ($&, $')", async () => {
    const name = "Jo$'s $& $` $$ shop";
    const { id, page } = await pageOfShopperNamed(name);
    expect(embeddedAnswer(page.body, 'getAccount')).toMatchObject({ id, firstName: name });
    expect(page.body.match(/<\/head>/g)).toHaveLength(1);
  });
});

describe(`DESIGN §8 A screen's opening call is answered in its page: the orders list (${databaseKind})`, () => {
  // A build whose route table says the orders screen opens with GET /order?page=1.
  const dist = mkdtempSync(path.join(tmpdir(), 'account-web-answers-'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head></head><body></body></html>');
  const routes = [
    { path: '', guarded: true, files: [], answer: 'listShipmentsOnTheWay' },
    { path: 'orders', guarded: true, files: [], answer: 'listOrders' },
    { path: 'orders/:id', guarded: true, files: [] },
  ];
  writeFileSync(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify({ routes, signIn: [] }));
  let built: TestServer;
  let ordersOff: TestServer;
  beforeAll(async () => {
    [built, ordersOff] = await Promise.all([startServer({ webDist: dist }), startServer({ webDist: dist })]);
    await switchOff(ordersOff, FEATURES.myOrders);
  });
  afterAll(async () => {
    await Promise.all([built?.close(), ordersOff?.close()]);
  });

  it('the orders page carries the first page of orders exactly as GET /order?page=1 answers it', async () => {
    const browser = await signedIn(built, 'demo-emma');
    const page = await browser.request('/account/Orders/');
    const list = await browser.request(api('/order?page=1&query='));
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(embeddedAnswer(page.body, 'listOrders')).toEqual(list.json());
  });

  it('only for the plain list of a signed-in shopper whose shop has orders on: not for a search, another screen, a visitor', async () => {
    const browser = await signedIn(built, 'demo-emma');
    for (const url of ['/account/orders?query=tent', '/account/', '/account/orders/1']) {
      expect(embeddedAnswer((await browser.request(url)).body, 'listOrders'), url).toBeUndefined();
    }
    const visitor = await new TestBrowser(built.app).request('/account/orders');
    expect(embeddedAnswer(visitor.body, 'listOrders')).toBeUndefined();
    const off = await signedIn(ordersOff, 'demo-emma');
    expect(embeddedAnswer((await off.request('/account/orders')).body, 'listOrders')).toBeUndefined();
  });

  it('issue 46: the overview carries the parcels on their way exactly as GET /shipment/on-the-way answers them', async () => {
    const browser = await signedIn(built, 'demo-emma');
    const page = await browser.request('/account/');
    const parcels = await browser.request(api('/shipment/on-the-way'));
    expect((parcels.json() as { shipments: unknown[] }).shipments.length).toBeGreaterThan(0);
    expect(embeddedAnswer(page.body, 'listShipmentsOnTheWay')).toEqual(parcels.json());
    expect(embeddedAnswer((await browser.request('/account/orders')).body, 'listShipmentsOnTheWay')).toBeUndefined();
    const off = await signedIn(ordersOff, 'demo-emma');
    expect(embeddedAnswer((await off.request('/account/')).body, 'listShipmentsOnTheWay')).toBeUndefined();
  });
});

describe('DESIGN §8 Preload links for the screen at the page’s path', () => {
  const table = {
    routes: [
      { path: 'login', guarded: false, files: ['assets/Login.js', 'assets/Login.css'] },
      { path: '', guarded: true, files: ['assets/Overview.js', 'assets/Overview.css', 'assets/shared.js'] },
      { path: 'orders', guarded: true, files: ['assets/Orders.js', 'assets/shared.js'] },
      { path: 'orders/:id', guarded: true, files: ['assets/OrderDetail.js'] },
      { path: 'addresses/:id', guarded: true, files: ['assets/AddressEdit.js'] },
      { path: 'addresses/add', guarded: true, files: ['assets/AddressAdd.js'] },
    ],
    signIn: ['assets/Login.js', 'assets/Login.css'],
  };
  const scripts = (pagePath: string, signedIn = true) => preloads(preloadLinks(table, pagePath, signedIn)).scripts;

  it('picks the screen by its route, a static segment before a parameter, as the router does', () => {
    expect(preloads(preloadLinks(table, '/', true))).toEqual({
      scripts: ['/account/assets/Overview.js', '/account/assets/shared.js'],
      styles: ['/account/assets/Overview.css'],
    });
    expect(scripts('')).toEqual(['/account/assets/Overview.js', '/account/assets/shared.js']);
    expect(scripts('/Orders/')).toEqual(['/account/assets/Orders.js', '/account/assets/shared.js']);
    expect(scripts('/orders/12')).toEqual(['/account/assets/OrderDetail.js']);
    expect(scripts('/addresses/add')).toEqual(['/account/assets/AddressAdd.js']);
    expect(scripts('/addresses/7')).toEqual(['/account/assets/AddressEdit.js']);
  });

  it('adds the sign-in screen for a signed-out visitor of a guarded screen, and nothing for unknown paths', () => {
    expect(scripts('/orders', false)).toEqual([
      '/account/assets/Orders.js',
      '/account/assets/shared.js',
      '/account/assets/Login.js',
    ]);
    expect(scripts('/login', false)).toEqual(['/account/assets/Login.js']);
    expect(scripts('/orders/12/more')).toEqual([]);
    expect(scripts('/not/a/page')).toEqual([]);
  });

  it('links only files the build holds, and none without a preload table', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'account-web-preloads-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head></head><body></body></html>');
    for (const file of ['Login.js', 'Login.css', 'Overview.js']) writeFileSync(path.join(dist, 'assets', file), '/**/');
    writeFileSync(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(table));
    const withTable = await startServer({ webDist: dist });
    try {
      const page = await new TestBrowser(withTable.app).request('/account/');
      const links = preloads(page.body);
      expect(links).toEqual({
        scripts: ['/account/assets/Overview.js', '/account/assets/Login.js'],
        styles: ['/account/assets/Login.css'],
      });
      for (const href of [...links.scripts, ...links.styles]) {
        expect((await new TestBrowser(withTable.app).request(href)).statusCode, href).toBe(200);
      }
    } finally {
      await withTable.close();
    }
    const page = await new TestBrowser(server.app).request('/account/');
    expect(preloads(page.body)).toEqual({ scripts: [], styles: [] });
  });

  it.skipIf(!existsSync(path.join(DEFAULT_WEB_DIST, 'index.html')))(
    'the built page carries its icon as a data URI, the picture of favicon.svg: no request for it at the start of a page load',
    async () => {
      const built = await startServer({ webDist: DEFAULT_WEB_DIST });
      try {
        const html = (await new TestBrowser(built.app).request('/account/login')).body;
        const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"/.exec(html)?.[1] ?? '';
        expect(href.startsWith('data:image/svg+xml,')).toBe(true);
        const file = (await new TestBrowser(built.app).request('/account/favicon.svg')).body.trim();
        expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(file.replace(/"/g, "'"));
      } finally {
        await built.close();
      }
    },
  );

  // The real build's table, as `npm run build` writes it (it runs before the tests in `npm test`).
  it.skipIf(!existsSync(path.join(DEFAULT_WEB_DIST, ROUTE_PRELOADS_FILE)))(
    'points at files of the real web build: the login page, the overview and the orders list',
    async () => {
      const built = await startServer({ webDist: DEFAULT_WEB_DIST });
      try {
        const browser = await signedIn(built, 'demo-emma');
        const pages = [
          (await new TestBrowser(built.app).request('/account/login')).body,
          (await browser.request('/account/')).body,
          (await browser.request('/account/orders')).body,
        ];
        // The build's table says which screen opens with which call.
        expect(embeddedAnswer(pages[2]!, 'listOrders')).toMatchObject({ data: expect.any(Array) });
        expect(embeddedAnswer(pages[1]!, 'listOrders')).toBeUndefined();
        for (const html of pages) {
          const links = preloads(html);
          expect(links.scripts.length).toBeGreaterThan(0);
          for (const href of [...links.scripts, ...links.styles]) {
            const file = await browser.request(href);
            expect(file.statusCode, href).toBe(200);
            expect(file.headers['content-type'], href).toMatch(href.endsWith('.css') ? /text\/css/ : /javascript/);
          }
        }
      } finally {
        await built.close();
      }
    },
  );
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
