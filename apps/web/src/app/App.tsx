/** The providers every screen relies on, around the router. */
import type { SiteConfig } from '@account/contract';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import { SiteConfigContext } from '../lib/config-context';
import { I18nProvider } from '../lib/i18n';
import { LoadingProvider } from '../lib/loading';
import { LocaleProvider, useLocale } from '../lib/locale';
import { translationsQuery } from '../lib/queries';
import { useSignOutOnSessionEnd } from '../lib/session-end';
import { SystemMessageProvider } from '../lib/system-message';
import { AppRoutes } from './router';

function Translations({ children }: { children: ReactNode }) {
  const { language } = useLocale();
  const { data } = useQuery(translationsQuery(language));
  return <I18nProvider entries={data}>{children}</I18nProvider>;
}

/**
 * The site configuration in the shopper's current language: a language chosen in the settings
 * applies at once to language-prefixed shop links and to the page's own lang attribute.
 */
function LiveConfig({ config, children }: { config: SiteConfig; children: ReactNode }) {
  const { language } = useLocale();
  const live = useMemo(() => ({ ...config, currentLanguage: language }), [config, language]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return <SiteConfigContext.Provider value={live}>{children}</SiteConfigContext.Provider>;
}

/** The session's end (a 401, a logout in another tab) signs this tab out; see lib/session-end.ts. */
function SessionEnd() {
  useSignOutOnSessionEnd();
  return null;
}

export function App({ config, queryClient }: { config: SiteConfig; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionEnd />
      <LocaleProvider initial={config.currentLanguage}>
        <LiveConfig config={config}>
          <Translations>
            <SystemMessageProvider>
              <LoadingProvider>
                <BrowserRouter basename="/account">
                  <AppRoutes />
                </BrowserRouter>
              </LoadingProvider>
            </SystemMessageProvider>
          </Translations>
        </LiveConfig>
      </LocaleProvider>
    </QueryClientProvider>
  );
}
