/**
 * The company single sign-on (spec §4 Login success): the start path at the shop root answers
 * with a URL as text and the browser goes there. Returns false when that did not work.
 */
export async function startSingleSignOn(startPath: string): Promise<boolean> {
  try {
    const response = await fetch(startPath, { credentials: 'same-origin', headers: { Accept: 'text/plain' } });
    if (!response.ok) return false;
    const target = new URL((await response.text()).trim(), window.location.origin);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
    window.location.assign(target.href);
    return true;
  } catch {
    return false;
  }
}
