/** What the shoppers keep an eye on: wishlists, recently viewed products, interests and newsletters. */
import type { PersonaName } from '../../demo/personas.js';
import type { Catalogue, ProductSlug } from './products.js';
import { type Clock, fromCents, type SeedDb } from './seed-kit.js';

/** Newest first: [product, hours ago]. */
const WISHLISTS: Partial<Record<PersonaName, [ProductSlug, number][]>> = {
  emma: [
    ['nordlys-2-ultralight-tent', 30],
    ['approach-pro-climbing-shoe', 75],
    ['glacier-sunglasses', 190],
    ['e-gift-card-50', 400],
    ['packable-insulated-vest', 900],
    ['scout-hip-pack', 2100],
  ],
  sofia: [
    ['summit-30-backpack', 50],
    ['ridge-trail-shorts', 500],
  ],
};

const RECENTLY_VIEWED: Partial<Record<PersonaName, [ProductSlug, number][]>> = {
  emma: [
    ['trailblazer-gtx-hiking-boot', 0.5],
    ['stormguard-gaiters', 1.2],
    ['nordlys-2-ultralight-tent', 3],
    ['titanium-cook-set', 7.5],
    ['route-guide-west-highland-way', 20],
    ['lightweight-camping-chair', 44],
    ['fjord-fleece-midlayer', 70],
    ['beacon-400-headlamp', 120],
  ],
  lukas: [
    ['alpine-down-jacket', 2],
    ['polar-down-sleeping-bag', 26],
    ['trekking-poles', 98],
  ],
};

const INTERESTS: Partial<Record<PersonaName, string[]>> = {
  emma: ['Hiking', 'Trail running', 'Camping', 'Winter sports'],
  sofia: ['Cycling'],
};

const NEWSLETTERS: Partial<Record<PersonaName, string[]>> = {
  emma: ['New arrivals', 'Trail stories'],
  sofia: ['Deals and offers'],
};

export async function seedActivity(
  db: SeedDb,
  shopperIds: Record<PersonaName, number>,
  catalogue: Catalogue,
  time: Clock,
) {
  const productRows = (lists: typeof WISHLISTS) =>
    Object.entries(lists).flatMap(([persona, items]) =>
      (items ?? []).map(([slug, hoursAgo]) => ({
        shopperId: shopperIds[persona as PersonaName],
        productId: catalogue[slug].id,
        at: time.daysAgo(hoursAgo / 24),
      })),
    );
  await db
    .insertInto('wishlistItems')
    .values(productRows(WISHLISTS).map(({ at, ...row }) => ({ ...row, addedAt: at })))
    .execute();
  // Issue 47: Emma follows two wished products; the vest's price dropped two days ago and she was told.
  const emma = shopperIds.emma;
  await db
    .updateTable('wishlistItems')
    .set({ alert: 1 })
    .where('shopperId', '=', emma)
    .where('productId', 'in', [catalogue['nordlys-2-ultralight-tent'].id, catalogue['packable-insulated-vest'].id])
    .execute();
  const vest = catalogue['packable-insulated-vest'];
  const dropAt = time.daysAgo(2);
  const drop = await db
    .insertInto('productChanges')
    .values({
      productId: vest.id,
      kind: 'priceDrop',
      currency: 'EUR',
      oldPriceE4: fromCents(vest.priceCents + 3000),
      newPriceE4: fromCents(vest.priceCents),
      at: dropAt,
      fannedTo: emma,
      fannedAt: dropAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('wishlistAlerts')
    .values({
      shopperId: emma,
      productId: vest.id,
      changeId: drop.id,
      state: 'sent',
      createdAt: dropAt,
      leaseUntil: null,
      doneAt: dropAt,
    })
    .execute();
  await db
    .insertInto('notificationChoices')
    .values([
      { shopperId: emma, event: 'outForDelivery', channel: 'sms', enabled: 1, updatedAt: time.daysAgo(20) },
      { shopperId: emma, event: 'orderConfirmed', channel: 'email', enabled: 0, updatedAt: time.daysAgo(20) },
    ])
    .execute();

  await db
    .insertInto('recentlyViewed')
    .values(productRows(RECENTLY_VIEWED).map(({ at, ...row }) => ({ ...row, viewedAt: at })))
    .execute();

  const interests = await db.selectFrom('interests').select(['id', 'name']).execute();
  const newsletters = await db.selectFrom('newsletters').select(['id', 'name']).execute();
  const choices = (chosen: typeof INTERESTS, options: { id: number; name: string }[]) =>
    Object.entries(chosen).flatMap(([persona, names]) =>
      (names ?? []).map((name) => {
        const option = options.find((o) => o.name === name);
        if (!option) throw new Error(`demo preference ${name} does not exist`);
        return { shopperId: shopperIds[persona as PersonaName], id: option.id };
      }),
    );
  await db
    .insertInto('shopperInterests')
    .values(choices(INTERESTS, interests).map(({ shopperId, id }) => ({ shopperId, interestId: id })))
    .execute();
  await db
    .insertInto('shopperNewsletters')
    .values(choices(NEWSLETTERS, newsletters).map(({ shopperId, id }) => ({ shopperId, newsletterId: id })))
    .execute();
}
