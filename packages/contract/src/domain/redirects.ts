/**
 * Redirect targets (spec §4 Login success, §9 Cookies). The 'authenticatedredirect' cookie, return
 * URLs and provider callbacks are followed only when same-site or allow-listed: never an open redirect.
 */

export const AUTHENTICATED_REDIRECT_COOKIE = 'authenticatedredirect';

/**
 * The absolute URL to follow, or null when the target is unsafe or malformed. `value` may be
 * URI-encoded (as the cookie holds it); relative targets resolve against `ownOrigin`.
 */
export function safeRedirectTarget(
  value: string | null | undefined,
  ownOrigin: string,
  allowedOrigins: readonly string[] = [],
): string | null {
  if (!value) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value).trim();
  } catch {
    return null;
  }
  // Backslashes and control characters are read as '/' or dropped by some browsers: refuse them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (!decoded || /[\\\u0000-\u001f\u007f]/.test(decoded)) return null;
  let url: URL;
  try {
    url = new URL(decoded, ownOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const own = new URL(ownOrigin).origin;
  if (url.origin !== own && !allowedOrigins.includes(url.origin)) return null;
  return url.href;
}
