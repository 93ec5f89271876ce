/**
 * UI texts come from GET /translation; a key the shop has not translated shows as '[key]'
 * (spec §8). Placeholders such as {name} are filled from the params (contract `fillPlaceholders`).
 */
import {
  fillPlaceholders,
  normaliseTranslationKey,
  type TranslationEntry,
  type TranslationKey,
} from '@account/contract';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

// A string that is not a known key still type-checks: labels can come from the server.
export type TextKey = TranslationKey | (string & {});
export type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

const I18nContext = createContext<Translate>((key) => `[${key}]`);

export function toDictionary(entries: readonly TranslationEntry[] | undefined): Map<string, string> {
  return new Map((entries ?? []).map((entry) => [normaliseTranslationKey(entry.key), entry.translate]));
}

export function makeTranslate(dictionary: Map<string, string>): Translate {
  return (key, params) => {
    const text = dictionary.get(normaliseTranslationKey(key));
    if (text === undefined) return `[${key}]`;
    if (!params) return text;
    return fillPlaceholders(text, params);
  };
}

export function I18nProvider({
  entries,
  children,
}: {
  entries: readonly TranslationEntry[] | undefined;
  children: ReactNode;
}) {
  const translate = useMemo(() => makeTranslate(toDictionary(entries)), [entries]);
  return <I18nContext.Provider value={translate}>{children}</I18nContext.Provider>;
}

export const useT = (): Translate => useContext(I18nContext);
