/**
 * Startup (spec §2 Shell, §8): the configuration comes from the page and must be valid; account,
 * translations and localisation load in parallel and their failures are tolerated. Usually they
 * came with the page (lib/embedded-answers.ts) and nothing is waited for. The screen's own chunk
 * loads beside them (the page preloads it), so that the first render shows the whole screen.
 */
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadScreenAt } from './app/router';
import { StartupError } from './app/StartupError';
import { rememberWhereShopperCameFrom } from './app/shell/back-to-shop';
import { seedFromPage } from './lib/embedded-answers';
import { accountQuery, localizeQuery, translationsQuery } from './lib/queries';
import { loadSiteConfig } from './lib/site-config';
import { applyTheme } from './lib/theme';
import './ui/global.css';

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('The page has no #root element');
  const root = createRoot(rootElement);
  let config: ReturnType<typeof loadSiteConfig>;
  try {
    config = loadSiteConfig();
  } catch (error) {
    console.error(error);
    root.render(<StartupError />);
    return;
  }
  applyTheme(config);
  rememberWhereShopperCameFrom(config);
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
  seedFromPage(queryClient, config.currentLanguage);
  const results = await Promise.allSettled([
    queryClient.ensureQueryData(accountQuery),
    queryClient.ensureQueryData(translationsQuery(config.currentLanguage)),
    queryClient.ensureQueryData(localizeQuery),
    loadScreenAt(window.location.pathname),
  ]);
  for (const result of results) if (result.status === 'rejected') console.error(result.reason);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is built (Lighthouse's total blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App config={config} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

start().catch((error: unknown) => console.error(error));
