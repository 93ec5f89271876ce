/**
 * The demo shop: an empty database in demo mode is filled with a believable shop and shoppers
 * that show every state of every screen. Seeding runs once; a database that already has data
 * (or was seeded before) is left alone.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../types.js';
import {
  DEMO_COUNTRIES,
  DEMO_CURRENCIES,
  DEMO_INTERESTS,
  DEMO_LANGUAGES,
  DEMO_NEWSLETTERS,
  DEMO_PAGES,
  DEMO_SETTINGS,
} from './reference-data.js';
import { seedShoppers } from './shoppers.js';

const SEEDED_MARKER = 'demoSeededAt';

export interface SeedOptions {
  publicUrl: string;
  /** The moment the demo data is relative to; tests pin it. */
  now?: Date;
}

export async function seedDemo(db: Kysely<Database>, options: SeedOptions): Promise<boolean> {
  const marker = await db.selectFrom('siteSettings').select('key').where('key', '=', SEEDED_MARKER).executeTakeFirst();
  const anyShopper = await db.selectFrom('shoppers').select('id').limit(1).executeTakeFirst();
  if (marker || anyShopper) return false;
  const now = options.now ?? new Date();

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('siteSettings')
      .values(Object.entries(DEMO_SETTINGS).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
      .execute();
    await trx.insertInto('languages').values(DEMO_LANGUAGES).execute();
    await trx.insertInto('currencies').values(DEMO_CURRENCIES).execute();
    await trx.insertInto('countries').values(DEMO_COUNTRIES).execute();
    await trx.insertInto('interests').values(DEMO_INTERESTS).execute();
    await trx.insertInto('newsletters').values(DEMO_NEWSLETTERS).execute();
    await trx.insertInto('customPages').values(DEMO_PAGES).execute();
    await seedShoppers(trx, now);
    await trx
      .insertInto('siteSettings')
      .values({ key: SEEDED_MARKER, value: JSON.stringify(now.toISOString()) })
      .execute();
  });
  return true;
}
