/** Builds the account of spec §3 from its parts. */
import { type Account, isTelephoneVerified } from '@account/contract';
import { notFound } from '../../errors.js';
import type { SettingsService } from '../settings/service.js';
import type { AccountRepository } from './repository.js';

export function accountService(repository: AccountRepository, settings: SettingsService) {
  return {
    async load(shopperId: number): Promise<Account> {
      const now = new Date().toISOString();
      const whole = await repository.account(shopperId, now);
      if (!whole) throw notFound('No such account');
      const { shopper, telephoneCodeExpiry: codeExpiresAt } = whole;
      const [stored, localize] = await Promise.all([
        settings.stored(),
        settings.localize({
          language: shopper.defaultLanguage,
          country: shopper.defaultCountry,
          currency: shopper.defaultCurrency,
        }),
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
        interestIds: whole.interestIds,
        newsletterIds: whole.newsletterIds,
        lastOrder: whole.lastOrder,
        achievements: whole.achievements,
        lastViewProducts: whole.lastViewProducts,
        wishProducts: whole.wishProducts,
        addresses: whole.addresses,
        vouchers: whole.vouchers,
        addressFields: stored.addressFields,
        firstTimeLoginFields: stored.firstTimeLoginFields,
        questionFields: stored.questionFields,
      };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
