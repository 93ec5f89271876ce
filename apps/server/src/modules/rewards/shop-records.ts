/**
 * What the shop's integration API writes of achievements, vouchers and wishlists, inside the
 * caller's transaction: the rewards module's API for the integration module.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { rewardRecordRepository } from './repository.js';

export type { ShopAchievement, ShopVoucher, ShopVoucherCampaign } from './repository.js';

/** The claim date of an achievement is the shopper's to set, by claiming: the shop reports progress only. */
export const rewardShopRecords = (db: Kysely<Database>) => rewardRecordRepository(db);
