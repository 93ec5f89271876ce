import { type Achievement, fromMinorUnits, type Product, type Voucher } from '@account/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { shopperAddresses } from '../addresses/repository.js';
import { phoneRepository } from '../phone/repository.js';

export const SHOPPER_COLUMNS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'telephone',
  'gender',
  'birthDate',
  'imageUrl',
  'firstTimeLogin',
  'telephoneVerifyDate',
  'defaultLanguage',
  'defaultCountry',
  'defaultCurrency',
] as const;

export function accountRepository(db: Kysely<Database>) {
  const phones = phoneRepository(db);
  const productColumns = [
    'products.id as productId',
    'products.name',
    'products.categoryName',
    'products.image',
    'products.url',
    'products.priceMinor',
    'products.currency',
  ] as const;
  const toProduct = (p: {
    productId: number;
    name: string;
    categoryName: string;
    image: string | null;
    url: string | null;
    priceMinor: number;
    currency: string;
  }): Product => ({
    productId: p.productId,
    name: p.name,
    categoryName: p.categoryName,
    image: p.image,
    url: p.url,
    price: { amount: fromMinorUnits(p.priceMinor, p.currency), currency: p.currency },
  });

  return {
    shopper(id: number) {
      return db.selectFrom('shoppers').select(SHOPPER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    addresses: (shopperId: number) => shopperAddresses(db, shopperId),

    async achievements(shopperId: number): Promise<Achievement[]> {
      const rows = await db
        .selectFrom('achievements')
        .leftJoin('shopperAchievements', (join) =>
          join
            .onRef('shopperAchievements.achievementId', '=', 'achievements.id')
            .on('shopperAchievements.shopperId', '=', shopperId),
        )
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
          'shopperAchievements.progress',
          'shopperAchievements.claimDate',
        ])
        .orderBy('achievements.viewOrder')
        .orderBy('achievements.id')
        .execute();
      return rows.map((r) => {
        const progress = r.progress ?? 0;
        const progressPercentage = r.totalProgress > 0 ? (progress / r.totalProgress) * 100 : 0;
        const canClaim = progressPercentage >= 100 && !r.claimDate;
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
          claimDate: r.claimDate ?? null,
          disableClaim: !canClaim,
          animate: false,
          top: false,
          progressPercentage,
          canClaim,
        };
      });
    },

    async recentlyViewed(shopperId: number): Promise<Product[]> {
      const rows = await db
        .selectFrom('recentlyViewed')
        .innerJoin('products', 'products.id', 'recentlyViewed.productId')
        .select(productColumns)
        .where('recentlyViewed.shopperId', '=', shopperId)
        .orderBy('recentlyViewed.viewedAt', 'desc')
        .limit(20)
        .execute();
      return rows.map(toProduct);
    },

    async wishlist(shopperId: number): Promise<Product[]> {
      const rows = await db
        .selectFrom('wishlistItems')
        .innerJoin('products', 'products.id', 'wishlistItems.productId')
        .select(productColumns)
        .where('wishlistItems.shopperId', '=', shopperId)
        .orderBy('wishlistItems.addedAt', 'desc')
        .execute();
      return rows.map(toProduct);
    },

    async vouchers(shopperId: number, now: string): Promise<Voucher[]> {
      const rows = await db
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
          'voucherCampaigns.discountAmountMinor',
          'voucherCampaigns.currency',
        ])
        .where('vouchers.shopperId', '=', shopperId)
        .orderBy('vouchers.campaignId')
        .orderBy('vouchers.id')
        .execute();
      return rows.map((r) => {
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
          isExpired: expireDate !== null && expireDate <= now,
          discount: {
            percentage: r.discountPercentage,
            amount: fromMinorUnits(r.discountAmountMinor, r.currency),
            currency: r.currency,
          },
        };
      });
    },

    async interestIds(shopperId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('shopperInterests')
        .select('interestId')
        .where('shopperId', '=', shopperId)
        .orderBy('interestId')
        .execute();
      return rows.map((r) => r.interestId);
    },

    async newsletterIds(shopperId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('shopperNewsletters')
        .select('newsletterId')
        .where('shopperId', '=', shopperId)
        .orderBy('newsletterId')
        .execute();
      return rows.map((r) => r.newsletterId);
    },

    /** When the shopper's live verification code for this number expires, or null when there is none. */
    async telephoneCodeExpiry(shopperId: number, telephone: string, now: string): Promise<string | null> {
      if (!telephone) return null;
      return (await phones.liveCode(shopperId, telephone, now))?.expiresAt ?? null;
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
