/**
 * How a session is named to a shopper (issue 44): 'Chrome on Linux', not 'Chrome 156 on Linux'
 * with a network's address. Version numbers and the address are kept for the session's details.
 */
import type { SessionInfo } from '@account/contract';
import type { Translate } from '@/lib/i18n';

/** A name without its trailing version number: 'Chrome 156' is 'Chrome', 'macOS Sonoma' stays. */
export const withoutVersion = (name: string): string => name.replace(/\s+\d[\d._]*$/, '') || name;

/** 'Firefox on macOS', or what of it is known. */
export function sessionName(session: Pick<SessionInfo, 'browser' | 'os'>, t: Translate): string {
  const browser = session.browser && withoutVersion(session.browser);
  const os = session.os && withoutVersion(session.os);
  if (browser && os) return t('ac_BrowserOnSystem', { browser, os });
  return browser || os || t('ac_UnknownBrowser');
}

/**
 * Where a session is, in words: on the network of the browser looking at the list, or another one.
 * The current session says nothing: it is where the shopper is. Null when the network is unknown.
 */
export function networkFact(
  session: Pick<SessionInfo, 'clientAddress' | 'current'>,
  here: string | null,
  t: Translate,
): string | null {
  if (session.current || !session.clientAddress || !here) return null;
  return t(session.clientAddress === here ? 'ac_SameNetwork' : 'ac_OtherNetwork');
}
