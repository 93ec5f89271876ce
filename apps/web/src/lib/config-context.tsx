import type { SiteConfig } from '@account/contract';
import { createContext, useContext } from 'react';

export const SiteConfigContext = createContext<SiteConfig | null>(null);

export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig needs the SiteConfigContext provider');
  return config;
}
