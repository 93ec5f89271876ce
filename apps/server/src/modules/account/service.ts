/** Builds the account of spec §3 from its parts. */
import {
  type Account,
  type Achievement,
  type Address,
  isTelephoneVerified,
  type Order,
  type Voucher,
} from '@account/contract';
import { notFound } from '../../errors.js';
import type { SettingsService } from '../settings/service.js';
import type { AccountRepository } from './repository.js';

/**
 * The parts of the account other modules own, each answered by its owner; the composition root
 * wires them, so the account module depends on none of their internals.
 */
export interface AccountParts {
  lastOrder(shopperId: number): Promise<Order | null>;
  addresses(shopperId: number): Promise<Address[]>;
  achievements(shopperId: number): Promise<Achievement[]>;
  vouchers(shopperId: number, now: string): Promise<Voucher[]>;
  /** The shopper's live verification code for this number, if any. */
  liveTelephoneCode(shopperId: number, telephone: string, now: string): Promise<{ expiresAt: string } | undefined>;
}

export function accountService(repository: AccountRepository, parts: AccountParts, settings: SettingsService) {
  /** When the shopper's live verification code for this number expires, or null when there is none. */
  async function telephoneCodeExpiry(shopperId: number, telephone: string, now: string): Promise<string | null> {
    if (!telephone) return null;
    return (await parts.liveTelephoneCode(shopperId, telephone, now))?.expiresAt ?? null;
  }

  return {
    async load(shopperId: number): Promise<Account> {
      const now = new Date().toISOString();
      const whole = await repository.account(shopperId);
      if (!whole) throw notFound('No such account');
      const { shopper, lastViewProducts, wishProducts, interestIds, newsletterIds } = whole;
      const [stored, localize, lastOrder, achievements, addresses, vouchers, codeExpiresAt] = await Promise.all([
        settings.stored(),
        settings.localize({
          language: shopper.defaultLanguage,
          country: shopper.defaultCountry,
          currency: shopper.defaultCurrency,
        }),
        parts.lastOrder(shopperId),
        parts.achievements(shopperId),
        parts.addresses(shopperId),
        parts.vouchers(shopperId, now),
        telephoneCodeExpiry(shopperId, shopper.telephone, now),
      ]);
      const currency = localize.currencies.find((c) => c.currency.iSO4217 === shopper.defaultCurrency)?.currency ?? {
        iSO4217: shopper.defaultCurrency,
        displayName: shopper.defaultCurrency,
        sign: shopper.defaultCurrency,
      };
      return {
        id: shopper.id,
        firstName: shopper.firstName,
        lastName: shopper.lastName,
        email: shopper.email,
        isEmailVerified: shopper.emailVerifiedBy !== null,
        pendingEmail: shopper.pendingEmail,
        telephone: shopper.telephone,
        gender: shopper.gender,
        birthDate: shopper.birthDate,
        imageUrl: shopper.imageUrl,
        firstTimeLogin: shopper.firstTimeLogin === 1,
        telephoneVerifyDate: shopper.telephoneVerifyDate,
        isTelephoneVerified: isTelephoneVerified(shopper.telephoneVerifyDate),
        hasValidTelephoneVerificationCode: codeExpiresAt !== null,
        // Whole seconds left, never 0 while the code still works.
        telephoneVerifyExpireIn:
          codeExpiresAt === null ? null : Math.max(1, Math.ceil((Date.parse(codeExpiresAt) - Date.parse(now)) / 1000)),
        defaultLanguage: localize.setting.language,
        defaultLanguageName: localize.setting.languageName,
        defaultCountry: localize.setting.country,
        defaultCountryName: localize.setting.countryName,
        defaultCurrency: currency,
        defaultCurrencyName: localize.setting.currencyName,
        interestIds,
        newsletterIds,
        lastOrder,
        achievements,
        lastViewProducts,
        wishProducts,
        addresses,
        vouchers,
        addressFields: stored.addressFields,
        firstTimeLoginFields: stored.firstTimeLoginFields,
        questionFields: stored.questionFields,
      };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
