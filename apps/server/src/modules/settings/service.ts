/** Site configuration, translations and localisation lists (spec §3, §7). */

import {
  type CustomPage,
  type LocalizeData,
  type SiteConfig,
  SSO_START_PATH,
  type TranslationEntry,
} from '@account/contract';
import { fieldErrors } from '../../errors.js';
import { isMessageKey, type MessageTexts, shippedCatalogue, shippedMessages } from '../../i18n/catalogues.js';
import type { SettingsRepository } from './repository.js';
import { StoredSettings } from './stored-settings.js';

/**
 * Settings change rarely and are read on almost every call (feature checks), so they are cached
 * briefly. Several instances therefore see a change within this many milliseconds (and the next
 * read after it).
 */
const CACHE_MS = 5_000;

/** What the browser needs to know of the sign-in providers (public values only, never secrets). */
export interface PublicProviders {
  singleSignOn: boolean;
  googleClientId: string | null;
  googleOneTouch: boolean;
  facebookAppId: string | null;
  appleClientId: string | null;
  appleRedirectUrl: string | null;
  steam: boolean;
  auth0: boolean;
  telegram: boolean;
  telegramId: string | null;
  telegramRedirectUrl: string | null;
  /** Sign-in with an emailed code: on whenever a mail transport is configured. */
  emailSignIn: boolean;
  /** Passkeys (WebAuthn): sign-in and adding them on the security page. */
  passkeys: boolean;
  /** Origins besides the shop's own that a post-sign-in redirect may go to. */
  redirectAllowList: string[];
}

/** No sign-in provider to tell browsers about: for tools that use the settings without serving pages. */
export const NO_PUBLIC_PROVIDERS: PublicProviders = {
  singleSignOn: false,
  googleClientId: null,
  googleOneTouch: false,
  facebookAppId: null,
  appleClientId: null,
  appleRedirectUrl: null,
  steam: false,
  auth0: false,
  telegram: false,
  telegramId: null,
  telegramRedirectUrl: null,
  emailSignIn: false,
  passkeys: false,
  redirectAllowList: [],
};

export interface ShopperLocale {
  language: string;
  country: string;
  currency: string;
}

export interface Snapshot {
  stored: StoredSettings;
  languages: { code: string; name: string; isDefault: number }[];
  currencies: { code: string; displayName: string; sign: string }[];
  countries: { code: string; name: string; isShipping: number }[];
  pages: CustomPage[];
}

/** The origins of custom pages given as absolute http(s) URLs. */
function originsOf(pages: readonly CustomPage[]): readonly string[] {
  const origins = new Set<string>();
  for (const page of pages) {
    if (!/^https?:\/\//i.test(page.url)) continue;
    try {
      origins.add(new URL(page.url).origin);
    } catch {
      // A malformed URL frames nothing.
    }
  }
  return [...origins];
}

const defaultLanguageOf = (languages: Snapshot['languages']) =>
  languages.find((l) => l.isDefault)?.code ?? languages[0]?.code ?? 'en';

/**
 * A page's title in each of the shop's languages (issue 44): the shop's title for that language,
 * else for the default language, else its single title; by lower-case code. Every language is
 * there, so the web app switching language without a reload finds its title.
 */
function titlesByLanguage(
  title: string,
  own: Readonly<Record<string, string>>,
  languages: Snapshot['languages'],
  defaultLanguage: string,
): Record<string, string> {
  const fallback = own[defaultLanguage.toLowerCase()] || title;
  return Object.fromEntries(languages.map(({ code }) => [code.toLowerCase(), own[code.toLowerCase()] || fallback]));
}

export function settingsService(repository: SettingsRepository, providers: PublicProviders) {
  let cached: { at: number; snapshot: Promise<Snapshot> } | null = null;
  let refreshing: Promise<Snapshot> | null = null;
  const pageOriginsOf = new WeakMap<Snapshot, readonly string[]>();

  async function load(): Promise<Snapshot> {
    const [raw, languages, currencies, countries, pages] = await Promise.all([
      repository.settings(),
      repository.languages(),
      repository.currencies(),
      repository.countries(),
      repository.customPages(),
    ]);
    const defaultLanguage = defaultLanguageOf(languages);
    return {
      stored: StoredSettings.parse(raw),
      languages,
      currencies,
      countries,
      // In the contract's key order: answers are checked against it as they are sent.
      pages: pages.map(({ id, name, title, titles, ...rest }) => ({
        pageId: id,
        name,
        title,
        titles: titlesByLanguage(title, titles, languages, defaultLanguage),
        ...rest,
      })),
    };
  }

  /**
   * The cached settings; once they are older than CACHE_MS they are read again in the background
   * while the old ones are still answered. So a read never waits on the database once loaded:
   * inside a transaction on SQLite, whose one connection the transaction holds, waiting would
   * never end (a digest froze the server so when the cache ran out mid-round).
   */
  function snapshot(): Promise<Snapshot> {
    const now = Date.now();
    if (!cached) {
      const pending = load();
      cached = { at: now, snapshot: pending };
      pending.catch(() => {
        if (cached?.snapshot === pending) cached = null;
      });
      return pending;
    }
    if (now - cached.at > CACHE_MS && !refreshing) {
      const pending = load();
      refreshing = pending;
      // Kept unless invalidate() came meanwhile; a failed read keeps the old ones, and the next read tries again.
      const settle = (fresh: boolean) => {
        if (refreshing !== pending) return;
        if (fresh) cached = { at: Date.now(), snapshot: pending };
        refreshing = null;
      };
      pending.then(
        () => settle(true),
        () => settle(false),
      );
    }
    return cached.snapshot;
  }

  return {
    snapshot,
    /** Forgets the cache, after this instance changed settings itself. */
    invalidate(): void {
      cached = null;
      refreshing = null;
    },

    async stored(): Promise<StoredSettings> {
      return (await snapshot()).stored;
    },

    /** Saves the given settings (an undefined one is left as it is); answers them all as now stored. */
    async save(patch: Record<string, unknown>): Promise<StoredSettings> {
      for (const [name, value] of Object.entries(patch)) {
        if (value !== undefined) await repository.putSetting(name, value);
      }
      cached = null;
      return StoredSettings.parse(await repository.settings());
    },

    /** The origins of custom pages given as absolute http(s) URLs, for the frame policy. */
    /** Asked on every request (the frame policy): worked out once per loaded snapshot. */
    async pageOrigins(): Promise<readonly string[]> {
      const s = await snapshot();
      let origins = pageOriginsOf.get(s);
      if (!origins) {
        origins = originsOf(s.pages);
        pageOriginsOf.set(s, origins);
      }
      return origins;
    },

    /** Whether the shop has this country (an address's country must be one of them). */
    async hasCountry(code: string): Promise<boolean> {
      return (await snapshot()).countries.some((c) => c.code === code);
    },

    async enabledFeatures(): Promise<readonly string[]> {
      return (await snapshot()).stored.enableFeatures;
    },

    async defaults(): Promise<ShopperLocale> {
      const s = await snapshot();
      const { defaultCountry, defaultCurrency } = s.stored;
      return {
        language: defaultLanguageOf(s.languages),
        country: s.countries.find((c) => c.code === defaultCountry)?.code ?? s.countries[0]?.code ?? 'NL',
        currency: s.currencies.find((c) => c.code === defaultCurrency)?.code ?? s.currencies[0]?.code ?? 'EUR',
      };
    },

    /**
     * The language to use: the first candidate that the shop offers (the shopper's choice, then
     * the browser's Accept-Language), else the shop's default.
     */
    async resolveLanguage(preferred: string | null | undefined, acceptLanguage?: string): Promise<string> {
      const s = await snapshot();
      const offered = new Set(s.languages.map((l) => l.code.toLowerCase()));
      const fromHeader = (acceptLanguage ?? '')
        .split(',')
        .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
        .flatMap((tag) => [tag, tag.split('-')[0] ?? '']);
      const match = [preferred?.toLowerCase() ?? '', ...fromHeader].find((tag) => tag && offered.has(tag));
      return match ?? defaultLanguageOf(s.languages);
    },

    async siteConfig(currentLanguage: string): Promise<SiteConfig> {
      const s = await snapshot();
      const stored = s.stored;
      return {
        companyId: stored.companyId,
        companyName: stored.companyName,
        style: stored.style,
        culture: stored.culture,
        decimalSep: stored.decimalSep,
        thousandSep: stored.thousandSep,
        logo: stored.logo,
        theme: stored.theme,
        shopUrl: stored.shopUrl,
        buyAgain: stored.cartUrl !== null,
        currentLanguage,
        defaultLanguage: defaultLanguageOf(s.languages),
        enableLangUrls: stored.enableLangUrls,
        facebookAppId: providers.facebookAppId,
        appleClientId: providers.appleClientId,
        appleRedirectUrl: providers.appleRedirectUrl,
        googleClientId: providers.googleClientId,
        googleOneTouch: providers.googleOneTouch,
        steam: providers.steam,
        auth0: providers.auth0,
        singleSignOn: providers.singleSignOn ? SSO_START_PATH : null,
        telegram: providers.telegram,
        telegramId: providers.telegramId,
        telegramRedirectUrl: providers.telegramRedirectUrl,
        emailSignIn: providers.emailSignIn,
        passkeys: providers.passkeys,
        redirectAllowList: providers.redirectAllowList,
        enableFeatures: stored.enableFeatures,
        pages: s.pages.map((page) => ({ ...page, title: page.titles[currentLanguage.toLowerCase()] ?? page.title })),
        enableEuVatReverse: stored.enableEuVatReverse,
        isTestingEnvironment: stored.isTestingEnvironment,
        shippingCountries: s.countries.filter((c) => c.isShipping).map((c) => c.code),
      };
    },

    async translations(language: string): Promise<TranslationEntry[]> {
      const texts = new Map(Object.entries(shippedCatalogue(language)));
      for (const row of await repository.translations(language)) texts.set(row.key, row.value);
      return [...texts].map(([key, translate]) => ({ key, translate }));
    },

    /**
     * The texts of the emails and text messages for a shopper's language preference: the shipped
     * ones, with the shop's own translations of their keys as translations() takes them.
     */
    async messageTexts(preference: string | null): Promise<MessageTexts> {
      const shipped = shippedMessages(preference);
      const text = { ...shipped.text };
      for (const row of await repository.translations(shipped.language)) {
        if (isMessageKey(row.key)) text[row.key] = row.value;
      }
      return { language: shipped.language, text };
    },

    /**
     * The locale after a shopper's change: each given code must be one the shop offers (matched
     * case-insensitively and stored as the shop spells it); an unknown code is a 400 naming it.
     */
    async changedLocale(current: ShopperLocale, change: Partial<ShopperLocale>): Promise<ShopperLocale> {
      const s = await snapshot();
      const offered = {
        language: s.languages.map((l) => l.code),
        country: s.countries.map((c) => c.code),
        currency: s.currencies.map((c) => c.code),
      };
      const next = { ...current };
      const problems: Record<string, string> = {};
      for (const field of ['language', 'country', 'currency'] as const) {
        const given = change[field];
        if (given === undefined) continue;
        const match = offered[field].find((code) => code.toLowerCase() === given.toLowerCase());
        if (match) next[field] = match;
        else problems[field.charAt(0).toUpperCase() + field.slice(1)] = 'ac_FieldInvalidMessage';
      }
      if (Object.keys(problems).length > 0) throw fieldErrors(problems, 'Not offered by this shop');
      return next;
    },

    async localize(locale: ShopperLocale): Promise<LocalizeData> {
      const s = await snapshot();
      const language = s.languages.find((l) => l.code === locale.language);
      const country = s.countries.find((c) => c.code === locale.country);
      const currency = s.currencies.find((c) => c.code === locale.currency);
      return {
        languages: s.languages.map((l) => ({ name: l.name, code: l.code })),
        currencies: s.currencies.map((c) => ({
          name: c.displayName,
          currency: { iSO4217: c.code, displayName: c.displayName, sign: c.sign },
        })),
        countries: s.countries.map((c) => ({ name: c.name, code: c.code })),
        setting: {
          country: locale.country,
          countryName: country?.name ?? locale.country,
          language: locale.language,
          languageName: language?.name ?? locale.language,
          currency: locale.currency,
          currencyName: currency?.displayName ?? locale.currency,
        },
      };
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
