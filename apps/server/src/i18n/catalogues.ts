/**
 * The texts the product ships with. A shop's own translations (the translations table) override
 * them key by key, so texts added by an upgrade appear without touching a shop's database.
 */
import { type Catalogue, EN } from '@account/contract';
import { DE } from './de.js';
import { NL } from './nl.js';

const SHIPPED: Readonly<Record<string, Catalogue>> = { en: EN, nl: NL, de: DE };

/** The shipped catalogue for a language; English for languages the product does not ship. */
export const shippedCatalogue = (language: string): Catalogue => SHIPPED[language.toLowerCase()] ?? EN;
