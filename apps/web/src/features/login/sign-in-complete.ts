/**
 * Login success (spec §4): if an 'authenticatedredirect' cookie exists it is cleared and the
 * browser goes to its decoded URL (only when same-site or allow-listed: never an open redirect);
 * otherwise the account is kept and the shopper goes to / (onboarding first when first-time).
 */
import { type Account, AUTHENTICATED_REDIRECT_COOKIE, safeRedirectTarget } from '@account/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSiteConfig } from '@/lib/config-context';
import { clearCookie, readCookie } from '@/lib/cookies';
import { paths } from '@/lib/paths';
import { accountQuery } from '@/lib/queries';

export function useSignInComplete(): (account: Account) => void {
  const config = useSiteConfig();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (account: Account) => {
      const stored = readCookie(AUTHENTICATED_REDIRECT_COOKIE);
      if (stored !== null) {
        clearCookie(AUTHENTICATED_REDIRECT_COOKIE);
        const target = safeRedirectTarget(stored, window.location.origin, config.redirectAllowList);
        if (target) {
          window.location.assign(target);
          return;
        }
      }
      queryClient.setQueryData(accountQuery.queryKey, account);
      navigate(account.firstTimeLogin ? paths.firstLogin : paths.overview, { replace: true });
    },
    [config.redirectAllowList, navigate, queryClient],
  );
}
