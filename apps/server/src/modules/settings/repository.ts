import type { Kysely } from 'kysely';
import { anyDeleted, upsertByExternalId } from '../../db/external-id.js';
import type { Database, NewRow } from '../../db/types.js';

export function settingsRepository(db: Kysely<Database>) {
  return {
    async settings(): Promise<Record<string, unknown>> {
      const rows = await db.selectFrom('siteSettings').select(['key', 'value']).execute();
      const out: Record<string, unknown> = {};
      for (const row of rows) {
        try {
          out[row.key] = JSON.parse(row.value);
        } catch {
          // A value that is not JSON is ignored and falls back to its default.
        }
      }
      return out;
    },
    async putSetting(key: string, value: unknown): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto('siteSettings')
        .values({ key, value: json })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
        .execute();
    },
    languages() {
      return db
        .selectFrom('languages')
        .select(['code', 'name', 'isDefault'])
        .orderBy('viewOrder')
        .orderBy('name')
        .execute();
    },
    currencies() {
      return db
        .selectFrom('currencies')
        .select(['code', 'displayName', 'sign'])
        .orderBy('viewOrder')
        .orderBy('code')
        .execute();
    },
    countries() {
      return db
        .selectFrom('countries')
        .select(['code', 'name', 'isShipping'])
        .orderBy('viewOrder')
        .orderBy('name')
        .execute();
    },
    async customPages() {
      const rows = await db
        .selectFrom('customPages')
        .select(['id', 'name', 'title', 'titles', 'url', 'layout', 'iconUrl', 'section', 'viewOrder'])
        .orderBy('section')
        .orderBy('viewOrder')
        .execute();
      return rows.map((row) => ({ ...row, titles: parseTitles(row.titles) }));
    },
    translations(languageCode: string) {
      return db
        .selectFrom('translations')
        .select(['key', 'value'])
        .where('languageCode', '=', languageCode)
        .orderBy('key')
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;

/** A page as the shop sends it; `titles` by language code (any case). */
export type ShopCustomPage = Omit<NewRow<'customPages'>, 'id' | 'externalId' | 'titles'> & {
  titles: Record<string, string>;
};

/** The stored titles by lower-case language code; a value that is not such JSON holds none. */
function parseTitles(json: string | null): Record<string, string> {
  if (json === null) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** Keys in lower case, so that a language matches however the shop spells its code. */
function titlesJson(titles: Record<string, string>): string | null {
  const entries = Object.entries(titles).filter(([, title]) => title !== '');
  return entries.length > 0
    ? JSON.stringify(Object.fromEntries(entries.map(([code, t]) => [code.toLowerCase(), t])))
    : null;
}
type ListTable = 'languages' | 'currencies' | 'countries';

/** The shop's writes of its pages, texts and lists (languages, currencies, countries). */
export function settingsRecordRepository(db: Kysely<Database>) {
  const pageIdOf = async (externalId: string) =>
    (await db.selectFrom('customPages').select('id').where('externalId', '=', externalId).executeTakeFirst())?.id;
  const has = async (table: ListTable, code: string) =>
    (await db.selectFrom(table).select('code').where('code', '=', code).executeTakeFirst()) !== undefined;

  return {
    /** The codes of one of the shop's lists. */
    async codes(table: ListTable): Promise<string[]> {
      return (await db.selectFrom(table).select('code').execute()).map((row) => row.code);
    },

    countryNames() {
      return db.selectFrom('countries').select(['code', 'name']).execute();
    },

    async pageIdWithName(name: string): Promise<number | undefined> {
      return (await db.selectFrom('customPages').select('id').where('name', '=', name).executeTakeFirst())?.id;
    },

    pageIdOf,

    async putPage(externalId: string, page: ShopCustomPage) {
      const values = { ...page, titles: titlesJson(page.titles) };
      return upsertByExternalId(
        await pageIdOf(externalId),
        (id) => db.updateTable('customPages').set(values).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('customPages')
              .values({ ...values, externalId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
    },

    async deletePage(externalId: string): Promise<boolean> {
      return anyDeleted(await db.deleteFrom('customPages').where('externalId', '=', externalId).executeTakeFirst());
    },

    /** Merges the texts of one language (null removes a text); answers whether it had any before. */
    async mergeTranslations(languageCode: string, entries: Record<string, string | null>): Promise<boolean> {
      const before = await db
        .selectFrom('translations')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('languageCode', '=', languageCode)
        .executeTakeFirstOrThrow();
      for (const [key, value] of Object.entries(entries)) {
        if (value === null) {
          await db.deleteFrom('translations').where('languageCode', '=', languageCode).where('key', '=', key).execute();
        } else {
          await db
            .insertInto('translations')
            .values({ languageCode, key, value })
            .onConflict((oc) => oc.columns(['languageCode', 'key']).doUpdateSet({ value }))
            .execute();
        }
      }
      return Number(before.count) > 0;
    },

    /** Removes the texts of a language (its code in any case). */
    async deleteTranslations(languageCode: string): Promise<boolean> {
      return anyDeleted(
        await db
          .deleteFrom('translations')
          .where((eb) => eb(eb.fn('lower', ['languageCode']), '=', languageCode.toLowerCase()))
          .executeTakeFirst(),
      );
    },

    /** Creates or replaces a language; the default one is the only default. Answers whether it existed. */
    async putLanguage(language: NewRow<'languages'>): Promise<boolean> {
      if (language.isDefault) await db.updateTable('languages').set({ isDefault: 0 }).execute();
      const existed = await has('languages', language.code);
      const { code, ...values } = language;
      await db
        .insertInto('languages')
        .values(language)
        .onConflict((oc) => oc.column('code').doUpdateSet(values))
        .execute();
      return existed;
    },

    async putCurrency(currency: NewRow<'currencies'>): Promise<boolean> {
      const existed = await has('currencies', currency.code);
      const { code, ...values } = currency;
      await db
        .insertInto('currencies')
        .values(currency)
        .onConflict((oc) => oc.column('code').doUpdateSet(values))
        .execute();
      return existed;
    },

    async putCountry(country: NewRow<'countries'>): Promise<boolean> {
      const existed = await has('countries', country.code);
      const { code, ...values } = country;
      await db
        .insertInto('countries')
        .values(country)
        .onConflict((oc) => oc.column('code').doUpdateSet(values))
        .execute();
      return existed;
    },

    /** Removes an entry of one of the lists by its code in any case. */
    async deleteListEntry(table: ListTable, code: string): Promise<boolean> {
      return anyDeleted(
        await db
          .deleteFrom(table)
          .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
          .executeTakeFirst(),
      );
    },
  };
}

export type SettingsRecordRepository = ReturnType<typeof settingsRecordRepository>;
