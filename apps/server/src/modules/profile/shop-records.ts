/**
 * What the shop's integration API writes of shoppers and of what they viewed, inside the caller's
 * transaction: the profile module's API for the integration module. The rules of a shopper the
 * shop sends live here, beside the shopper's own changes.
 */
import { emailUnverified, emailVerificationSet } from '../../db/shopper-email.js';
import type { NewRow } from '../../db/types.js';
import type { ShopperRecordRepository } from './repository.js';

/** How an email the shop vouches for is marked verified. */
const SHOP_VERIFIED = 'shop';

/** A shopper's columns as the shop sends them; the optional ones are left as they are when absent. */
export type ShopShopper = Pick<
  NewRow<'shoppers'>,
  'email' | 'firstName' | 'lastName' | 'telephone' | 'gender' | 'birthDate'
> &
  Partial<Pick<NewRow<'shoppers'>, 'firstTimeLogin' | 'defaultLanguage' | 'defaultCountry' | 'defaultCurrency'>>;

export interface ShopShopperVerification {
  /** Whether the shop itself verified the email; absent: an unchanged address keeps its verification. */
  emailVerified?: boolean;
  /** When the shop verified the telephone; absent: kept, unless the telephone changed. */
  telephoneVerifiedAt?: string | null;
}

export function shopperShopRecords(repository: ShopperRecordRepository) {
  return {
    idOf: async (externalId: string) => (await repository.shopperByExternalId(externalId))?.id,

    /**
     * Creates or replaces the shopper with the shop's id. `unlinked` tells that an account with
     * the same email exists and was not linked.
     */
    async put(
      externalId: string,
      shopper: ShopShopper,
      { emailVerified, telephoneVerifiedAt }: ShopShopperVerification,
      now: string,
      defaults: { language: string; country: string; currency: string },
    ): Promise<{ shopperId: number; created: boolean; unlinked: boolean }> {
      const existing = await repository.shopperByExternalId(externalId);
      // A shopper who signed in before the shop sent them is linked by email, once, and only when
      // both sides vouch for the address (DESIGN §6): otherwise an address someone typed into their
      // account would pull another person's orders and addresses into it.
      const sameEmail = existing ? [] : await repository.unsentShoppersWithEmail(shopper.email);
      const linked =
        existing ?? (emailVerified === true ? sameEmail.find((other) => other.emailVerifiedBy !== null) : undefined);
      const telephoneChanged = linked !== undefined && linked.telephone !== shopper.telephone;
      const verify =
        telephoneVerifiedAt !== undefined
          ? { telephoneVerifyDate: telephoneVerifiedAt }
          : telephoneChanged
            ? { telephoneVerifyDate: null }
            : {};
      const values = { ...shopper, ...verify, updatedAt: now };
      const unlinked = linked === undefined && sameEmail.length > 0;
      if (linked) {
        const verification =
          emailVerified === false
            ? emailUnverified()
            : emailVerificationSet(shopper.email, now, emailVerified ? SHOP_VERIFIED : undefined);
        await repository.updateShopper(linked.id, { ...values, ...verification, externalId });
        return { shopperId: linked.id, created: !existing, unlinked };
      }
      const shopperId = await repository.insertShopper({
        defaultLanguage: defaults.language,
        defaultCountry: defaults.country,
        defaultCurrency: defaults.currency,
        imageUrl: null,
        telephoneVerifyDate: null,
        firstTimeLogin: 0,
        createdAt: now,
        ...values,
        ...(emailVerified ? { emailVerifiedBy: SHOP_VERIFIED, emailVerifiedAt: now } : {}),
        externalId,
      });
      return { shopperId, created: true, unlinked };
    },

    remove: repository.deleteShopper,
    putRecentlyViewed: repository.putRecentlyViewed,
    removeRecentlyViewed: repository.deleteRecentlyViewed,
  };
}
