/** Query options for the data every screen shares: account, translations, localisation. */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from './api';

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
