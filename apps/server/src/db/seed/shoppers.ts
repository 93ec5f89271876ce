/**
 * The demo shoppers and their data, each showing different states of the account area:
 * Emma a long history in every state, Sofia a few orders and an unverified phone, Lukas German,
 * Swiss francs and a company address, Noah an empty account, Lotte a first sign-in.
 */
import type { Kysely } from 'kysely';
import { DEMO_PROVIDER, PERSONAS, type PersonaName } from '../../demo/personas.js';
import type { Database } from '../types.js';
import { seedAchievements } from './achievements.js';
import { seedActivity } from './activity.js';
import { seedAddressBooks } from './addresses.js';
import { seedOrders } from './orders.js';
import { seedProducts } from './products.js';
import { clock, seededRandom } from './seed-kit.js';
import { seedVouchers } from './vouchers.js';

interface ShopperSeed {
  persona: PersonaName;
  firstTimeLogin: boolean;
  language: string;
  country: string;
  currency: string;
  telephone: string;
  telephoneVerified: boolean;
  gender: number;
  birthDate: string | null;
  /** When the account was made, in days before the demo is seeded. */
  memberForDays: number;
}

const SHOPPERS: ShopperSeed[] = [
  {
    persona: 'emma',
    firstTimeLogin: false,
    language: 'en',
    country: 'NL',
    currency: 'EUR',
    telephone: '+31 612345678',
    telephoneVerified: true,
    gender: 2,
    birthDate: '1988-04-17',
    memberForDays: 1100,
  },
  {
    persona: 'sofia',
    firstTimeLogin: false,
    language: 'nl',
    country: 'BE',
    currency: 'EUR',
    telephone: '+32 470123456',
    telephoneVerified: false,
    gender: 2,
    birthDate: null,
    memberForDays: 260,
  },
  {
    persona: 'lukas',
    firstTimeLogin: false,
    language: 'de',
    country: 'CH',
    currency: 'CHF',
    telephone: '+41 791234567',
    telephoneVerified: true,
    gender: 1,
    birthDate: '1979-11-02',
    memberForDays: 720,
  },
  {
    persona: 'noah',
    firstTimeLogin: false,
    language: 'en',
    country: 'GB',
    currency: 'GBP',
    telephone: '',
    telephoneVerified: false,
    gender: 1,
    birthDate: null,
    memberForDays: 3,
  },
  {
    persona: 'lotte',
    firstTimeLogin: true,
    language: 'en',
    country: 'NL',
    currency: 'EUR',
    telephone: '',
    telephoneVerified: false,
    gender: 2,
    birthDate: null,
    memberForDays: 0,
  },
];

export async function seedShoppers(db: Kysely<Database>, now: Date): Promise<Record<PersonaName, number>> {
  const time = clock(now);
  // A fixed seed: the demo looks the same on every run, relative to `now`.
  const random = seededRandom(20261121);
  const ids = {} as Record<PersonaName, number>;
  for (const seed of SHOPPERS) {
    const persona = PERSONAS[seed.persona];
    const at = time.daysAgo(seed.memberForDays);
    const { id } = await db
      .insertInto('shoppers')
      .values({
        email: persona.email,
        // The demo provider asserts each persona's address as verified.
        emailVerifiedBy: `provider:${DEMO_PROVIDER}`,
        emailVerifiedAt: at,
        firstName: persona.firstName,
        lastName: persona.lastName,
        telephone: seed.telephone,
        gender: seed.gender,
        birthDate: seed.birthDate,
        firstTimeLogin: seed.firstTimeLogin ? 1 : 0,
        telephoneVerifyDate: seed.telephoneVerified ? new Date(now.getTime() - 90 * 86_400_000).toISOString() : null,
        defaultLanguage: seed.language,
        defaultCountry: seed.country,
        defaultCurrency: seed.currency,
        createdAt: at,
        updatedAt: time.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('shopperIdentities')
      .values({
        shopperId: id,
        provider: DEMO_PROVIDER,
        subject: persona.subject,
        email: persona.email,
        emailVerified: 1,
        createdAt: at,
        lastUsedAt: time.now,
      })
      .execute();
    ids[seed.persona] = id;
  }

  const catalogue = await seedProducts(db, time);
  await seedAddressBooks(db, ids, time);
  await seedOrders(db, ids, catalogue, time, random);
  await seedAchievements(db, ids, time);
  await seedVouchers(db, ids, time, random);
  await seedActivity(db, ids, catalogue, time);
  return ids;
}
