/**
 * Fills a database with a large shop for benchmarks: the demo shop (settings, languages, the demo
 * shoppers), then `shoppers` more shoppers and `orders` orders with products, a payment each and
 * invoices, spread over five years. One shopper, the heavy one, owns `heavyOrders` of them,
 * scattered through the whole history as a real long-time customer's would be. Every generated
 * shopper also gets what the account overview shows (GET /shopuser/me): addresses, vouchers of the
 * demo campaigns, achievement progress, a wishlist, recently viewed products, interests and
 * newsletters.
 *
 * Rows go in as multi-row inserts inside transactions, with explicit shopper and order ids so
 * that products, payments and invoices need no read-back.
 */
import { addressText, type OrderAddress } from '@account/contract';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../src/db/connection.js';
import { seedDemo } from '../src/db/seed/index.js';
import { fromCents, type Random, seededRandom } from '../src/db/seed/seed-kit.js';
import type { Database, NewRow } from '../src/db/types.js';
import { orderParts } from '../src/modules/orders/repository.js';
import { orderSearchText } from '../src/modules/orders/search-text.js';
import { progressBar } from './progress.js';

/**
 * Bump when the generated data changes: a kept database of another version is generated anew.
 * 2: addresses, vouchers, achievement progress, wishlists, recently viewed, interests, newsletters.
 */
export const GENERATOR_VERSION = 2;

export interface ShopSize {
  shoppers: number;
  orders: number;
  /** Orders of the heavy shopper (part of `orders`). */
  heavyOrders: number;
}

export interface GeneratedShop {
  version: number;
  size: ShopSize;
  /** The shopper with heavyOrders orders. */
  heavyShopperId: number;
  /** A shopper with about the average number of orders. */
  typicalShopperId: number;
  /** The ids of the generated shoppers: firstShopperId .. firstShopperId + size.shoppers - 1. */
  firstShopperId: number;
  /** Rows generated per table. */
  rows: Record<string, number>;
  generatedAt: string;
}

/** The site setting that records a finished generation; a database without it is incomplete. */
const MARKER = 'benchShop';
const YEARS = 5;
const ORDERS_PER_BATCH = 1000;
const SHOPPERS_PER_BATCH = 5000;
/** Bound parameters per statement: below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;

const ADJECTIVES = [
  'Alpine',
  'Trail',
  'Nordlys',
  'Storm',
  'Fjord',
  'Summit',
  'Polar',
  'Ridge',
  'Glacier',
  'Basecamp',
  'Zürich',
  'Åre',
  'Kraków',
  'Señora',
  'Ísland',
];
/** [noun, category]; a few German, Danish and French names so searches meet non-ASCII text. */
const NOUNS: [string, string][] = [
  ['hiking boot', 'Footwear'],
  ['trail running shoe', 'Footwear'],
  ['wool slipper', 'Footwear'],
  ['Wanderschuh', 'Footwear'],
  ['rain jacket', 'Jackets'],
  ['down jacket', 'Jackets'],
  ['softshell jacket', 'Jackets'],
  ['fleece midlayer', 'Jackets'],
  ['Regenjacke', 'Jackets'],
  ['daypack', 'Backpacks'],
  ['trekking backpack', 'Backpacks'],
  ['dry bag', 'Backpacks'],
  ['hip pack', 'Backpacks'],
  ['ultralight tent', 'Camping'],
  ['family tent', 'Camping'],
  ['sleeping bag', 'Camping'],
  ['sleeping mat', 'Camping'],
  ['gas stove', 'Camping'],
  ['camp mug', 'Camping'],
  ['Ölkanne', 'Camping'],
  ['Wärmflasche', 'Camping'],
  ['headlamp', 'Accessories'],
  ['water filter', 'Accessories'],
  ['trekking poles', 'Accessories'],
  ['Løbebælte', 'Accessories'],
  ['Œillet repair kit', 'Accessories'],
];

const FIRST_NAMES = ['Emma', 'Noah', 'Sofia', 'Lukas', 'Mila', 'Daan', 'Léa', 'Jonas', 'Zoë', 'Søren', 'Ava', 'Finn'];
const LAST_NAMES = ['de Vries', 'Jansen', 'Schneider', 'Visser', 'Müller', 'Bakker', 'Dubois', 'Nielsen', 'Smit'];
const CITIES: [string, string, string][] = [
  ['Amsterdam', '1016 GV', 'NL'],
  ['Utrecht', '3511 AB', 'NL'],
  ['Antwerpen', '2000', 'BE'],
  ['Zürich', '8001', 'CH'],
  ['München', '80331', 'DE'],
  ['København', '1050', 'DK'],
];
const COUNTRY_NAMES: Record<string, string> = {
  NL: 'Netherlands',
  BE: 'Belgium',
  CH: 'Switzerland',
  DE: 'Germany',
  DK: 'Denmark',
};
const CURRENCIES = ['EUR', 'EUR', 'EUR', 'EUR', 'EUR', 'EUR', 'EUR', 'CHF', 'GBP', 'USD'];

/** Order status of spec §4 with its share of the orders, most finished; and the payment's status. */
const STATUSES: { status: number; weight: number; payment: number }[] = [
  { status: 10, weight: 3, payment: 1 },
  { status: 20, weight: 3, payment: 2 },
  { status: 30, weight: 2, payment: 10 },
  { status: 40, weight: 7, payment: 4 },
  { status: 50, weight: 75, payment: 4 },
  { status: 60, weight: 5, payment: 3 },
  { status: 70, weight: 5, payment: 5 },
];
const METHODS: [string, string][] = [
  ['ideal', 'iDEAL'],
  ['visa', 'Visa'],
  ['mastercard', 'Mastercard'],
  ['paypal', 'PayPal'],
  ['klarna', 'Klarna'],
];

export async function generatedShop(db: Kysely<Database>): Promise<GeneratedShop | null> {
  const row = await db.selectFrom('siteSettings').select('value').where('key', '=', MARKER).executeTakeFirst();
  return row ? (JSON.parse(row.value) as GeneratedShop) : null;
}

/** Inserts rows in statements of at most MAX_PARAMETERS bound values. */
export async function insertAll<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length));
  for (let start = 0; start < rows.length; start += perStatement) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + perStatement))
      .execute();
  }
}

async function nextId(db: Kysely<Database>, table: 'shoppers' | 'orders'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/** The order's address as printed on it (the contract's OrderAddress), for a pool of shoppers. */
function addressPool(): string[] {
  return FIRST_NAMES.flatMap((firstName, i) => {
    const lastName = LAST_NAMES[i % LAST_NAMES.length]!;
    const [city, zipCode, country] = CITIES[i % CITIES.length]!;
    const parts = {
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      companyName: '',
      vatNumber: '',
      addressType: 0,
      email: `${firstName.toLowerCase()}@example.com`,
      telephone: '+31 612345678',
      country,
      address: 'Hoofdstraat',
      addressNumber: String(10 + i),
      addressNumberSuffix: '',
      zipCode,
      city,
    };
    const printed: OrderAddress = { ...parts, text: addressText(parts, (code) => COUNTRY_NAMES[code] ?? code) };
    return [JSON.stringify(printed)];
  });
}

/** `count` different items, or all of them when there are fewer. */
function distinct<T>(random: Random, items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  const chosen = new Set<T>();
  while (chosen.size < count) chosen.add(random.pick(items));
  return [...chosen];
}

interface AccountDataInput {
  firstShopper: number;
  shoppers: number;
  products: { id: number }[];
  now: number;
  start: number;
  random: Random;
  counts: Record<string, number>;
}

/**
 * The rest of each generated shopper's account: 1-2 addresses; vouchers of the demo campaigns for
 * about a third of them; progress on some achievements, a few claimed; up to 8 wishes and 12 recently
 * viewed products; a few interests and newsletters.
 */
async function generateAccountData(db: Db, input: AccountDataInput): Promise<void> {
  const { firstShopper, shoppers, products, now, start, random, counts } = input;
  const k = db.kysely;
  const iso = (ms: number) => new Date(ms).toISOString();
  const [campaigns, achievements, interests, newsletters] = await Promise.all([
    k.selectFrom('voucherCampaigns').select('id').orderBy('id').execute(),
    k.selectFrom('achievements').select(['id', 'totalProgress']).orderBy('id').execute(),
    k.selectFrom('interests').select('id').orderBy('id').execute(),
    k.selectFrom('newsletters').select('id').orderBy('id').execute(),
  ]);
  const productIds = products.map((p) => p.id);
  const bar = progressBar('account data', shoppers);
  for (let from = 0; from < shoppers; from += SHOPPERS_PER_BATCH) {
    const addresses: NewRow<'addresses'>[] = [];
    const vouchers: NewRow<'vouchers'>[] = [];
    const progress: NewRow<'shopperAchievements'>[] = [];
    const wishes: NewRow<'wishlistItems'>[] = [];
    const viewed: NewRow<'recentlyViewed'>[] = [];
    const shopperInterests: NewRow<'shopperInterests'>[] = [];
    const shopperNewsletters: NewRow<'shopperNewsletters'>[] = [];
    const until = Math.min(shoppers, from + SHOPPERS_PER_BATCH);
    for (let i = from; i < until; i++) {
      const shopperId = firstShopper + i;
      const recent = () => iso(now - random.next() * 90 * 86_400_000);
      const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const lastName = LAST_NAMES[i % LAST_NAMES.length]!;
      const addressCount = random.next() < 0.4 ? 2 : 1;
      for (let a = 0; a < addressCount; a++) {
        const [city, zipCode, country] = random.pick(CITIES);
        const at = iso(start + random.next() * (now - start));
        addresses.push({
          shopperId,
          firstName,
          lastName,
          companyName: '',
          vatNumber: '',
          addressType: 0,
          email: `shopper${i}@bench.example.com`,
          telephone: '+31 612345678',
          country,
          street: a === 0 ? 'Hoofdstraat' : 'Kerkstraat',
          houseNumber: String(1 + random.int(0, 200)),
          houseNumberSuffix: '',
          zipCode,
          city,
          isBilling: a === 0 ? 1 : 0,
          isShipping: a === 0 ? 1 : 0,
          extraFields: null,
          createdAt: at,
          updatedAt: at,
        });
      }
      if (campaigns.length > 0 && random.next() < 0.35) {
        for (let v = 0, n = random.int(1, 3); v < n; v++) {
          const claimed = random.next() < 0.7;
          const used = claimed && random.next() < 0.3 ? 1 : 0;
          const created = now - random.next() * 365 * 86_400_000;
          vouchers.push({
            campaignId: random.pick(campaigns).id,
            shopperId,
            code: claimed ? `BV-${shopperId}-${v}` : null,
            used,
            redeemDate: used ? iso(created + 20 * 86_400_000) : null,
            claimDate: claimed ? iso(created + 86_400_000) : null,
            expireDate: random.next() < 0.5 ? iso(created + 400 * 86_400_000) : null,
            createdAt: iso(created),
          });
        }
      }
      for (const achievement of achievements) {
        if (random.next() >= 0.4) continue;
        const total = Math.max(1, achievement.totalProgress);
        const done = random.next() < 0.3 ? total : random.int(0, total - 1);
        progress.push({
          shopperId,
          achievementId: achievement.id,
          progress: done,
          claimDate: done === total && random.next() < 0.5 ? recent() : null,
        });
      }
      for (const productId of distinct(random, productIds, random.int(0, 8))) {
        wishes.push({ shopperId, productId, addedAt: recent() });
      }
      for (const productId of distinct(random, productIds, random.int(0, 12))) {
        viewed.push({ shopperId, productId, viewedAt: recent() });
      }
      for (const { id } of distinct(random, interests, random.int(0, 3))) {
        shopperInterests.push({ shopperId, interestId: id });
      }
      for (const { id } of distinct(random, newsletters, random.int(0, 2))) {
        shopperNewsletters.push({ shopperId, newsletterId: id });
      }
    }
    await k.transaction().execute(async (trx) => {
      await insertAll(trx, 'addresses', addresses);
      await insertAll(trx, 'vouchers', vouchers);
      await insertAll(trx, 'shopperAchievements', progress);
      await insertAll(trx, 'wishlistItems', wishes);
      await insertAll(trx, 'recentlyViewed', viewed);
      await insertAll(trx, 'shopperInterests', shopperInterests);
      await insertAll(trx, 'shopperNewsletters', shopperNewsletters);
    });
    for (const [table, added] of Object.entries({
      addresses,
      vouchers,
      shopperAchievements: progress,
      wishlistItems: wishes,
      recentlyViewed: viewed,
      shopperInterests,
      shopperNewsletters,
    })) {
      counts[table] = (counts[table] ?? 0) + added.length;
    }
    bar.add(until - from);
  }
  bar.stop();
}

/** `now`: the moment the shop's history ends (default: the current time); fixed, the shop is the same every time. */
export async function generateShop(db: Db, size: ShopSize, now = Date.now()): Promise<GeneratedShop> {
  if (size.heavyOrders > size.orders || size.shoppers < 2) {
    throw new Error('A shop needs at least 2 shoppers and no more heavy orders than orders');
  }
  const k = db.kysely;
  const random = seededRandom(20261122);
  const start = now - YEARS * 365 * 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  await seedDemo(k, { publicUrl: 'http://localhost:3000', now: new Date(now) });
  // While loading: a page cache that holds the growing indexes, and no flush at every batch (a run
  // that dies midway leaves no marker and is generated anew).
  const sqlite = db.raw.kind === 'sqlite' ? db.raw.sqlite : null;
  const cacheSize = sqlite?.pragma('cache_size', { simple: true });
  sqlite?.pragma('cache_size = -1048576');
  sqlite?.pragma('synchronous = OFF');

  // The catalogue: every adjective with every noun.
  const catalogue = ADJECTIVES.flatMap((adjective, a) =>
    NOUNS.map(([noun, categoryName], n) => ({
      name: `${adjective} ${noun}`,
      categoryName,
      priceCents: 995 + ((a * 7919 + n * 104_729) % 40_000),
    })),
  );
  await k.transaction().execute((trx) =>
    insertAll(
      trx,
      'products',
      catalogue.map(({ priceCents, ...p }) => ({
        ...p,
        priceE4: fromCents(priceCents),
        image: null,
        url: `/product/${encodeURIComponent(p.name.toLowerCase())}`,
        currency: 'EUR',
        productType: 0,
        createdAt: iso(start),
        updatedAt: iso(start),
      })),
    ),
  );
  const stored = await k.selectFrom('products').select(['id', 'name']).execute();
  const productId = new Map(stored.map((p) => [p.name, p.id]));
  const products = catalogue.map((p) => ({ ...p, id: productId.get(p.name)! }));

  // Shoppers: the heavy one first.
  const firstShopper = await nextId(k, 'shoppers');
  const currencyOf = (index: number) => CURRENCIES[index % CURRENCIES.length]!;
  const shopperBar = progressBar('shoppers', size.shoppers);
  for (let from = 0; from < size.shoppers; from += 10_000) {
    const rows: NewRow<'shoppers'>[] = [];
    for (let i = from; i < Math.min(size.shoppers, from + 10_000); i++) {
      const joined = iso(start + random.next() * (now - start) * 0.2);
      rows.push({
        id: firstShopper + i,
        email: `shopper${i}@bench.example.com`,
        firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
        lastName: LAST_NAMES[i % LAST_NAMES.length]!,
        telephone: '',
        gender: 1 + (i % 2),
        birthDate: null,
        imageUrl: null,
        firstTimeLogin: 0,
        telephoneVerifyDate: null,
        defaultLanguage: ['en', 'nl', 'de'][i % 3]!,
        defaultCountry: 'NL',
        defaultCurrency: currencyOf(i),
        createdAt: joined,
        updatedAt: joined,
      });
    }
    await k.transaction().execute((trx) => insertAll(trx, 'shoppers', rows));
    shopperBar.add(rows.length);
  }
  shopperBar.stop();

  // Who placed each order, in time order: the heavy shopper's orders scattered among the rest.
  const owner = new Int32Array(size.orders);
  for (let i = 0; i < size.orders; i++) owner[i] = i < size.heavyOrders ? 0 : 1 + random.int(0, size.shoppers - 2);
  for (let i = size.orders - 1; i > 0; i--) {
    const j = random.int(0, i);
    [owner[i], owner[j]] = [owner[j]!, owner[i]!];
  }

  const addresses = addressPool();
  const totalWeight = STATUSES.reduce((sum, s) => sum + s.weight, 0);
  const pickStatus = () => {
    let roll = random.next() * totalWeight;
    for (const s of STATUSES) {
      roll -= s.weight;
      if (roll < 0) return s;
    }
    return STATUSES.at(-1)!;
  };
  const firstOrder = await nextId(k, 'orders');
  const step = (now - start) / size.orders;
  let invoices = 0;
  const counts: Record<string, number> = { shoppers: size.shoppers, orders: size.orders };
  const orderBar = progressBar('orders', size.orders);
  for (let from = 0; from < size.orders; from += ORDERS_PER_BATCH) {
    const orders: NewRow<'orders'>[] = [];
    const lines: NewRow<'orderProducts'>[] = [];
    const payments: NewRow<'orderTransactions'>[] = [];
    const invoiceRows: NewRow<'invoices'>[] = [];
    for (let i = from; i < Math.min(size.orders, from + ORDERS_PER_BATCH); i++) {
      const id = firstOrder + i;
      const shopperIndex = owner[i]!;
      const currency = currencyOf(shopperIndex);
      const createdMs = start + i * step + random.next() * step;
      const createdAt = iso(createdMs);
      const orderNumber = `BN-${String(i + 1).padStart(8, '0')}`;
      const { status, payment } = pickStatus();
      const items = Array.from({ length: 1 + random.int(0, 3) }, () => random.pick(products));
      const orderLines = items.map((p) => ({
        productId: p.id,
        categoryName: p.categoryName,
        image: null,
        name: p.name,
        url: null,
        productType: 0,
        priceE4: fromCents(p.priceCents),
        status: status === 50 ? 60 : 20,
      }));
      orderLines.forEach((line, position) => {
        lines.push({ orderId: id, position, ...line });
      });
      const subTotalCents = items.reduce((sum, p) => sum + p.priceCents, 0);
      const shippingCostCents = subTotalCents >= 5000 ? 0 : 495;
      const [method, methodName] = random.pick(METHODS);
      const transactionCostCents = method === 'paypal' ? 35 : 0;
      const discountCents = random.next() < 0.1 ? Math.round(subTotalCents / 10) : 0;
      const totalCents = subTotalCents + shippingCostCents + transactionCostCents - discountCents;
      const address = random.pick(addresses);
      const orderPayment = {
        method,
        methodName,
        status: payment,
        paidE4: payment === 4 ? fromCents(totalCents) : 0,
        createdAt: iso(createdMs + 60_000),
      };
      orders.push({
        id,
        shopperId: firstShopper + shopperIndex,
        orderNumber,
        accessUrl: status === 10 || status === 20 ? `/checkout/pay/${orderNumber}` : null,
        status,
        currency,
        serviceFeeE4: 0,
        shippingCostE4: fromCents(shippingCostCents),
        transactionCostE4: fromCents(transactionCostCents),
        discountE4: fromCents(discountCents),
        subTotalE4: fromCents(subTotalCents),
        totalE4: fromCents(totalCents),
        shippingAddress: address,
        billingAddress: address,
        searchText: orderSearchText(
          orderNumber,
          items.map((p) => p.name),
        ),
        ...orderParts(orderLines, [orderPayment]),
        createdAt,
        updatedAt: createdAt,
      });
      payments.push({ orderId: id, ...orderPayment });
      if (status === 40 || status === 50) {
        invoices++;
        invoiceRows.push({
          orderId: id,
          number: `BI-${String(invoices).padStart(8, '0')}`,
          date: iso(createdMs + 3_600_000),
        });
      }
    }
    await k.transaction().execute(async (trx) => {
      await insertAll(trx, 'orders', orders);
      await insertAll(trx, 'orderProducts', lines);
      await insertAll(trx, 'orderTransactions', payments);
      await insertAll(trx, 'invoices', invoiceRows);
    });
    counts.orderProducts = (counts.orderProducts ?? 0) + lines.length;
    counts.orderTransactions = (counts.orderTransactions ?? 0) + payments.length;
    counts.invoices = (counts.invoices ?? 0) + invoiceRows.length;
    orderBar.add(orders.length);
  }
  orderBar.stop();

  await generateAccountData(db, { firstShopper, shoppers: size.shoppers, products, now, start, random, counts });

  if (db.kind === 'postgres') {
    // Explicit ids leave the identity sequences behind; new rows must continue after them.
    for (const table of ['shoppers', 'orders']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        k,
      );
    }
    // Statistics for the planner, and the visibility map that index-only scans rely on.
    await sql`vacuum analyze`.execute(k);
  } else {
    await sql`analyze`.execute(k);
  }
  if (sqlite) {
    // Measure with the settings the server runs with.
    sqlite.pragma(`cache_size = ${Number(cacheSize)}`);
    sqlite.pragma('synchronous = FULL');
  }

  const typical = await k
    .selectFrom('orders')
    .select('shopperId')
    .where('shopperId', '!=', firstShopper)
    .where('id', '>=', firstOrder + Math.floor(size.orders / 2))
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const shop: GeneratedShop = {
    version: GENERATOR_VERSION,
    size,
    heavyShopperId: firstShopper,
    typicalShopperId: typical.shopperId,
    firstShopperId: firstShopper,
    rows: counts,
    generatedAt: iso(now),
  };
  await k
    .insertInto('siteSettings')
    .values({ key: MARKER, value: JSON.stringify(shop) })
    .execute();
  return shop;
}
