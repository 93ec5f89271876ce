/**
 * SQL of achievements, vouchers and the wishlist. The claims are conditional updates, so that of
 * two concurrent claims only one changes a row; the other finds nothing left to claim.
 */
import {
  type Achievement,
  achievementPercentage,
  fromTenThousandths,
  isAchievementClaimable,
  isVoucherExpired,
  type Voucher,
} from '@account/contract';
import { type Expression, type InferResult, type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/connection.js';
import { anyDeleted, upsertByExternalId } from '../../db/external-id.js';
import type { Database, NewRow } from '../../db/types.js';
import { type AccountPart, accountPart } from '../account/part.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The shop's achievements as every account shows them, in the shop's order. */
const catalogueOf = (db: Executor) =>
  db
    .selectFrom('achievements')
    .select([
      'achievements.id',
      'achievements.name',
      'achievements.detail',
      'achievements.description',
      'achievements.reward',
      'achievements.icon',
      'achievements.scaleType',
      'achievements.totalProgress',
      'achievements.currency',
    ])
    .orderBy('achievements.viewOrder')
    .orderBy('achievements.id');

type CatalogueEntry = InferResult<ReturnType<typeof catalogueOf>>[number];

/** The shopper's progress and claim on an achievement; null for one they have not started. */
interface Progress {
  progress: number | null;
  claimDate: string | null;
}

function toAchievement(r: CatalogueEntry, own: Progress | undefined): Achievement {
  // An achievement the shopper has not started has no row: no progress, no claim.
  const progress = own?.progress ?? 0;
  const claimDate = own?.claimDate ?? null;
  const progressPercentage = achievementPercentage(progress, r.totalProgress);
  const canClaim = isAchievementClaimable({ progressPercentage, claimDate });
  return {
    achievementId: r.id,
    name: r.name,
    detail: r.detail,
    description: r.description,
    reward: r.reward,
    icon: r.icon,
    scaleType: r.scaleType,
    progress,
    totalProgress: r.totalProgress,
    currency: r.currency,
    claimDate,
    disableClaim: !canClaim,
    animate: false,
    top: false,
    progressPercentage,
    canClaim,
  };
}

/** One achievement with the shopper's progress and claim, or undefined when the shop has no such one. */
async function shopperAchievement(db: Executor, shopperId: number, id: number): Promise<Achievement | undefined> {
  const row = await catalogueOf(db)
    .leftJoin('shopperAchievements', (join) =>
      join
        .onRef('shopperAchievements.achievementId', '=', 'achievements.id')
        .on('shopperAchievements.shopperId', '=', shopperId),
    )
    .select(['shopperAchievements.progress', 'shopperAchievements.claimDate'])
    .where('achievements.id', '=', id)
    .executeTakeFirst();
  return row && toAchievement(row, row);
}

/**
 * The shopper's vouchers with their campaigns (the account's vouchers, spec §3), grouped by
 * campaign; `only` narrows it to one voucher. A voucher's own expiry overrides its campaign's.
 */
const vouchersOf = (db: Executor, shopperId: number | Expression<number>) =>
  db
    .selectFrom('vouchers')
    .innerJoin('voucherCampaigns', 'voucherCampaigns.id', 'vouchers.campaignId')
    .select([
      'vouchers.id',
      'vouchers.campaignId',
      'voucherCampaigns.name as campaign',
      'vouchers.code',
      'vouchers.used',
      'voucherCampaigns.limited',
      'vouchers.redeemDate',
      'vouchers.claimDate',
      'vouchers.expireDate',
      'voucherCampaigns.expireDate as campaignExpireDate',
      'voucherCampaigns.discountPercentage',
      'voucherCampaigns.discountAmountE4',
      'voucherCampaigns.currency',
    ])
    .where('vouchers.shopperId', '=', shopperId)
    .orderBy('vouchers.campaignId')
    .orderBy('vouchers.id');

function toVoucher(r: InferResult<ReturnType<typeof vouchersOf>>[number], now: string): Voucher {
  const expireDate = r.expireDate ?? r.campaignExpireDate;
  return {
    id: r.id,
    campaignId: r.campaignId,
    campaign: r.campaign,
    code: r.code,
    used: r.used,
    limited: r.limited === 1,
    redeemDate: r.redeemDate,
    claimDate: r.claimDate,
    expireDate,
    isExpired: isVoucherExpired(expireDate, now),
    discount: {
      percentage: r.discountPercentage,
      amount: fromTenThousandths(r.discountAmountE4),
      currency: r.currency,
    },
  };
}

/** One of the shopper's vouchers with its campaign, or undefined when they hold no such one. */
async function shopperVoucher(db: Executor, shopperId: number, now: string, id: number): Promise<Voucher | undefined> {
  const row = await vouchersOf(db, shopperId).where('vouchers.id', '=', id).executeTakeFirst();
  return row && toVoucher(row, now);
}

/**
 * Every achievement of the shop with the shopper's progress, in their account (spec §3:
 * achievements). The catalogue is the same for every shopper and was most of what the account's
 * statement built (issue 23): the statement reads the shopper's progress and the catalogue's
 * version, which the database's triggers move on every change to the achievements, and this
 * instance reads the catalogue itself only when that version is newer than the one it holds.
 */
export function achievementsPart(db: Kysely<Database>): AccountPart<Achievement[]> {
  let held: { version: number; catalogue: Promise<CatalogueEntry[]> } | null = null;
  function catalogueAt(version: number): Promise<CatalogueEntry[]> {
    // Read after the version was: a catalogue newer than it is held under it, and read again with the next.
    if (!held || held.version < version) {
      const catalogue = catalogueOf(db).execute();
      const entry = { version, catalogue };
      held = entry;
      catalogue.catch(() => {
        if (held === entry) held = null;
      });
    }
    return held.catalogue;
  }
  return accountPart(
    (db, shopper) =>
      db
        .selectFrom('catalogueVersions')
        // The version's row with each of the shopper's progress rows, or alone when they have none.
        .leftJoin('shopperAchievements', (join) => join.on('shopperAchievements.shopperId', '=', shopper.id))
        .select([
          'catalogueVersions.version',
          'shopperAchievements.achievementId',
          'shopperAchievements.progress',
          'shopperAchievements.claimDate',
        ])
        .where('catalogueVersions.name', '=', 'achievements'),
    async (rows) => {
      const version = rows[0]?.version;
      if (version === undefined) throw new Error('The achievements catalogue has no version: migrations missing?');
      const progress = new Map(rows.map((row) => [row.achievementId, row]));
      return (await catalogueAt(version)).map((entry) => toAchievement(entry, progress.get(entry.id)));
    },
  );
}

/** The shopper's vouchers with their campaigns, in their account (spec §3: vouchers). */
export const vouchersPart = accountPart(
  (db, shopper) => vouchersOf(db, shopper.id),
  (rows, now) => rows.map((r) => toVoucher(r, now)),
);

export function rewardsRepository(db: Kysely<Database>, kind: DatabaseKind) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async achievement(shopperId: number, achievementId: number): Promise<Achievement | undefined> {
      return shopperAchievement(db, shopperId, achievementId);
    },

    /**
     * Sets the claim date of the shopper's achievement if it is claimable (§3: progress reached the
     * total, not claimed yet) in one conditional update; answers whether it did. On PostgreSQL a
     * concurrent claim waits for the row and then finds it claimed; SQLite runs one at a time.
     */
    async claimAchievement(
      shopperId: number,
      achievementId: number,
      now: string,
      executor: Executor = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('shopperAchievements')
        .set({ claimDate: now })
        .where('shopperId', '=', shopperId)
        .where('achievementId', '=', achievementId)
        .where('claimDate', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('achievements')
              .select('achievements.id')
              .where('achievements.id', '=', achievementId)
              // The same rule as isAchievementClaimable: progress/total of 100% or more, with a total.
              .where('achievements.totalProgress', '>', 0)
              .whereRef('achievements.totalProgress', '<=', 'shopperAchievements.progress'),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** One of the shopper's vouchers; inside a transaction pass it (SQLite has one connection). */
    async voucher(shopperId: number, voucherId: number, now: string, trx: Executor = db): Promise<Voucher | undefined> {
      return shopperVoucher(trx, shopperId, now, voucherId);
    },

    /** The campaign whose claim code this is, compared case-insensitively (a unique index on lower(claim_code)). */
    campaignByClaimCode(trx: Transaction<Database>, claimCode: string) {
      return trx
        .selectFrom('voucherCampaigns')
        .select(['id', 'expireDate'])
        .where((eb) => eb(eb.fn('lower', ['claimCode']), '=', eb.fn('lower', [eb.val(claimCode)])))
        .executeTakeFirst();
    },

    /**
     * Serialises one shopper's voucher claims until the transaction ends, so that a double click
     * cannot add two vouchers of one campaign. PostgreSQL locks the shopper's row; SQLite runs one
     * transaction at a time already (and has no FOR UPDATE).
     */
    async lockShopper(trx: Transaction<Database>, shopperId: number): Promise<void> {
      if (kind !== 'postgres') return;
      await trx.selectFrom('shoppers').select('id').where('id', '=', shopperId).forUpdate().execute();
    },

    async holdsCampaignVoucher(trx: Transaction<Database>, shopperId: number, campaignId: number): Promise<boolean> {
      const row = await trx
        .selectFrom('vouchers')
        .select('id')
        .where('shopperId', '=', shopperId)
        .where('campaignId', '=', campaignId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A new voucher of the campaign for the shopper, claimed now; its code is handed out next. */
    async insertClaimedVoucher(
      trx: Transaction<Database>,
      shopperId: number,
      campaignId: number,
      now: string,
    ): Promise<number> {
      const { id } = await trx
        .insertInto('vouchers')
        .values({
          campaignId,
          shopperId,
          code: null,
          used: 0,
          redeemDate: null,
          claimDate: now,
          expireDate: null,
          createdAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * Sets the claim date of one of the shopper's unclaimed vouchers in one conditional update;
     * answers whether it did. A concurrent claim of the same voucher finds it claimed.
     */
    async markVoucherClaimed(
      trx: Transaction<Database>,
      shopperId: number,
      voucherId: number,
      now: string,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('vouchers')
        .set({ claimDate: now })
        .where('id', '=', voucherId)
        .where('shopperId', '=', shopperId)
        .where('claimDate', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Hands the voucher a free code of its campaign's pool and stores it on the voucher; answers the
     * code, or null when the pool is empty. PostgreSQL skips codes that a concurrent claim has
     * just taken (SKIP LOCKED), so two claims never get the same code and neither waits.
     */
    async handOutCode(trx: Transaction<Database>, campaignId: number, voucherId: number): Promise<string | null> {
      const taken = await trx
        .updateTable('voucherCodes')
        .set({ voucherId })
        .where('voucherId', 'is', null)
        .where('id', '=', (eb) => {
          const free = eb
            .selectFrom('voucherCodes')
            .select('id')
            .where('campaignId', '=', campaignId)
            .where('voucherId', 'is', null)
            .orderBy('id')
            .limit(1);
          return kind === 'postgres' ? free.forUpdate().skipLocked() : free;
        })
        .returning('code')
        .executeTakeFirst();
      if (!taken) return null;
      await trx.updateTable('vouchers').set({ code: taken.code }).where('id', '=', voucherId).execute();
      return taken.code;
    },

    /** Removes these products from the shopper's own wishlist; products not on it are ignored. */
    /** Answers the products that were on the list and are gone now. */
    async removeWishes(shopperId: number, productIds: readonly number[], executor: Executor = db): Promise<number[]> {
      const removed = await executor
        .deleteFrom('wishlistItems')
        .where('shopperId', '=', shopperId)
        .where('productId', 'in', productIds)
        .returning('productId')
        .execute();
      return removed.map((row) => row.productId);
    },
  };
}

export type RewardsRepository = ReturnType<typeof rewardsRepository>;

/** A row's own columns as the shop sends them; the creation time is set once, on insert. */
type ShopValues<T extends 'voucherCampaigns' | 'vouchers' | 'achievements'> = Omit<
  NewRow<T>,
  'id' | 'externalId' | 'createdAt'
>;
export type ShopVoucherCampaign = ShopValues<'voucherCampaigns'>;
export type ShopVoucher = ShopValues<'vouchers'>;
export type ShopAchievement = ShopValues<'achievements'>;

/** The shop's writes of campaigns, vouchers, achievements, progress and wishlists by its own ids. */
export function rewardRecordRepository(db: Kysely<Database>) {
  const campaignIdOf = async (externalId: string) =>
    (await db.selectFrom('voucherCampaigns').select('id').where('externalId', '=', externalId).executeTakeFirst())?.id;
  const voucherIdOf = async (externalId: string) =>
    (await db.selectFrom('vouchers').select('id').where('externalId', '=', externalId).executeTakeFirst())?.id;
  const achievementIdOf = async (externalId: string) =>
    (await db.selectFrom('achievements').select('id').where('externalId', '=', externalId).executeTakeFirst())?.id;

  return {
    campaignIdOf,
    voucherIdOf,
    achievementIdOf,

    async campaignIdWithClaimCode(claimCode: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('voucherCampaigns')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['claimCode']), '=', claimCode.toLowerCase()))
        .executeTakeFirst();
      return row?.id;
    },

    async voucherIdWithCode(code: string): Promise<number | undefined> {
      return (await db.selectFrom('vouchers').select('id').where('code', '=', code).executeTakeFirst())?.id;
    },

    async putCampaign(externalId: string, values: ShopVoucherCampaign, now: string) {
      return upsertByExternalId(
        await campaignIdOf(externalId),
        (id) => db.updateTable('voucherCampaigns').set(values).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('voucherCampaigns')
              .values({ createdAt: now, ...values, externalId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
    },

    /** Which of these pool codes exist, and in which campaign. */
    poolCodes(codes: readonly string[]) {
      return db
        .selectFrom('voucherCodes')
        .select(['code', 'campaignId'])
        .where('code', 'in', [...codes])
        .execute();
    },

    async addPoolCodes(campaignId: number, codes: readonly string[]): Promise<void> {
      await db
        .insertInto('voucherCodes')
        .values(codes.map((code) => ({ campaignId, code, voucherId: null })))
        .execute();
    },

    async putVoucher(externalId: string, values: ShopVoucher, now: string) {
      return upsertByExternalId(
        await voucherIdOf(externalId),
        (id) => db.updateTable('vouchers').set(values).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('vouchers')
              .values({ createdAt: now, ...values, externalId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
    },

    async putAchievement(externalId: string, values: ShopAchievement, now: string) {
      return upsertByExternalId(
        await achievementIdOf(externalId),
        (id) => db.updateTable('achievements').set(values).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('achievements')
              .values({ createdAt: now, ...values, externalId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
    },

    async deleteCampaign(externalId: string): Promise<boolean> {
      return anyDeleted(
        await db.deleteFrom('voucherCampaigns').where('externalId', '=', externalId).executeTakeFirst(),
      );
    },

    async deleteVoucher(externalId: string): Promise<boolean> {
      return anyDeleted(await db.deleteFrom('vouchers').where('externalId', '=', externalId).executeTakeFirst());
    },

    async deleteAchievement(externalId: string): Promise<boolean> {
      return anyDeleted(await db.deleteFrom('achievements').where('externalId', '=', externalId).executeTakeFirst());
    },

    /** Sets the shopper's progress, keeping a claim; answers whether the shopper had none before. */
    async putProgress(shopperId: number, achievementId: number, progress: number): Promise<boolean> {
      const existing = await db
        .selectFrom('shopperAchievements')
        .select('progress')
        .where('shopperId', '=', shopperId)
        .where('achievementId', '=', achievementId)
        .executeTakeFirst();
      await db
        .insertInto('shopperAchievements')
        .values({ shopperId, achievementId, progress, claimDate: null })
        .onConflict((oc) => oc.columns(['shopperId', 'achievementId']).doUpdateSet({ progress }))
        .execute();
      return existing === undefined;
    },

    async deleteProgress(shopperId: number, achievementId: number): Promise<boolean> {
      return anyDeleted(
        await db
          .deleteFrom('shopperAchievements')
          .where('shopperId', '=', shopperId)
          .where('achievementId', '=', achievementId)
          .executeTakeFirst(),
      );
    },

    /** Puts the product on the shopper's wishlist at this time; answers whether it is new there. */
    async putWishlistItem(shopperId: number, productId: number, addedAt: string): Promise<boolean> {
      const existing = await db
        .selectFrom('wishlistItems')
        .select('productId')
        .where('shopperId', '=', shopperId)
        .where('productId', '=', productId)
        .executeTakeFirst();
      await db
        .insertInto('wishlistItems')
        .values({
          shopperId,
          productId,
          addedAt,
          // A wishlist whose alerts are all on (issue 47) follows what is added to it, too.
          alert: sql<number>`(select wishlist_alerts from shoppers where id = ${shopperId})`,
        })
        .onConflict((oc) => oc.columns(['shopperId', 'productId']).doUpdateSet({ addedAt }))
        .execute();
      return existing === undefined;
    },

    async deleteWishlistItem(shopperId: number, productId: number): Promise<boolean> {
      return anyDeleted(
        await db
          .deleteFrom('wishlistItems')
          .where('shopperId', '=', shopperId)
          .where('productId', '=', productId)
          .executeTakeFirst(),
      );
    },
  };
}

export type RewardRecordRepository = ReturnType<typeof rewardRecordRepository>;
