/** The demo shop's catalogue: outdoor gear, with a few digital code products (productType 1). */
import { DEMO_ASSETS } from '../../demo/shop.js';
import { type Clock, fromCents, type SeedDb } from './seed-kit.js';

/** [slug, name, category, price in euro cents, productType] */
const CATALOGUE = [
  ['trailblazer-gtx-hiking-boot', 'Trailblazer GTX hiking boot', 'Footwear', 18995, 0],
  ['trail-runner-gtx', 'Trail Runner GTX running shoe', 'Footwear', 14995, 0],
  ['ridgeline-mid-walking-boot', 'Ridgeline Mid walking boot', 'Footwear', 13495, 0],
  ['approach-pro-climbing-shoe', 'Approach Pro climbing shoe', 'Footwear', 11900, 0],
  ['cabin-wool-slipper', 'Cabin wool slipper', 'Footwear', 3995, 0],
  ['merino-hiking-socks', 'Merino hiking socks (2-pack)', 'Footwear', 2495, 0],
  ['stormguard-gaiters', 'Stormguard waterproof gaiters', 'Footwear', 4495, 0],
  ['summit-30-backpack', 'Summit 30 L backpack', 'Backpacks', 12995, 0],
  ['summit-45-trekking-backpack', 'Summit 45 L trekking backpack', 'Backpacks', 17995, 0],
  ['daytripper-20-daypack', 'Daytripper 20 L daypack', 'Backpacks', 6995, 0],
  ['fastpack-12-running-vest', 'Fastpack 12 running vest', 'Backpacks', 8995, 0],
  ['roll-top-dry-bag-15', 'Roll-top dry bag 15 L', 'Backpacks', 2495, 0],
  ['scout-hip-pack', 'Scout hip pack', 'Backpacks', 3495, 0],
  ['alpine-down-jacket', 'Alpine 800 down jacket', 'Jackets', 24900, 0],
  ['stormshell-3l-rain-jacket', 'Stormshell 3L rain jacket', 'Jackets', 21995, 0],
  ['windrunner-softshell-jacket', 'Windrunner softshell jacket', 'Jackets', 13995, 0],
  ['fjord-fleece-midlayer', 'Fjord fleece midlayer', 'Jackets', 7995, 0],
  ['packable-insulated-vest', 'Packable insulated vest', 'Jackets', 9995, 0],
  ['merino-200-base-layer', 'Merino 200 base layer top', 'Clothing', 6995, 0],
  ['convertible-hiking-trousers', 'Convertible zip-off hiking trousers', 'Clothing', 8995, 0],
  ['ridge-trail-shorts', 'Ridge trail shorts', 'Clothing', 4995, 0],
  ['nordlys-2-ultralight-tent', 'Nordlys 2 ultralight tent', 'Camping', 39900, 0],
  ['basecamp-4-family-tent', 'Basecamp 4 family tent', 'Camping', 54900, 0],
  ['polar-down-sleeping-bag', 'Polar -5 °C down sleeping bag', 'Camping', 28900, 0],
  ['self-inflating-sleeping-mat', 'Self-inflating sleeping mat', 'Camping', 7495, 0],
  ['flame-compact-gas-stove', 'Flame compact gas stove', 'Camping', 4995, 0],
  ['camp-mug', 'Enamel camp mug', 'Camping', 1495, 0],
  ['titanium-cook-set', 'Titanium cook set', 'Camping', 6495, 0],
  ['lightweight-camping-chair', 'Lightweight camping chair', 'Camping', 5995, 0],
  ['trekking-poles', 'Carbon trekking poles', 'Accessories', 10995, 0],
  ['beacon-400-headlamp', 'Beacon 400 headlamp', 'Accessories', 4495, 0],
  ['insulated-water-bottle', 'Insulated water bottle 750 ml', 'Accessories', 2995, 0],
  ['squeeze-water-filter', 'Squeeze water filter', 'Accessories', 3995, 0],
  ['baseplate-compass', 'Baseplate compass', 'Accessories', 2495, 0],
  ['trail-first-aid-kit', 'Trail first-aid kit', 'Accessories', 2795, 0],
  ['merino-beanie', 'Merino beanie', 'Accessories', 2795, 0],
  ['glacier-sunglasses', 'Glacier category 4 sunglasses', 'Accessories', 8995, 0],
  ['e-gift-card-25', 'E-gift card €25', 'Gift cards', 2500, 1],
  ['e-gift-card-50', 'E-gift card €50', 'Gift cards', 5000, 1],
  ['e-gift-card-100', 'E-gift card €100', 'Gift cards', 10000, 1],
  ['gift-card-in-a-box', 'Gift card in a wooden gift box €75', 'Gift cards', 7500, 0],
  ['route-guide-dolomites', 'Digital route guide: Dolomites Alta Via 1', 'Route guides', 1295, 1],
  ['route-guide-west-highland-way', 'Digital route guide: West Highland Way', 'Route guides', 995, 1],
] as const;

export type ProductSlug = (typeof CATALOGUE)[number][0];

export interface SeededProduct {
  id: number;
  slug: ProductSlug;
  name: string;
  categoryName: string;
  image: string;
  url: string;
  /** Euro cents. */
  priceCents: number;
  productType: number;
}

export type Catalogue = Record<ProductSlug, SeededProduct>;

/** The demo shop's price lists besides euros: the euro price at a fixed rate, ending in .95. */
const PRICE_LIST_RATES: Record<string, number> = { USD: 1.08, GBP: 0.86, CHF: 0.96 };
const priceListPrice = (euroE4: number, rate: number) =>
  euroE4 === 0 ? 0 : Math.ceil((euroE4 * rate) / fromCents(100)) * fromCents(100) - fromCents(5);

/** The demo products buy again cannot add; the rest are in stock. */
const AVAILABILITY: Partial<Record<ProductSlug, 'lowStock' | 'outOfStock' | 'discontinued'>> = {
  'glacier-sunglasses': 'discontinued',
  'merino-hiking-socks': 'outOfStock',
  'camp-mug': 'lowStock',
};

const image = (slug: string) => `${DEMO_ASSETS}/products/${slug}.svg`;
const url = (slug: string) => `/product/${slug}`;

export async function seedProducts(db: SeedDb, time: Clock): Promise<Catalogue> {
  await db
    .insertInto('products')
    .values(
      CATALOGUE.map(([slug, name, categoryName, priceCents, productType], index) => {
        // Older products first, so the catalogue has a history.
        const at = time.daysAgo(1500 - index * 12);
        return {
          // The shop's id of the product: what its cart link adds (buy again).
          externalId: slug,
          availability: AVAILABILITY[slug] ?? 'inStock',
          name,
          categoryName,
          image: image(slug),
          url: url(slug),
          priceE4: fromCents(priceCents),
          currency: 'EUR',
          productType,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .execute();
  const rows = await db.selectFrom('products').select(['id', 'url', 'priceE4']).execute();
  const idByUrl = new Map(rows.map((row) => [row.url, row.id]));
  await db
    .insertInto('productPrices')
    .values(
      rows.flatMap((row) =>
        Object.entries(PRICE_LIST_RATES).map(([currency, rate]) => ({
          productId: row.id,
          currency,
          priceE4: priceListPrice(row.priceE4, rate),
        })),
      ),
    )
    .execute();
  const catalogue = {} as Catalogue;
  for (const [slug, name, categoryName, priceCents, productType] of CATALOGUE) {
    const id = idByUrl.get(url(slug));
    if (id === undefined) throw new Error(`demo product ${slug} was not stored`);
    catalogue[slug] = { id, slug, name, categoryName, image: image(slug), url: url(slug), priceCents, productType };
  }
  return catalogue;
}
