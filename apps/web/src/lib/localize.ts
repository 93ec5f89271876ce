import { countryName } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocale } from './locale';
import { localizeQuery } from './queries';

/**
 * A country's name in the interface language (contract `countryName`); the shop's own name (from
 * GET /localize, or the one given) only for a code the browser cannot name.
 */
export function useCountryName(): (code: string, shopName?: string) => string {
  const { language } = useLocale();
  const { data } = useQuery(localizeQuery);
  return useCallback(
    (code: string, shopName?: string) =>
      countryName(
        code,
        language,
        shopName ?? data?.countries.find((c) => c.code.toLowerCase() === code.toLowerCase())?.name,
      ),
    [language, data],
  );
}
