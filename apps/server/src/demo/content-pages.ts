/**
 * The demo shop's own content pages, shown by the account area's custom pages in a frame. Served
 * with and without a language prefix (language URLs are on in the demo).
 */
import type { FastifyInstance } from 'fastify';
import type { SettingsService } from '../modules/settings/service.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CSS = `body{margin:0;padding:4px 2px;font:16px/1.6 system-ui,sans-serif;color:#1b2421;background:transparent}
h2{font-size:1.15rem;margin:1.2em 0 .4em}table{border-collapse:collapse;width:100%;margin:.5em 0 1em}
th,td{border:1px solid #d5ddda;padding:6px 10px;text-align:left}th{background:#f2f4f3}
.tiers{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px}
.tier{border:1px solid #d5ddda;border-radius:10px;padding:12px;background:#fff}.tier strong{display:block;color:#1f6f5c}
.banner{padding:24px;background:linear-gradient(135deg,#1f6f5c,#17302a);color:#fff}.banner strong{display:block;font-size:1.3rem}
.pad{padding:8px 24px 16px}`;

/**
 * The gift card page's own loading, as a shop page would fetch its data: it asks the account area
 * to wait (WaitForCustomLoadedEvent), renders, then says it is ready with its new height.
 */
const GIFT_CARD_SCRIPT = `(function () {
  var parentOrigin = location.origin;
  var post = function (message) { if (window.parent !== window) window.parent.postMessage(message, parentOrigin); };
  post('WaitForCustomLoadedEvent');
  post('AddCardClass');
  setTimeout(function () {
    var cards = [['FP-GIFT-7Q2M', '€ 50.00', '€ 32.50', '2027-06-30'], ['FP-GIFT-K8XD', '€ 25.00', '€ 25.00', '2028-01-31']];
    var rows = cards.map(function (c) {
      return '<tr><td>' + c[0] + '</td><td>' + c[1] + '</td><td>' + c[2] + '</td><td>' + c[3] + '</td></tr>';
    }).join('');
    document.getElementById('balances').innerHTML = '<h2>Your gift cards</h2><table><thead><tr>' +
      '<th scope="col">Card</th><th scope="col">Value</th><th scope="col">Balance</th><th scope="col">Valid until</th>' +
      '</tr></thead><tbody>' + rows + '</tbody></table><p>Use a gift card at checkout: enter its code as a payment.</p>';
    post('CustomLoadedEventReady');
    post({ type: 'frameChange', height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  }, 600);
})();`;

const PAGES: Record<string, { title: string; body: string; script?: string }> = {
  'size-guide': {
    title: 'Size guide',
    body: `<p>Find your size before you order. Measure your foot in the evening, standing, and compare with the table.</p>
<h2>Footwear</h2><table><thead><tr><th scope="col">EU</th><th scope="col">UK</th><th scope="col">US</th><th scope="col">Foot length</th></tr></thead>
<tbody><tr><td>38</td><td>5</td><td>6.5</td><td>24.0 cm</td></tr><tr><td>40</td><td>6.5</td><td>8</td><td>25.3 cm</td></tr>
<tr><td>42</td><td>8</td><td>9.5</td><td>26.7 cm</td></tr><tr><td>44</td><td>9.5</td><td>11</td><td>28.0 cm</td></tr>
<tr><td>46</td><td>11</td><td>12.5</td><td>29.4 cm</td></tr></tbody></table>
<h2>Jackets</h2><table><thead><tr><th scope="col">Size</th><th scope="col">Chest</th><th scope="col">Waist</th></tr></thead>
<tbody><tr><td>S</td><td>88–96 cm</td><td>74–82 cm</td></tr><tr><td>M</td><td>96–104 cm</td><td>82–90 cm</td></tr>
<tr><td>L</td><td>104–112 cm</td><td>90–98 cm</td></tr><tr><td>XL</td><td>112–124 cm</td><td>98–110 cm</td></tr></tbody></table>`,
  },
  'loyalty-programme': {
    title: 'Loyalty programme',
    body: `<p>Every order brings you closer to the next achievement. Claim the rewards on your achievements page.</p>
<div class="tiers"><div class="tier"><strong>Trailhead</strong>Free shipping on your birthday</div>
<div class="tier"><strong>Ridge</strong>5% off every order</div><div class="tier"><strong>Summit</strong>10% off and early access to new gear</div></div>`,
  },
  // Tells the account area to keep its spinner until the page's own data has arrived, then to
  // show it and size the frame; it also asks for the flush card of the card variant.
  'gift-card-balance': {
    title: 'Gift card balance',
    body: `<div class="banner"><strong>Gift cards</strong>Give the outdoors: e-gift cards from €25, delivered by email.</div>
<div class="pad" id="balances" aria-live="polite"><p>Loading your gift cards…</p></div>`,
    script: 'gift-card-balance.js',
  },
  'returns-policy': {
    title: 'Returns policy',
    body: `<p>You can return any item within 30 days of delivery, unused and in its original packaging.</p>
<h2>How to return</h2><ol><li>Open the order in your account and note the order number.</li>
<li>Pack the items securely and include the order number.</li><li>Send the parcel with the prepaid label from your delivery.</li></ol>
<h2>Refunds</h2><p>We refund the purchase price within 14 days after we receive your return, to the payment method you used.</p>`,
  },
};

export function registerDemoContentPages(app: FastifyInstance, settings: SettingsService): void {
  const serve = async (name: string, language: string) => {
    const page = PAGES[name];
    if (!page) return null;
    return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title>
<link rel="stylesheet" href="/demo-shop/pages/page.css">${page.script ? `<script src="/demo-shop/pages/${page.script}" defer></script>` : ''}
</head><body><main>${page.body}</main></body></html>`;
  };
  app.get('/demo-shop/pages/page.css', async (_request, reply) => reply.type('text/css').send(CSS));
  app.get('/demo-shop/pages/gift-card-balance.js', async (_request, reply) =>
    reply.type('text/javascript').send(GIFT_CARD_SCRIPT),
  );
  app.get<{ Params: { name: string } }>('/demo-shop/pages/:name', async (request, reply) => {
    const html = await serve(request.params.name, (await settings.defaults()).language);
    return html ? reply.type('text/html; charset=utf-8').send(html) : reply.callNotFound();
  });
  app.get<{ Params: { lang: string; name: string } }>('/:lang/demo-shop/pages/:name', async (request, reply) => {
    const html = await serve(request.params.name, request.params.lang.slice(0, 8));
    return html ? reply.type('text/html; charset=utf-8').send(html) : reply.callNotFound();
  });
}
