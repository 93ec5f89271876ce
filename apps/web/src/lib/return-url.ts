/**
 * A return URL with an expiry time, kept in local storage for after first login (spec §9
 * Cookies, §4 First login success).
 */
const KEY = 'account:return-url';
const TTL_MS = 30 * 60_000;

export function rememberReturnUrl(path: string, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, expiresAt: now + TTL_MS }));
  } catch {
    // Storage may be unavailable (private mode); onboarding then ends on the home route.
  }
}

/** The stored path if present and not expired; it is removed either way. */
export function takeReturnUrl(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    if (!raw) return null;
    const { path, expiresAt } = JSON.parse(raw) as { path?: unknown; expiresAt?: unknown };
    if (typeof path !== 'string' || typeof expiresAt !== 'number' || expiresAt < now) return null;
    // Only paths inside the account area: never an address elsewhere.
    return path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
