/**
 * What the shop's integration API writes of achievements, vouchers and wishlists, inside the
 * caller's transaction: the rewards module's API for the integration module.
 */
import type { RewardRecordRepository } from './repository.js';

export type { ShopAchievement, ShopVoucher, ShopVoucherCampaign } from './repository.js';

/** The claim date of an achievement is the shopper's to set, by claiming: the shop reports progress only. */
export const rewardShopRecords = (repository: RewardRecordRepository) => repository;
