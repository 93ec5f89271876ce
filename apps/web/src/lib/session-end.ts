/**
 * The end of the session on screen (spec §2: without an account the guard sends the shopper to
 * /login): a 401 from any signed-in call, or a logout in another tab of this browser (told by
 * lib/session-events.ts), clears the cached account and the shopper's cached data at once, so every
 * tab shows the login page without a reload. After a 401 the page the shopper was on is kept as
 * the 'authenticatedredirect' address (§4 Login success follows it, same-site only), unless the
 * shop has set one already.
 */
import { AUTHENTICATED_REDIRECT_COOKIE } from '@account/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readCookie, writeCookie } from './cookies';
import { accountQuery, SHARED_QUERY_KEYS } from './queries';
import { onSessionEnd } from './session-events';

/** Signs the screen out when the session ends; mounted once, around the router. */
export function useSignOutOnSessionEnd(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionEnd((reason) => {
        if (!queryClient.getQueryData(accountQuery.queryKey)) return;
        if (reason === 'expired' && readCookie(AUTHENTICATED_REDIRECT_COOKIE) === null) {
          writeCookie(AUTHENTICATED_REDIRECT_COOKIE, encodeURIComponent(`${location.pathname}${location.search}`));
        }
        queryClient.setQueryData(accountQuery.queryKey, null);
        queryClient.removeQueries({
          predicate: ({ queryKey: [first] }) =>
            first !== accountQuery.queryKey[0] && !SHARED_QUERY_KEYS.includes(String(first)),
        });
      }),
    [queryClient],
  );
}
