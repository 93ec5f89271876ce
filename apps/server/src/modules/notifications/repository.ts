/**
 * SQL of what a shopper hears about (issue 47): their choices per event and channel, the
 * wishlist's alert switches, and the alerts' life: a product change is fanned out to the
 * wishlists that follow the product in batches by shopper id, and each shopper's pending alerts
 * are claimed (one instance at a time: SKIP LOCKED on PostgreSQL) to go out as one message.
 */
import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../../db/connection.js';
import type { Database } from '../../db/types.js';

export interface ChoiceRow {
  event: string;
  channel: string;
  enabled: boolean;
}

/** A pending alert as its message needs it, with whether the product is still wished for with its alert on. */
export interface ClaimedAlert {
  id: number;
  productId: number;
  name: string;
  url: string | null;
  kind: 'backInStock' | 'priceDrop';
  currency: string | null;
  oldPriceE4: number | null;
  newPriceE4: number | null;
  stillWished: boolean;
}

/** The shopper's currency for a product: theirs when the shop has a price in it, else the product's own. */
const shownCurrency = sql<string>`coalesce((select pp.currency from product_prices pp
  where pp.product_id = w.product_id and pp.currency = s.default_currency), p.currency)`;

/** Alerts per INSERT statement of the fan-out: 7,000 bound values, well within SQLite's limit. */
const ALERTS_PER_INSERT = 1_000;

export function notificationRepository(db: Kysely<Database>, kind: DatabaseKind) {
  return {
    async choices(shopperId: number, executor: Kysely<Database> = db): Promise<ChoiceRow[]> {
      const rows = await executor
        .selectFrom('notificationChoices')
        .select(['event', 'channel', 'enabled'])
        .where('shopperId', '=', shopperId)
        .execute();
      return rows.map((row) => ({ ...row, enabled: row.enabled === 1 }));
    },

    async setChoices(shopperId: number, choices: readonly ChoiceRow[], now: string): Promise<void> {
      if (choices.length === 0) return;
      await db
        .insertInto('notificationChoices')
        .values(
          choices.map((choice) => ({
            shopperId,
            event: choice.event,
            channel: choice.channel,
            enabled: choice.enabled ? 1 : 0,
            updatedAt: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['shopperId', 'event', 'channel']).doUpdateSet((eb) => ({
            enabled: eb.ref('excluded.enabled'),
            updatedAt: eb.ref('excluded.updatedAt'),
          })),
        )
        .execute();
    },

    /** How to reach a live shopper: a verified email and a verified phone only. */
    async contact(shopperId: number, executor: Kysely<Database> = db) {
      return executor
        .selectFrom('shoppers')
        .select(['email', 'emailVerifiedBy', 'telephone', 'telephoneVerifyDate', 'defaultLanguage', 'wishlistAlerts'])
        .where('id', '=', shopperId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
    },

    /** The order a notice tells of. */
    async order(orderId: number, executor: Kysely<Database> = db) {
      return executor
        .selectFrom('orders')
        .select(['id', 'shopperId', 'orderNumber'])
        .where('id', '=', orderId)
        .executeTakeFirst();
    },

    /** The wishlist's items with their state: alert, availability, the shown price and the last changes since `since`. */
    async wishlistStates(shopperId: number, since: string) {
      return db
        .selectFrom('wishlistItems as w')
        .innerJoin('products as p', 'p.id', 'w.productId')
        .innerJoin('shoppers as s', 's.id', 'w.shopperId')
        .select((eb) => [
          'w.productId',
          'w.alert',
          'p.availability',
          shownCurrency.as('currency'),
          eb
            .selectFrom('productChanges as c')
            .select(sql<string>`max(c.at)`.as('at'))
            .whereRef('c.productId', '=', 'w.productId')
            .where('c.kind', '=', 'backInStock')
            .where('c.at', '>=', since)
            .as('backInStockAt'),
        ])
        .where('w.shopperId', '=', shopperId)
        .execute();
    },

    /** The latest price drops since `since` of these products, by product and currency. */
    async recentDrops(productIds: readonly number[], since: string) {
      if (productIds.length === 0) return [];
      return db
        .selectFrom('productChanges')
        .select(['productId', 'currency', 'oldPriceE4', 'newPriceE4', 'at'])
        .where('productId', 'in', productIds)
        .where('kind', '=', 'priceDrop')
        .where('at', '>=', since)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Turns one item's alert on or off; false when the product is not on the shopper's wishlist. */
    async setItemAlert(shopperId: number, productId: number, enabled: boolean): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('wishlistItems')
          .set({ alert: enabled ? 1 : 0 })
          .where('shopperId', '=', shopperId)
          .where('productId', '=', productId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        // An item turned off means the wishlist no longer follows every item.
        if (!enabled)
          await trx.updateTable('shoppers').set({ wishlistAlerts: 0 }).where('id', '=', shopperId).execute();
        return true;
      });
    },

    /** The wishlist-wide alert: every item's alert, and the one items added later start with. */
    async setAllAlerts(shopperId: number, enabled: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('shoppers')
          .set({ wishlistAlerts: enabled ? 1 : 0 })
          .where('id', '=', shopperId)
          .execute();
        await trx
          .updateTable('wishlistItems')
          .set({ alert: enabled ? 1 : 0 })
          .where('shopperId', '=', shopperId)
          .execute();
      });
    },

    /**
     * Fans out one change not yet done to up to `batchSize` more wishlists that follow its product
     * (alert on, the shopper live, and for a price drop: shown in its currency). Answers whether
     * there may be more to do. An alert is made once per shopper and change (unique index).
     */
    async fanOutBatch(batchSize: number, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        let next = trx
          .selectFrom('productChanges')
          .select(['id', 'productId', 'kind', 'currency', 'fannedTo'])
          .where('fannedAt', 'is', null)
          .orderBy('id')
          .limit(1);
        if (kind === 'postgres') next = next.forUpdate().skipLocked();
        const change = await next.executeTakeFirst();
        if (!change) return false;
        const from = change.fannedTo ?? 0;
        const batch = await trx
          .selectFrom('wishlistItems as w')
          .innerJoin('shoppers as s', 's.id', 'w.shopperId')
          .innerJoin('products as p', 'p.id', 'w.productId')
          .select('w.shopperId')
          .where('w.productId', '=', change.productId)
          .where('w.alert', '=', 1)
          .where('s.deletedAt', 'is', null)
          .where('w.shopperId', '>', from)
          .$if(change.kind === 'priceDrop', (q) => q.where(shownCurrency, '=', change.currency ?? ''))
          .orderBy('w.shopperId')
          .limit(batchSize)
          .execute();
        // In statements of ALERTS_PER_INSERT rows: a batch of 5,000 rows of 7 values in one would
        // pass SQLite's 32,766 bound values, and the fan-out would fail every round.
        for (let start = 0; start < batch.length; start += ALERTS_PER_INSERT) {
          await trx
            .insertInto('wishlistAlerts')
            .values(
              batch.slice(start, start + ALERTS_PER_INSERT).map((row) => ({
                shopperId: row.shopperId,
                productId: change.productId,
                changeId: change.id,
                state: 'pending' as const,
                createdAt: now,
                leaseUntil: null,
                doneAt: null,
              })),
            )
            .onConflict((oc) => oc.columns(['shopperId', 'changeId']).doNothing())
            .execute();
        }
        const last = batch.at(-1)?.shopperId ?? from;
        const done = batch.length < batchSize;
        await trx
          .updateTable('productChanges')
          .set({ fannedTo: last, fannedAt: done ? now : null })
          .where('id', '=', change.id)
          .execute();
        return true;
      });
    },

    /** Whether any alert waits unleased: the settings are read only then (see alert-job). */
    async anyPending(now: string): Promise<boolean> {
      const row = await db
        .selectFrom('wishlistAlerts')
        .select('id')
        .where('state', '=', 'pending')
        .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Shoppers with a pending, unleased alert made at or before `dueBefore` (so their oldest is
     * due). Read through the alerts that are due only: grouping every pending alert held SQLite's
     * one connection for tens of milliseconds each round while 100,000 waited their window.
     */
    async dueShoppers(dueBefore: string, now: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('wishlistAlerts')
        .select('shopperId')
        .distinct()
        .where('state', '=', 'pending')
        .where('createdAt', '<=', dueBefore)
        .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
        .limit(limit)
        .execute();
      return rows.map((row) => row.shopperId);
    },

    /**
     * Leases a shopper's pending alerts for one sending (none when another instance holds them),
     * with what their message needs.
     */
    async claimAlerts(shopperId: number, now: string, leaseUntil: string): Promise<ClaimedAlert[]> {
      let free = db
        .selectFrom('wishlistAlerts')
        .select('id')
        .where('shopperId', '=', shopperId)
        .where('state', '=', 'pending')
        .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]));
      if (kind === 'postgres') free = free.forUpdate().skipLocked();
      const leased = await db
        .updateTable('wishlistAlerts')
        .set({ leaseUntil })
        .where('id', 'in', free)
        .returning('id')
        .execute();
      if (leased.length === 0) return [];
      const rows = await db
        .selectFrom('wishlistAlerts as a')
        .innerJoin('productChanges as c', 'c.id', 'a.changeId')
        .innerJoin('products as p', 'p.id', 'a.productId')
        .leftJoin('wishlistItems as w', (join) =>
          join.onRef('w.shopperId', '=', 'a.shopperId').onRef('w.productId', '=', 'a.productId'),
        )
        .select([
          'a.id',
          'a.productId',
          'p.name',
          'p.url',
          'c.kind',
          'c.currency',
          'c.oldPriceE4',
          'c.newPriceE4',
          'w.alert',
        ])
        .where(
          'a.id',
          'in',
          leased.map((row) => row.id),
        )
        .orderBy('a.id')
        .execute();
      return rows.map(({ alert, oldPriceE4, newPriceE4, ...row }) => ({
        ...row,
        oldPriceE4: oldPriceE4 === null ? null : Number(oldPriceE4),
        newPriceE4: newPriceE4 === null ? null : Number(newPriceE4),
        stillWished: alert === 1,
      }));
    },

    /** Ends leased alerts: sent, or dropped (no longer wished for, or nothing to send them by). */
    async settleAlerts(
      ids: readonly number[],
      state: 'sent' | 'dropped',
      now: string,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      if (ids.length === 0) return;
      await executor
        .updateTable('wishlistAlerts')
        .set({ state, doneAt: now, leaseUntil: null })
        .where('id', 'in', ids)
        .execute();
    },

    transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** Forgets alerts and changes long done. */
    async sweep(before: string): Promise<void> {
      await db.deleteFrom('wishlistAlerts').where('state', '!=', 'pending').where('doneAt', '<', before).execute();
      await db
        .deleteFrom('productChanges')
        .where('fannedAt', '<', before)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('wishlistAlerts as a').select('a.id').whereRef('a.changeId', '=', 'productChanges.id'),
            ),
          ),
        )
        .execute();
    },
  };
}

export type NotificationRepository = ReturnType<typeof notificationRepository>;
