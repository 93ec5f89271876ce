/**
 * The end of the session on screen (spec §2: without an account the guard sends the shopper to
 * /login): a 401 from any signed-in call, or a logout in another tab of this browser (told over a
 * BroadcastChannel), clears the cached account and the shopper's cached data at once, so every
 * tab shows the login page without a reload. After a 401 the page the shopper was on is kept as
 * the 'authenticatedredirect' address (§4 Login success follows it, same-site only), unless the
 * shop has set one already.
 */
import { AUTHENTICATED_REDIRECT_COOKIE } from '@account/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readCookie, writeCookie } from './cookies';
import { accountQuery, SHARED_QUERY_KEYS } from './queries';

/** 'expired': the server answered 401; 'logout': the shopper logged out in another tab. */
type Reason = 'expired' | 'logout';

const LOGOUT_MESSAGE = 'logout';
const listeners = new Set<(reason: Reason) => void>();
let channel: BroadcastChannel | null = null;

const notify = (reason: Reason) => {
  for (const listener of listeners) listener(reason);
};

/** Made when first needed: a channel keeps a page (or a test's process) listening. */
function tabs(): BroadcastChannel | null {
  if (channel === null && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel('account:session');
    channel.addEventListener('message', (event: MessageEvent) => {
      if (event.data === LOGOUT_MESSAGE) notify('logout');
    });
  }
  return channel;
}

/** A signed-in call answered 401: the session has expired or was ended elsewhere. */
export function sessionEnded(): void {
  notify('expired');
}

/** This tab has logged out; the shopper's other tabs follow at once. */
export function announceLogout(): void {
  tabs()?.postMessage(LOGOUT_MESSAGE);
}

/** Signs the screen out when the session ends; mounted once, around the router. */
export function useSignOutOnSessionEnd(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    tabs();
    const listener = (reason: Reason) => {
      if (!queryClient.getQueryData(accountQuery.queryKey)) return;
      if (reason === 'expired' && readCookie(AUTHENTICATED_REDIRECT_COOKIE) === null) {
        writeCookie(AUTHENTICATED_REDIRECT_COOKIE, encodeURIComponent(`${location.pathname}${location.search}`));
      }
      queryClient.setQueryData(accountQuery.queryKey, null);
      queryClient.removeQueries({
        predicate: ({ queryKey: [first] }) =>
          first !== accountQuery.queryKey[0] && !SHARED_QUERY_KEYS.includes(String(first)),
      });
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [queryClient]);
}
