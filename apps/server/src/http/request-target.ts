/**
 * The request target as every hook and route sees it (Fastify's rewriteUrl runs before them): a
 * path ("origin-form") whose percent-encoding decodes. Two other forms reach the server otherwise:
 * - absolute-form ('POST http://host/account/api/v1/logout'): the router finds the route all the
 *   same, but the hooks that look at the path see no '/account' prefix, so the session was not read
 *   and the XSRF check never ran (DESIGN §4);
 * - broken percent-encoding ('/order/%', '/order/%zz', a cut UTF-8 sequence): the router answers
 *   that itself, before any hook or the error handler, with Fastify's own error body and none of
 *   the security headers. Escaping the path's '%' signs routes it like any other path, so it gets
 *   the one error body (DESIGN §4) and the headers of every response (§6).
 */
export function normalizeRequestTarget(url: string): string {
  let target = url;
  if (!target.startsWith('/')) {
    try {
      const absolute = new URL(target);
      target = `${absolute.pathname}${absolute.search}`;
    } catch {
      // Neither form (e.g. '*'): left to the router, which refuses it.
      return url;
    }
  }
  if (!target.includes('%')) return target;
  const queryAt = target.search(/[?#]/);
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  try {
    decodeURIComponent(path);
    return target;
  } catch {
    return `${path.replaceAll('%', '%25')}${queryAt === -1 ? '' : target.slice(queryAt)}`;
  }
}
