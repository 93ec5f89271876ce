#!/usr/bin/env node
/**
 * Feeds an account area through its integration API the way a shop does: the shop's settings,
 * lists and texts, then its products and one shopper with orders, a wishlist, a voucher and an
 * achievement. Everything goes over HTTP with an API key, so it works against any instance.
 *
 *   node scripts/feed-example-shop.mjs http://localhost:3100 <api key>
 *
 * The shopper is jo.kuiper@example.com; sign in with that address to see the data.
 */
const [base, key] = process.argv.slice(2);
if (!base || !key) {
  console.error('Usage: node scripts/feed-example-shop.mjs <base url> <api key>');
  process.exit(1);
}

const api = `${base.replace(/\/+$/, '')}/account/api/integration/v1`;

async function call(method, path, body) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    console.error(`${method} ${path}: ${response.status}`, JSON.stringify(answer, null, 2));
    process.exit(1);
  }
  return answer;
}

const day = (daysAgo, hour = 10) => new Date(Date.UTC(2026, 10, 20 - daysAgo, hour)).toISOString();
const shopper = 'cust-1001';
const address = {
  firstName: 'Jo',
  lastName: 'Kuiper',
  email: 'jo.kuiper@example.com',
  telephone: '+31 612345678',
  country: 'NL',
  address: 'Oudegracht',
  addressNumber: '88',
  zipCode: '3511 AV',
  city: 'Utrecht',
};

const records = [
  { kind: 'language', key: { code: 'en' }, data: { name: 'English', isDefault: true, viewOrder: 1 } },
  { kind: 'language', key: { code: 'nl' }, data: { name: 'Nederlands', viewOrder: 2 } },
  { kind: 'currency', key: { code: 'EUR' }, data: { displayName: 'Euro', sign: '€', viewOrder: 1 } },
  { kind: 'country', key: { code: 'NL' }, data: { name: 'Netherlands', viewOrder: 1 } },
  { kind: 'country', key: { code: 'BE' }, data: { name: 'Belgium', viewOrder: 2 } },
  { kind: 'country', key: { code: 'DE' }, data: { name: 'Germany', viewOrder: 3 } },
  { kind: 'interest', key: { id: 'int-bikes' }, data: { name: 'Bikes', viewOrder: 1 } },
  { kind: 'interest', key: { id: 'int-camping' }, data: { name: 'Camping', viewOrder: 2 } },
  { kind: 'newsletter', key: { id: 'nl-weekly' }, data: { name: 'New in store', mailType: 'Weekly', viewOrder: 1 } },
  { kind: 'translations', key: { language: 'en' }, data: { entries: { ac_Welcome: 'Hello, {name}' } } },
  ...[
    ['sku-lamp', 'Dynamo lamp set', 'Bike parts', 39.95],
    ['sku-bag', 'Pannier bag 20 L', 'Bags', 74.5],
    ['sku-tent', 'Ridge 2 tent', 'Camping', 249],
    ['sku-gift', 'E-gift card €25', 'Gift cards', 25, 1],
  ].map(([id, name, categoryName, amount, productType = 0]) => ({
    kind: 'product',
    key: { id },
    data: { name, categoryName, url: `/product/${id}`, price: { amount, currency: 'EUR' }, productType },
  })),
  {
    kind: 'shopper',
    key: { id: shopper },
    data: {
      email: 'jo.kuiper@example.com',
      // The shop confirmed this address itself, so the shopper's sign-in with it links here.
      emailVerified: true,
      firstName: 'Jo',
      lastName: 'Kuiper',
      telephone: '+31 612345678',
      gender: 2,
      birthDate: '1991-04-12',
      language: 'en',
      country: 'NL',
      currency: 'EUR',
      interests: ['int-bikes'],
      newsletters: ['nl-weekly'],
    },
  },
  {
    kind: 'order',
    key: { id: 'ord-5001' },
    data: {
      shopper,
      orderNumber: 'NL-5001',
      status: 50,
      currency: 'EUR',
      created: day(30),
      subTotal: 114.45,
      shippingCost: 4.95,
      totalPrice: 119.4,
      shippingAddress: address,
      billingAddress: address,
      products: [
        { product: 'sku-lamp', name: 'Dynamo lamp set', categoryName: 'Bike parts', price: 39.95, status: 60 },
        { product: 'sku-bag', name: 'Pannier bag 20 L', categoryName: 'Bags', price: 74.5, status: 60 },
      ],
      transactions: [{ method: 'ideal', methodName: 'iDEAL', status: 4, paid: 119.4, created: day(30, 11) }],
      invoice: { number: 'INV-NL-5001', date: day(30, 12) },
    },
  },
  {
    kind: 'order',
    key: { id: 'ord-5002' },
    data: {
      shopper,
      orderNumber: 'NL-5002',
      accessUrl: '/checkout/pay/NL-5002',
      status: 20,
      currency: 'EUR',
      created: day(1),
      subTotal: 249,
      totalPrice: 249,
      shippingAddress: address,
      billingAddress: address,
      products: [{ product: 'sku-tent', name: 'Ridge 2 tent', categoryName: 'Camping', price: 249, status: 10 }],
    },
  },
  { kind: 'wishlistItem', key: { shopper, product: 'sku-gift' }, data: {} },
  { kind: 'recentlyViewed', key: { shopper, product: 'sku-tent' }, data: {} },
  {
    kind: 'voucherCampaign',
    key: { id: 'camp-welcome' },
    data: { name: 'Welcome: 10% off', discount: { percentage: 10, currency: 'EUR' }, codes: ['NL-WELCOME-7KX2'] },
  },
  { kind: 'voucher', key: { id: 'v-1' }, data: { shopper, campaign: 'camp-welcome' } },
  {
    kind: 'achievement',
    key: { id: 'ach-first' },
    data: { name: 'First ride', description: 'Place your first order.', reward: 'Free bell', totalProgress: 1 },
  },
  { kind: 'achievementProgress', key: { shopper, achievement: 'ach-first' }, data: { progress: 1 } },
];

await call('PATCH', '/settings', {
  companyName: 'Nordlicht Bikes',
  style: '#27589c',
  defaultCountry: 'NL',
  defaultCurrency: 'EUR',
  enableFeatures: ['Achievements', 'AddressBook', 'MyVouchers', 'MyOrders', 'MyWishlist'],
});
const { results, summary } = await call('POST', '/batch', { records });
for (const result of results.filter((r) => r.outcome === 'rejected')) {
  console.error(`record ${result.index} (${result.kind}) refused:`, result.errors);
}
console.log(
  `Fed ${records.length} records: ${summary.created} created, ${summary.updated} updated, ${summary.rejected} refused.`,
);
console.log('Sign in with jo.kuiper@example.com to see them.');
process.exit(summary.rejected > 0 ? 2 : 0);
