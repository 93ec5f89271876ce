import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { localizeQuery } from './queries';

/** The shop's country name for a code (from GET /localize), the code itself when unknown. */
export function useCountryName(): (code: string) => string {
  const { data } = useQuery(localizeQuery);
  return useCallback(
    (code: string) => data?.countries.find((c) => c.code.toLowerCase() === code.toLowerCase())?.name ?? code,
    [data],
  );
}
