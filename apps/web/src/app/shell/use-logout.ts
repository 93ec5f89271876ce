/**
 * Logout (spec §7, §9): POST /logout; on screens up to 991 px wait 500 ms (the menu closes first);
 * the six white-label themes return to the shop home, others go to the login page, unless the
 * server names a URL. The shopper's other tabs sign out at once. A failure only hides the loading
 * indicator (§8).
 */
import { returnsToShopOnLogout, safeRedirectTarget } from '@account/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../lib/api';
import { useSiteConfig } from '../../lib/config-context';
import { useLoading } from '../../lib/loading';
import { usePageTransition } from '../../lib/navigation';
import { paths, shopHome } from '../../lib/paths';
import { accountQuery } from '../../lib/queries';
import { announceLogout } from '../../lib/session-events';
import { TIMING } from '../../lib/timing';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useLogout(closeMenu: () => void): () => Promise<void> {
  const config = useSiteConfig();
  const loading = useLoading();
  const queryClient = useQueryClient();
  const { navigate } = usePageTransition();

  return useCallback(async () => {
    closeMenu();
    loading.show();
    try {
      if (window.matchMedia(`(max-width: ${TIMING.logoutDelayMaxWidth}px)`).matches) await wait(TIMING.logoutDelayMs);
      const { url } = await call('logout', { body: {} });
      queryClient.setQueryData(accountQuery.queryKey, null);
      announceLogout();
      const target = safeRedirectTarget(url, window.location.origin);
      if (target) window.location.assign(target);
      else if (returnsToShopOnLogout(config.theme)) window.location.assign(shopHome(config));
      else navigate(paths.login, { replace: true });
    } catch {
      // §8: a failed logout only hides the loading indicator.
    } finally {
      loading.hide();
    }
  }, [closeMenu, config, loading, navigate, queryClient]);
}
