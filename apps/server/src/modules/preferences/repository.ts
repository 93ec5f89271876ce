import type { NewsletterItem, PreferenceItem } from '@account/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/connection.js';
import { anyDeleted, upsertByExternalId } from '../../db/external-id.js';
import { prepared } from '../../db/prepared.js';
import { emailVerificationSet } from '../../db/shopper-email.js';
import type { Database, NewRow } from '../../db/types.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Where the shopper's choices of each of the shop's lists are kept. */
const CHOICES = { interests: 'shopperInterests', newsletters: 'shopperNewsletters' } as const;
/** The column of each choice that names the list's item. */
const CHOSEN_ITEM = { interests: 'interestId', newsletters: 'newsletterId' } as const;

/** The shopper's id as a selected value: typed, for PostgreSQL cannot tell a bare parameter's type there. */
const shopperValue = (shopperId: number) => sql<number>`cast(${shopperId} as integer)`.as('shopperId');

export function preferencesRepository(db: Kysely<Database>, kind: DatabaseKind) {
  /**
   * Two replacements of one shopper's list at once (two tabs) would both delete and then both
   * insert: a duplicate key, a 500. On PostgreSQL the shopper's row lock makes them take turns;
   * SQLite runs one transaction at a time anyway.
   */
  const lockShopper = async (executor: Executor, shopperId: number) => {
    if (kind !== 'postgres') return;
    await executor.selectFrom('shoppers').select('id').where('id', '=', shopperId).forUpdate().execute();
  };

  /** Whether the shopper chose the list's item of this row. */
  const chosen = (list: keyof typeof CHOICES, shopperId: number) => {
    const choices = CHOICES[list];
    return sql<boolean>`exists (select 1 from ${sql.table(choices)} where ${sql.ref(`${choices}.shopperId`)} = ${shopperId} and ${sql.ref(`${choices}.${CHOSEN_ITEM[list]}`)} = ${sql.ref(`${list}.id`)})`;
  };
  /**
   * The shop's two lists in their order, each item marked whether the shopper chose it: one
   * statement for both, so a call that answers them takes one connection once.
   */
  const lists = prepared(db, (p: { shopperId: number }) =>
    db
      .selectFrom('interests')
      .select([
        sql.lit('interests').as('list'),
        'id',
        'name',
        // Typed for PostgreSQL, which cannot tell a bare null's type in a union.
        sql<string | null>`cast(null as text)`.as('mailType'),
        'viewOrder',
        chosen('interests', p.shopperId).as('selected'),
      ])
      .unionAll(
        db
          .selectFrom('newsletters')
          .select([
            sql.lit('newsletters').as('list'),
            'id',
            'name',
            'mailType',
            'viewOrder',
            chosen('newsletters', p.shopperId).as('selected'),
          ]),
      )
      .orderBy('list')
      .orderBy('viewOrder')
      .orderBy('id'),
  );

  return {
    /** The shop's interests and newsletters, each marked whether the shopper chose it. */
    async preferences(shopperId: number): Promise<{ interests: PreferenceItem[]; newsletters: NewsletterItem[] }> {
      const interests: PreferenceItem[] = [];
      const newsletters: NewsletterItem[] = [];
      for (const row of await lists.rows({ shopperId })) {
        const selected = Boolean(row.selected);
        if (row.list === 'interests') interests.push({ id: row.id, name: row.name, selected });
        else newsletters.push({ id: row.id, name: row.name, selected, mailType: row.mailType ?? '' });
      }
      return { interests, newsletters };
    },

    /** Whether every one of `ids` is one of the shop's. */
    async allKnown(table: 'interests' | 'newsletters', ids: readonly number[]): Promise<boolean> {
      const distinct = [...new Set(ids)];
      if (distinct.length === 0) return true;
      const rows = await db.selectFrom(table).select('id').where('id', 'in', distinct).execute();
      return rows.length === distinct.length;
    },

    /**
     * Replaces the shopper's chosen interests or newsletters with `ids`: false, with nothing
     * inserted for them, when any is not one of the shop's, and the caller rolls back with a field
     * error. The insert itself checks (it copies the ids from the shop's list), so one the shop
     * deletes meanwhile is an unknown id, not a foreign-key failure, and no statement goes out to
     * check them first.
     */
    async replaceChoices(
      executor: Executor,
      list: 'interests' | 'newsletters',
      shopperId: number,
      ids: readonly number[],
    ): Promise<boolean> {
      await lockShopper(executor, shopperId);
      await executor.deleteFrom(CHOICES[list]).where('shopperId', '=', shopperId).execute();
      const chosen = [...new Set(ids)];
      if (chosen.length === 0) return true;
      const into =
        list === 'interests'
          ? executor.insertInto('shopperInterests').columns(['shopperId', 'interestId'])
          : executor.insertInto('shopperNewsletters').columns(['shopperId', 'newsletterId']);
      const inserted = await into
        .expression(
          executor
            .selectFrom(list)
            .select([shopperValue(shopperId), 'id'])
            .where('id', 'in', chosen),
        )
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows) === chosen.length;
    },

    async isFirstTimeLogin(shopperId: number, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .selectFrom('shoppers')
        .select('firstTimeLogin')
        .where('id', '=', shopperId)
        .executeTakeFirst();
      return row?.firstTimeLogin === 1;
    },

    async completeFirstLogin(
      executor: Executor,
      shopperId: number,
      fields: { gender: number; firstName: string; lastName: string; email?: string; pendingEmail?: string | null },
      now: string,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('shoppers')
        .set({
          ...fields,
          ...(fields.email === undefined ? {} : emailVerificationSet(fields.email, now)),
          firstTimeLogin: 0,
          updatedAt: now,
        })
        .where('id', '=', shopperId)
        .where('firstTimeLogin', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}

export type PreferencesRepository = ReturnType<typeof preferencesRepository>;

export type ShopInterest = Omit<NewRow<'interests'>, 'id' | 'externalId'>;
export type ShopNewsletter = Omit<NewRow<'newsletters'>, 'id' | 'externalId'>;

/** The shop's writes of interests, newsletters and the shopper's choices of them, by the shop's own ids. */
export function preferenceRecordRepository(db: Kysely<Database>) {
  const interestIdOf = async (externalId: string) =>
    (await db.selectFrom('interests').select('id').where('externalId', '=', externalId).executeTakeFirst())?.id;
  const newsletterIdOf = async (externalId: string) =>
    (await db.selectFrom('newsletters').select('id').where('externalId', '=', externalId).executeTakeFirst())?.id;

  return {
    async putInterest(externalId: string, values: ShopInterest) {
      return upsertByExternalId(
        await interestIdOf(externalId),
        (id) => db.updateTable('interests').set(values).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('interests')
              .values({ ...values, externalId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
    },

    async putNewsletter(externalId: string, values: ShopNewsletter) {
      return upsertByExternalId(
        await newsletterIdOf(externalId),
        (id) => db.updateTable('newsletters').set(values).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('newsletters')
              .values({ ...values, externalId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
    },

    async deleteInterest(externalId: string): Promise<boolean> {
      return anyDeleted(await db.deleteFrom('interests').where('externalId', '=', externalId).executeTakeFirst());
    },

    async deleteNewsletter(externalId: string): Promise<boolean> {
      return anyDeleted(await db.deleteFrom('newsletters').where('externalId', '=', externalId).executeTakeFirst());
    },

    /** The interests or newsletters with these ids of the shop. */
    idsOfExternal(table: 'interests' | 'newsletters', externalIds: readonly string[]) {
      return db
        .selectFrom(table)
        .select(['id', 'externalId'])
        .where('externalId', 'in', [...externalIds])
        .execute();
    },

    async replaceShopperInterests(shopperId: number, interestIds: readonly number[]): Promise<void> {
      await db.deleteFrom('shopperInterests').where('shopperId', '=', shopperId).execute();
      if (interestIds.length > 0) {
        await db
          .insertInto('shopperInterests')
          .values(interestIds.map((interestId) => ({ shopperId, interestId })))
          .execute();
      }
    },

    async replaceShopperNewsletters(shopperId: number, newsletterIds: readonly number[]): Promise<void> {
      await db.deleteFrom('shopperNewsletters').where('shopperId', '=', shopperId).execute();
      if (newsletterIds.length > 0) {
        await db
          .insertInto('shopperNewsletters')
          .values(newsletterIds.map((newsletterId) => ({ shopperId, newsletterId })))
          .execute();
      }
    },
  };
}

export type PreferenceRecordRepository = ReturnType<typeof preferenceRecordRepository>;
