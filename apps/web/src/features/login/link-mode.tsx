/**
 * Link mode of the login page (issue 20): the security page sends a signed-in shopper here with
 * `?link={provider}&state={state}` to run that one provider's sign-in, whose identity the server
 * then adds to the account instead of signing anyone in. Read once, when the page opens: the
 * query is cleared later (the messaging app's return), the mode must stay.
 */
import { isLinkableProvider, LINK_QUERY, LINK_STATE_QUERY, type LinkableProvider } from '@account/contract';
import { createContext, useContext } from 'react';
import { paths } from '@/lib/paths';

export interface LinkMode {
  provider: LinkableProvider;
  /** The link's state: the messaging-app widget must bring it back with its data. */
  state: string;
}

export function linkModeFrom(search: string): LinkMode | null {
  const query = new URLSearchParams(search);
  const provider = query.get(LINK_QUERY);
  const state = query.get(LINK_STATE_QUERY) ?? '';
  return isLinkableProvider(provider) ? { provider, state } : null;
}

export const LinkModeContext = createContext<LinkMode | null>(null);

export const useLinkMode = (): LinkMode | null => useContext(LinkModeContext);

/** Where a link ends: the security page, with its outcome in the query. */
export function linkOutcomeUrl(mode: LinkMode, outcome: 'linked' | 'taken' | 'failed'): string {
  const query = outcome === 'linked' ? `linked=${mode.provider}` : `link=${outcome}&provider=${mode.provider}`;
  return `${paths.security}?${query}`;
}
