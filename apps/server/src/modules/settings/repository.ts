import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

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
    customPages() {
      return db
        .selectFrom('customPages')
        .select(['id', 'name', 'title', 'url', 'layout', 'iconUrl', 'section', 'viewOrder'])
        .orderBy('section')
        .orderBy('viewOrder')
        .execute();
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
