/**
 * Achievements, vouchers and the wishlist (spec §2 Achievements page, Vouchers, Wishlist; §4
 * Achievement, Voucher, Wishlist clear). Rules decided here:
 * - an achievement is claimed once, when claimable (§3); every shopper sees every achievement, so
 *   only an unknown id is a 404;
 * - a campaign's claim code gives the shopper one voucher of that campaign, claimed at once with a
 *   code from the campaign's pool; a shopper who already holds a voucher of the campaign gets no
 *   second one (a 409 of its own: it tells only about a campaign in the shopper's own list, and
 *   spares a shopper who enters a flyer's code twice a misleading 'unknown code');
 * - an ended campaign's code, or one whose pool is used up, answers exactly like an unknown code
 *   (DESIGN §4: as if it did not exist), so that guessing cannot tell real codes apart;
 * - claiming one of the shopper's vouchers hands it a code from its campaign's pool, unless the
 *   shop gave it a code already, which it keeps.
 */
import { isVoucherExpired, type Voucher } from '@account/contract';
import { conflict, notFound } from '../../errors.js';
import { recordEvent } from '../webhooks/outbox.js';
import type { RewardsRepository } from './repository.js';

export function rewardsService(repository: RewardsRepository) {
  const noCodesLeft = () => conflict('All codes of this voucher campaign have been handed out');
  const unknownCode = () => notFound('No such voucher code');

  return {
    /** §4 Achievement: claimable, then claimed (claim date set); answers the claimed achievement. */
    async claimAchievement(shopperId: number, achievementId: number) {
      const now = new Date().toISOString();
      const claimedNow = await repository.transaction(async (trx) => {
        if (!(await repository.claimAchievement(shopperId, achievementId, now, trx))) return false;
        await recordEvent(trx, { shopperId, type: 'achievement.claimed', data: { achievementId, claimDate: now } });
        return true;
      });
      if (!claimedNow) {
        const current = await repository.achievement(shopperId, achievementId);
        if (!current) throw notFound('No such achievement');
        throw conflict(
          current.claimDate ? 'The achievement has been claimed already' : 'The achievement is not completed yet',
        );
      }
      const claimed = await repository.achievement(shopperId, achievementId);
      // Removed by the shop between the claim and this read.
      if (!claimed) throw notFound('No such achievement');
      return claimed;
    },

    /** §7 POST /voucher/claim/{code}: adds a claimed voucher of the campaign behind the code. */
    async claimVoucherByCode(shopperId: number, claimCode: string): Promise<Voucher> {
      const now = new Date().toISOString();
      const voucherId = await repository.transaction(async (trx) => {
        const campaign = await repository.campaignByClaimCode(trx, claimCode);
        if (!campaign || isVoucherExpired(campaign.expireDate, now)) throw unknownCode();
        await repository.lockShopper(trx, shopperId);
        if (await repository.holdsCampaignVoucher(trx, shopperId, campaign.id)) {
          throw conflict('You already have a voucher of this campaign');
        }
        const id = await repository.insertClaimedVoucher(trx, shopperId, campaign.id, now);
        // Throwing rolls the new voucher back.
        const code = await repository.handOutCode(trx, campaign.id, id);
        if (code === null) throw unknownCode();
        await recordEvent(trx, {
          shopperId,
          type: 'voucher.claimed',
          data: { voucherId: id, campaignId: campaign.id, claimCode, code, claimDate: now },
        });
        return id;
      });
      const voucher = await repository.voucher(shopperId, voucherId, now);
      // Removed by the shop between the claim and this read.
      if (!voucher) throw notFound('No such voucher');
      return voucher;
    },

    /** §4 Voucher: unclaimed and not expired, then claimed; answers the code and the claim date (§7). */
    async claimVoucher(shopperId: number, voucherId: number): Promise<{ code: string; claimDate: string }> {
      const now = new Date().toISOString();
      return repository.transaction(async (trx) => {
        const voucher = await repository.voucher(shopperId, voucherId, now, trx);
        if (!voucher) throw notFound('No such voucher');
        if (voucher.claimDate) throw conflict('The voucher has been claimed already');
        if (voucher.isExpired) throw conflict('The voucher has expired');
        // A concurrent claim of the same voucher (a double click) loses here.
        if (!(await repository.markVoucherClaimed(trx, shopperId, voucherId, now))) {
          throw conflict('The voucher has been claimed already');
        }
        const code = voucher.code ?? (await repository.handOutCode(trx, voucher.campaignId, voucherId));
        if (code === null) throw noCodesLeft();
        await recordEvent(trx, {
          shopperId,
          type: 'voucher.claimed',
          data: { voucherId, campaignId: voucher.campaignId, code, claimDate: now },
        });
        return { code, claimDate: now };
      });
    },

    /** §7 removeWishlist: one id removes one wish, all ids clear the list; others are ignored. */
    async removeWishes(shopperId: number, productIds: readonly number[]): Promise<void> {
      await repository.transaction(async (trx) => {
        const removed = await repository.removeWishes(shopperId, [...new Set(productIds)], trx);
        if (removed.length > 0) {
          await recordEvent(trx, { shopperId, type: 'wishlist.changed', data: { removedProductIds: removed } });
        }
      });
    },
  };
}

export type RewardsService = ReturnType<typeof rewardsService>;
