/** The providers every screen relies on, around the router. */
import type { SiteConfig } from '@account/contract';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { RouterProvider } from 'react-router';
import { SiteConfigContext } from '../lib/config-context';
import { I18nProvider } from '../lib/i18n';
import { LoadingProvider } from '../lib/loading';
import { LocaleProvider, useLocale } from '../lib/locale';
import { translationsQuery } from '../lib/queries';
import { SystemMessageProvider } from '../lib/system-message';
import { createRouter } from './router';

function Translations({ children }: { children: ReactNode }) {
  const { language } = useLocale();
  const { data } = useQuery(translationsQuery(language));
  return <I18nProvider entries={data}>{children}</I18nProvider>;
}

export function App({ config, queryClient }: { config: SiteConfig; queryClient: QueryClient }) {
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <SiteConfigContext.Provider value={config}>
        <LocaleProvider initial={config.currentLanguage}>
          <Translations>
            <SystemMessageProvider>
              <LoadingProvider>
                <RouterProvider router={router} />
              </LoadingProvider>
            </SystemMessageProvider>
          </Translations>
        </LocaleProvider>
      </SiteConfigContext.Provider>
    </QueryClientProvider>
  );
}
