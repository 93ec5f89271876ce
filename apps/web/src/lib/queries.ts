/**
 * Query options for the data several screens share: account, translations, localisation and the
 * interest and newsletter choices. A feature's own queries live in its api/ folder.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from './api';

/** The first parts of the keys of data that is not the shopper's own: kept when the session ends. */
export const SHARED_QUERY_KEYS: readonly string[] = ['translations', 'localize'];

export const accountQuery = queryOptions({
  queryKey: ['account'],
  queryFn: async () => {
    try {
      return await call('getAccount');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const translationsQuery = (language: string) =>
  queryOptions({
    queryKey: ['translations', language],
    queryFn: () => call('getTranslations', { query: { language } }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export const localizeQuery = queryOptions({
  queryKey: ['localize'],
  queryFn: () => call('getLocalize'),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/** The interests and newsletters on offer (spec §7 GET /preferences): onboarding and settings. */
export const preferencesQuery = queryOptions({
  queryKey: ['preferences'],
  queryFn: () => call('getPreferences'),
});
