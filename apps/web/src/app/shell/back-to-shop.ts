/**
 * 'Back to shop' (spec §2 Shell): with no earlier history it goes to the shop home (language-
 * prefixed when language URLs are on and the language is not the default); otherwise to a stored
 * authenticated-redirect address if one exists and is safe, else back to where the shopper came from.
 *
 * Signing in sends the browser through the identity provider, which fills the history with
 * provider pages; so the shop page the shopper came from is remembered for this tab when the
 * account area is first entered, and "back" goes there rather than to the provider.
 */
import { AUTHENTICATED_REDIRECT_COOKIE, type SiteConfig, safeRedirectTarget } from '@account/contract';
import { readCookie } from '../../lib/cookies';
import { shopHome } from '../../lib/paths';

const CAME_FROM_KEY = 'account:came-from';
/** Our own pages that are part of signing in, never a page to go back to. */
const SIGN_IN_PATHS = ['/account', '/demo-idp', '/sso'];

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers the shop page that led into the account area, once per tab. */
export function rememberWhereShopperCameFrom(config: SiteConfig): void {
  const referrer = document.referrer;
  if (!referrer) return;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return;
  }
  const shopOrigin = new URL(config.shopUrl || '/', window.location.origin).origin;
  const fromShop = url.origin === window.location.origin || url.origin === shopOrigin;
  if (!fromShop || SIGN_IN_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return;
  storage()?.setItem(CAME_FROM_KEY, url.href);
}

export function backToShopHref(config: SiteConfig): string {
  return shopHome(config);
}

export function goBackToShop(config: SiteConfig): void {
  const cameFrom = safeRedirectTarget(storage()?.getItem(CAME_FROM_KEY), window.location.origin, [
    new URL(config.shopUrl || '/', window.location.origin).origin,
  ]);
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  const earlierHistory = cameFrom !== null || (document.referrer !== '' && window.history.length > 1);
  if (!earlierHistory) {
    window.location.assign(shopHome(config));
    return;
  }
  const stored = safeRedirectTarget(readCookie(AUTHENTICATED_REDIRECT_COOKIE), window.location.origin);
  if (stored) window.location.assign(stored);
  else if (cameFrom) window.location.assign(cameFrom);
  // React Router numbers its history entries; leave all of the account area's entries at once.
  else window.history.go(-(index + 1));
}
