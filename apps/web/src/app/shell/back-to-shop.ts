/**
 * 'Back to shop' (spec §2 Shell): with no earlier history it goes to the shop home (language-
 * prefixed when language URLs are on and the language is not the default); otherwise to a stored
 * authenticated-redirect address if one exists and is safe, else back out of the account area.
 */
import { AUTHENTICATED_REDIRECT_COOKIE, type SiteConfig, safeRedirectTarget } from '@account/contract';
import { readCookie } from '../../lib/cookies';
import { shopHome } from '../../lib/paths';

/** Whether the browser had a page before the account area, read once at startup. */
const startedWithHistory = typeof window !== 'undefined' && window.history.length > 1;

export function backToShopHref(config: SiteConfig): string {
  return shopHome(config);
}

export function goBackToShop(config: SiteConfig): void {
  if (!startedWithHistory) {
    window.location.assign(shopHome(config));
    return;
  }
  const stored = safeRedirectTarget(readCookie(AUTHENTICATED_REDIRECT_COOKIE), window.location.origin);
  if (stored) {
    window.location.assign(stored);
    return;
  }
  // React Router numbers its history entries; leave all of the account area's entries at once.
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  window.history.go(-(index + 1));
}
