/** The demo shoppers and their data. */
import type { Kysely } from 'kysely';
import { DEMO_PROVIDER, PERSONAS, type PersonaName } from '../../demo/personas.js';
import type { Database } from '../types.js';

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
  },
];

export async function seedShoppers(db: Kysely<Database>, now: Date): Promise<Record<PersonaName, number>> {
  const at = now.toISOString();
  const ids = {} as Record<PersonaName, number>;
  for (const seed of SHOPPERS) {
    const persona = PERSONAS[seed.persona];
    const { id } = await db
      .insertInto('shoppers')
      .values({
        email: persona.email,
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
        updatedAt: at,
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
        lastUsedAt: at,
      })
      .execute();
    ids[seed.persona] = id;
  }
  return ids;
}
