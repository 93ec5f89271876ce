/**
 * The demo shop around the account area, mounted only in demo mode: a home page (also per
 * language prefix), the terms, privacy and cookie pages the login page links to, product pages,
 * and the images the demo data points at. Everything works offline.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IntegrationService } from '../modules/integration/service.js';
import type { ReturnService } from '../modules/orders/return-service.js';
import type { OrderService } from '../modules/orders/service.js';
import type { ProductRepository } from '../modules/products/repository.js';
import type { SettingsService } from '../modules/settings/service.js';
import { carrierDesk, nextCarrierEvent, nextReturnSteps, returnsDesk } from './carrier-desk.js';
import { afterPriceDesk, isPriceDeskAction, priceDesk } from './price-desk.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const DEMO_ASSETS = '/demo-shop';

function hue(seed: string): number {
  return createHash('sha256').update(seed).digest()[0]! * (360 / 256);
}

/** A product picture: a soft gradient tile with a simple outdoor-gear glyph. */
function productSvg(slug: string): string {
  const h = Math.round(hue(slug));
  const glyphs = [
    '<path d="M60 150 L100 70 L140 150 Z" fill="#fff" opacity=".9"/><rect x="92" y="120" width="16" height="30" fill="#0003"/>',
    '<rect x="70" y="60" width="60" height="90" rx="14" fill="#fff" opacity=".9"/><rect x="82" y="48" width="36" height="18" rx="6" fill="#fff" opacity=".7"/>',
    '<circle cx="100" cy="105" r="42" fill="#fff" opacity=".9"/><circle cx="100" cy="105" r="18" fill="#0002"/>',
    '<path d="M55 140 Q100 40 145 140 Z" fill="#fff" opacity=".9"/>',
    '<rect x="60" y="80" width="80" height="60" rx="10" fill="#fff" opacity=".9"/><path d="M80 80 Q100 50 120 80" stroke="#fff" stroke-width="8" fill="none"/>',
  ];
  const glyph = glyphs[Math.round(hue(`${slug}#`)) % glyphs.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 45% 62%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360} 50% 38%)"/></linearGradient></defs>
<rect width="200" height="200" rx="16" fill="url(#g)"/>${glyph}</svg>`;
}

const PAYMENT_METHODS: Record<string, [label: string, colour: string]> = {
  ideal: ['iDEAL', '#cc0066'],
  visa: ['VISA', '#1a1f71'],
  mastercard: ['MC', '#eb001b'],
  paypal: ['PayPal', '#003087'],
  klarna: ['Klarna', '#ffb3c7'],
  bancontact: ['BC', '#005498'],
  applepay: ['Pay', '#000000'],
  giftcard: ['Gift', '#1f6f5c'],
};

function paymentSvg(method: string): string {
  const [label, colour] = PAYMENT_METHODS[method] ?? [method.slice(0, 6).toUpperCase(), '#55615d'];
  const text = colour === '#ffb3c7' ? '#17120f' : '#ffffff';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 40" role="img"><rect width="64" height="40" rx="6" fill="${colour}"/>
<text x="32" y="25" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${label.length > 5 ? 11 : 13}" font-weight="700" fill="${text}">${escapeHtml(label)}</text></svg>`;
}

/**
 * A return's label as the demo shop hands it out: a QR-like grid drawn from the number (not a
 * real code: nothing scans it) with the number under it.
 */
function returnLabelSvg(number: string): string {
  let seed = [...number].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) >>> 0, 7);
  const cells: string[] = [];
  for (let y = 0; y < 21; y++) {
    for (let x = 0; x < 21; x++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      // The three corner squares a QR code is recognised by; random cells elsewhere.
      const [fx, fy] = [x < 7 ? x : x - 14, y < 7 ? y : y - 14];
      const finder = fx >= 0 && fx < 7 && fy >= 0 && fy < 7 && !(x > 13 && y > 13);
      const ring = fx === 0 || fx === 6 || fy === 0 || fy === 6;
      const core = fx >= 2 && fx <= 4 && fy >= 2 && fy <= 4;
      const dark = finder ? ring || core : seed % 2 === 0;
      if (dark) cells.push(`<rect x="${10 + x * 8}" y="${10 + y * 8}" width="8" height="8"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 188 216" role="img" aria-label="Return label ${escapeHtml(number)}">
<rect width="188" height="216" fill="#fff"/><g fill="#17302a">${cells.join('')}</g>
<text x="94" y="206" text-anchor="middle" font-family="system-ui,sans-serif" font-size="14" fill="#17302a">${escapeHtml(number)}</text></svg>`;
}

function logoSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 48" role="img" aria-label="${escapeHtml(name)}">
<path d="M6 40 L22 12 L30 26 L36 18 L50 40 Z" fill="#1f6f5c"/><path d="M22 12 L26 19 L18 19 Z" fill="#fff"/>
<text x="60" y="32" font-family="Georgia,serif" font-size="24" font-weight="700" fill="#17302a">${escapeHtml(name)}</text></svg>`;
}

const ICONS: Record<string, string> = {
  trophy: '<path d="M20 12h24v10a12 12 0 0 1-24 0z" fill="#fff"/><path d="M28 34h8v8h6v4H22v-4h6z" fill="#fff"/>',
  star: '<path d="M32 12l6 13 14 1-11 9 4 14-13-8-13 8 4-14-11-9 14-1z" fill="#fff"/>',
  heart: '<path d="M32 48s-16-10-16-21a8 8 0 0 1 16-3 8 8 0 0 1 16 3c0 11-16 21-16 21z" fill="#fff"/>',
  mountain: '<path d="M10 46l16-26 8 12 6-8 14 22z" fill="#fff"/>',
  box: '<path d="M16 22l16-8 16 8v20l-16 8-16-8z" fill="#fff"/><path d="M16 22l16 8 16-8M32 30v20" stroke="#0003" stroke-width="2" fill="none"/>',
  leaf: '<path d="M16 46C16 26 30 16 48 16c0 20-12 30-32 30z" fill="#fff"/>',
  compass:
    '<circle cx="32" cy="32" r="16" fill="none" stroke="#fff" stroke-width="4"/><path d="M38 26l-4 10-10 4 4-10z" fill="#fff"/>',
  ruler:
    '<rect x="14" y="24" width="36" height="16" rx="3" fill="#fff"/><path d="M22 24v6M30 24v8M38 24v6M46 24v8" stroke="#0004" stroke-width="2"/>',
  truck:
    '<rect x="12" y="22" width="24" height="16" fill="#fff"/><path d="M36 28h8l6 6v4H36z" fill="#fff"/><circle cx="20" cy="42" r="4" fill="#fff"/><circle cx="44" cy="42" r="4" fill="#fff"/>',
  document:
    '<path d="M20 12h18l8 8v32H20z" fill="#fff"/><path d="M26 30h14M26 36h14M26 42h10" stroke="#0004" stroke-width="2"/>',
  gift: '<rect x="16" y="26" width="32" height="22" fill="#fff"/><rect x="14" y="20" width="36" height="8" fill="#fff"/><path d="M32 20v28" stroke="#0004" stroke-width="3"/>',
  coin: '<circle cx="32" cy="32" r="16" fill="#fff"/><text x="32" y="38" text-anchor="middle" font-size="16" font-weight="700" fill="#0006" font-family="system-ui">€</text>',
};

function iconSvg(name: string): string {
  const h = Math.round(hue(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img"><circle cx="32" cy="32" r="30" fill="hsl(${h} 42% 40%)"/>${ICONS[name] ?? ICONS.star}</svg>`;
}

const PAGE_CSS = `body{font:16px/1.6 system-ui,sans-serif;margin:0;color:#1d2522;background:#f7f8f7}
header{display:flex;align-items:center;justify-content:space-between;gap:16px;padding:12px 24px;background:#fff;border-bottom:1px solid #dde3e0}
header img{height:40px}nav a{margin-left:16px;color:#17302a;font-weight:600}
main{max-width:880px;margin:0 auto;padding:32px 24px}
.hero{padding:48px 32px;border-radius:16px;background:linear-gradient(135deg,#1f6f5c,#17302a);color:#fff}
.hero a{display:inline-block;margin-top:16px;padding:10px 20px;border-radius:8px;background:#fff;color:#17302a;font-weight:700;text-decoration:none}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:16px;margin-top:32px}
.grid figure{margin:0;background:#fff;border-radius:12px;padding:12px}.grid img{width:100%;border-radius:8px}
footer{padding:24px;text-align:center;color:#55615d}
.notice{margin:0 0 24px;padding:16px 20px;border-radius:12px;background:#e6f5ec;color:#13402a;font-weight:600}
form{display:inline-block;margin:0 8px 8px 0}button{font:inherit;font-weight:600;padding:8px 16px;border:0;border-radius:8px;background:#1f6f5c;color:#fff;cursor:pointer}`;

function page(title: string, company: string, body: string, language = 'en'): string {
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – ${escapeHtml(company)}</title>
<link rel="icon" href="/account/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${DEMO_ASSETS}/shop.css"></head><body>
<header><a href="/"><img src="${DEMO_ASSETS}/logo.svg" alt="${escapeHtml(company)} home"></a>
<nav aria-label="Shop"><a href="/${escapeHtml(language)}/">Shop</a><a href="/account">My account</a></nav></header>
<main>${body}</main><footer>© ${new Date().getFullYear()} ${escapeHtml(company)} · demo shop</footer></body></html>`;
}

const LEGAL: Record<string, [title: string, text: string]> = {
  terms: [
    'Terms and conditions',
    'These demo terms explain how orders, payments, returns and vouchers work in this shop.',
  ],
  privacy: [
    'Privacy statement',
    'This demo privacy statement explains which personal data the shop keeps, why, and for how long.',
  ],
  cookie: [
    'Cookie policy',
    'This demo shop uses only the cookies it needs: your session, a cross-site request token and your language.',
  ],
};

/**
 * What the shop home says when the account area sends a shopper back after deleting their account
 * (`?account_deleted=deleted|scheduled`, issue 21): a real shop shows the same on its own home.
 */
const ACCOUNT_DELETED: Record<string, Record<'deleted' | 'scheduled', string>> = {
  en: {
    deleted: 'Your account has been deleted. Thank you for shopping with us.',
    scheduled: 'Your account will be deleted soon. Sign in before then to keep it.',
  },
  nl: {
    deleted: 'Je account is verwijderd. Bedankt dat je bij ons hebt gewinkeld.',
    scheduled: 'Je account wordt binnenkort verwijderd. Log voor die tijd in om het te houden.',
  },
  de: {
    deleted: 'Ihr Konto wurde gelöscht. Vielen Dank für Ihren Einkauf.',
    scheduled: 'Ihr Konto wird in Kürze gelöscht. Melden Sie sich vorher an, um es zu behalten.',
  },
};

export interface DemoShopOptions {
  settings: SettingsService;
  orders: Pick<OrderService, 'shipmentsOfOrderNumber'>;
  returns: Pick<ReturnService, 'ofOrderNumber'>;
  /** The carrier desk sends its events as the shop does: through the integration API's own code. */
  integration: Pick<IntegrationService, 'put'>;
  /** The price desk starts from the product as the shop last sent it. */
  products: Pick<ProductRepository, 'record'>;
}

export function registerDemoShop(app: FastifyInstance, options: DemoShopOptions): void {
  const svg = (reply: FastifyReply, body: string) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(body);
  const html = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);
  const company = async () => (await options.settings.stored()).companyName;

  app.get(`${DEMO_ASSETS}/shop.css`, async (_r, reply) => reply.type('text/css').send(PAGE_CSS));
  // The logo is also shown in the account area's emails, which mail clients load from elsewhere.
  app.get(`${DEMO_ASSETS}/logo.svg`, async (_r, reply) =>
    svg(reply.header('cross-origin-resource-policy', 'cross-origin'), logoSvg(await company())),
  );
  app.get<{ Params: { slug: string } }>(`${DEMO_ASSETS}/products/:slug`, async (request, reply) =>
    svg(reply, productSvg(request.params.slug.replace(/\.svg$/, ''))),
  );
  app.get<{ Params: { method: string } }>(`${DEMO_ASSETS}/payment/:method`, async (request, reply) =>
    svg(reply, paymentSvg(request.params.method.replace(/\.svg$/, ''))),
  );
  app.get<{ Params: { name: string } }>(`${DEMO_ASSETS}/icons/:name`, async (request, reply) =>
    svg(reply, iconSvg(request.params.name.replace(/\.svg$/, ''))),
  );
  // A return's label (the demo's returnUpdate labelAvailable): a shopper's own, so not kept by shared caches.
  app.get<{ Params: { number: string } }>(`${DEMO_ASSETS}/return-label/:number`, async (request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'private, max-age=3600')
      .send(returnLabelSvg(request.params.number.replace(/\.svg$/, '').slice(0, 40))),
  );

  const home = async (language: string, reply: FastifyReply, deleted: unknown) => {
    const name = await company();
    const texts = ACCOUNT_DELETED[language] ?? ACCOUNT_DELETED.en;
    const notice =
      texts && (deleted === 'deleted' || deleted === 'scheduled')
        ? `<p class="notice" role="status">${escapeHtml(texts[deleted])}</p>`
        : '';
    const tiles = ['trail-runner-gtx', 'summit-30-backpack', 'alpine-down-jacket', 'trekking-poles', 'camp-mug']
      .map(
        (slug) =>
          `<figure><img src="${DEMO_ASSETS}/products/${slug}.svg" alt=""><figcaption>${slug.replace(/-/g, ' ')}</figcaption></figure>`,
      )
      .join('');
    return html(
      reply,
      page(
        'Home',
        name,
        `${notice}<section class="hero"><h1>Gear for every trail</h1><p>Welcome to the ${escapeHtml(name)} demo shop.</p>
<a href="/account">Go to my account</a></section><div class="grid">${tiles}</div>`,
        language,
      ),
    );
  };
  type HomeQuery = { Querystring: { account_deleted?: unknown } };
  app.get<HomeQuery>('/', async (request, reply) =>
    home((await options.settings.defaults()).language, reply, request.query.account_deleted),
  );
  app.get<HomeQuery & { Params: { lang: string } }>('/:lang/', async (request, reply) => {
    const lang = request.params.lang;
    const languages = (await options.settings.snapshot()).languages.map((l) => l.code);
    if (!languages.includes(lang)) return reply.callNotFound();
    return home(lang, reply, request.query.account_deleted);
  });
  for (const [slug, [title, text]] of Object.entries(LEGAL)) {
    app.get(`/${slug}`, async (_request, reply) =>
      html(reply, page(title, await company(), `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`)),
    );
  }
  // Where 'Finish order' and 'Start payment' lead (an order's accessUrl): the shop's own checkout.
  app.get<{ Params: { orderNumber: string } }>('/checkout/pay/:orderNumber', async (request, reply) => {
    const orderNumber = request.params.orderNumber.replace(/[^A-Za-z0-9-]/g, '');
    return html(
      reply,
      page(
        'Payment',
        await company(),
        `<h1>Pay for order ${escapeHtml(orderNumber)}</h1>
<p>In a real shop this is the checkout's payment step. The demo shop takes no payments.</p>
<p><a href="/account/orders">Back to my orders</a></p>`,
      ),
    );
  });
  // Where 'View order' and 'View code' lead for the other orders: the shop's own page of the order.
  app.get<{ Params: { orderNumber: string } }>('/order/:orderNumber', async (request, reply) => {
    const orderNumber = request.params.orderNumber.replace(/[^A-Za-z0-9-]/g, '');
    return html(
      reply,
      page(
        'Order',
        await company(),
        `<h1>Order ${escapeHtml(orderNumber)}</h1>
<p>In a real shop this page tracks the delivery and shows the codes of digital products.</p>
${carrierDesk(orderNumber, await options.orders.shipmentsOfOrderNumber(orderNumber))}
${returnsDesk(orderNumber, await options.returns.ofOrderNumber(orderNumber))}
<p><a href="/account/orders">Back to my orders</a></p>`,
      ),
    );
  });
  // The desks' buttons are forms with nothing in them (a browser posts them urlencoded): the body is
  // ignored, in this scope only, so that no other route takes urlencoded bodies.
  app.register(async (desk) => {
    desk.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    // The returns desk's buttons: the return's next step, sent as the shop sends its updates.
    desk.post<{ Params: { orderNumber: string; number: string; step: string } }>(
      '/order/:orderNumber/returns/:number/:step',
      async (request, reply) => {
        const orderNumber = request.params.orderNumber.replace(/[^A-Za-z0-9-]/g, '');
        const found = (await options.returns.ofOrderNumber(orderNumber)).find(
          (r) => r.number === request.params.number,
        );
        const step = found && nextReturnSteps(found.number, found.status)[Number(request.params.step)];
        if (found && step) {
          await options.integration.put(
            'returnUpdate',
            { return: found.number, id: `desk-${Date.now()}` },
            { ...step.update, at: new Date().toISOString() },
          );
        }
        return reply.redirect(`/order/${encodeURIComponent(orderNumber)}`, 303);
      },
    );
    // The carrier desk's button: the parcel's next event, sent as the shop sends a carrier's event.
    desk.post<{ Params: { orderNumber: string; shipment: string } }>(
      '/order/:orderNumber/shipments/:shipment/next',
      async (request, reply) => {
        const orderNumber = request.params.orderNumber.replace(/[^A-Za-z0-9-]/g, '');
        const parcel = (await options.orders.shipmentsOfOrderNumber(orderNumber)).find(
          (s) => s.externalId === request.params.shipment,
        );
        const next = parcel && nextCarrierEvent(parcel.status);
        if (parcel && next) {
          await options.integration.put(
            'shipmentEvent',
            { shipment: parcel.externalId, id: `desk-${Date.now()}` },
            { ...next, at: new Date().toISOString() },
          );
        }
        return reply.redirect(`/order/${encodeURIComponent(orderNumber)}`, 303);
      },
    );
    // The price desk's buttons: the product as the shop sends it after the change.
    desk.post<{ Params: { slug: string; action: string } }>('/product/:slug/desk/:action', async (request, reply) => {
      const slug = request.params.slug.replace(/[^a-z0-9-]/gi, '');
      const product = await options.products.record(slug);
      const { action } = request.params;
      if (product && isPriceDeskAction(action)) {
        await options.integration.put('product', { id: slug }, afterPriceDesk(product, action, new Date()));
      }
      return reply.redirect(`/product/${encodeURIComponent(slug)}`, 303);
    });
  });
  // The cart link's target (the site setting cartUrl, buy again): what arrived, as a shop's cart shows it.
  app.get<{ Querystring: { items?: unknown } }>('/cart', async (request, reply) => {
    const items = (typeof request.query.items === 'string' ? request.query.items : '')
      .split(',')
      .map((pair) => pair.split(':'))
      .filter((pair): pair is [string, string] => pair.length === 2 && /^\d{1,4}$/.test(pair[1] ?? ''));
    const rows = items
      .map(
        ([slug, quantity]) =>
          `<li><img src="${DEMO_ASSETS}/products/${escapeHtml(slug.replace(/[^a-z0-9-]/gi, ''))}.svg" alt="" width="48" height="48"> ${escapeHtml(slug.replace(/-/g, ' '))} × ${escapeHtml(quantity)}</li>`,
      )
      .join('');
    return html(
      reply,
      page(
        'Cart',
        await company(),
        `<h1>Your cart</h1>${rows ? `<ul class="cart">${rows}</ul>` : '<p>Your cart is empty.</p>'}
<p>In a real shop the checkout follows here. <a href="/account/orders">Back to my orders</a></p>`,
      ),
    );
  });
  app.get<{ Params: { slug: string } }>('/product/:slug', async (request, reply) => {
    const slug = request.params.slug.replace(/[^a-z0-9-]/gi, '');
    const product = await options.products.record(slug);
    const title = product?.name ?? slug.replace(/-/g, ' ');
    return html(
      reply,
      page(
        title,
        await company(),
        `<h1>${escapeHtml(title)}</h1><img src="${DEMO_ASSETS}/products/${slug}.svg" alt="" width="320" height="320">
${product ? priceDesk(slug, product) : ''}`,
      ),
    );
  });
}
