/**
 * The texts the product ships with. A shop's own translations (the translations table) override
 * them key by key, so texts added by an upgrade appear without touching a shop's database.
 */
import { type Catalogue, EN } from '@account/contract';
import { DE } from './de.js';
import { MESSAGES_DE } from './messages/de.js';
import { MESSAGES_EN, type MessageCatalogue, type MessageKey } from './messages/en.js';
import { MESSAGES_NL } from './messages/nl.js';
import { NL } from './nl.js';

const SHIPPED: Readonly<Record<string, Catalogue>> = { en: EN, nl: NL, de: DE };

/** The shipped catalogue for a language; English for languages the product does not ship. */
export const shippedCatalogue = (language: string): Catalogue => SHIPPED[language.toLowerCase()] ?? EN;

/** The languages the emails and text messages are written in. */
const MESSAGE_LANGUAGES = ['en', 'nl', 'de'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

const SHIPPED_MESSAGES: Readonly<Record<MessageLanguage, MessageCatalogue>> = {
  en: MESSAGES_EN,
  nl: MESSAGES_NL,
  de: MESSAGES_DE,
};

/** The texts of the emails and text messages in one language. */
export interface MessageTexts {
  language: MessageLanguage;
  text: Readonly<MessageCatalogue>;
}

/** A key of the message texts (a shop's translation may be of either part of the catalogue). */
export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES_EN, key);

/** The shipped message texts for a shopper's preference ('nl-NL', 'de', 'fr-BE'): its language when shipped, else English. */
export function shippedMessages(preference: string | null | undefined): MessageTexts {
  const base = (preference ?? '').trim().toLowerCase().split(/[-_]/)[0];
  const language = MESSAGE_LANGUAGES.find((shipped) => shipped === base) ?? 'en';
  return { language, text: SHIPPED_MESSAGES[language] };
}
