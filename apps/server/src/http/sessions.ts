/**
 * Session cookie and cross-site request token (DESIGN.md §4, §6).
 *
 * The XSRF token is a signed double-submit token bound to the session: HMAC(secret, nonce +
 * session hash). It lives in the readable cookie 'XSRF-TOKEN' and must come back in the
 * 'X-XSRF-TOKEN' header on every non-GET call, so a page on another site can neither read nor
 * forge it. It needs no storage and is reissued whenever the session changes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE, ERROR_CODES } from '@account/contract';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { hashToken, type SessionService, sessionOrigin } from '../modules/sessions/service.js';
import { sendError } from './errors.js';

export const SESSION_COOKIE = 'account_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session token from the cookie, if any (not yet checked against the store). */
    sessionToken: string | null;
    /** The signed-in shopper's id, resolved once per request; null when signed out. */
    shopperId(): Promise<number | null>;
    /** When this session was made (its sign-in); null when signed out. */
    signedInAt(): Promise<Date | null>;
  }
  interface FastifyReply {
    /**
     * Rotates to a fresh session for the shopper (sign-in with `method`, noted with the client
     * that made it) and reissues the XSRF token.
     */
    startSession(shopperId: number, method: string): Promise<void>;
    /** Removes the session (logout) and reissues an anonymous XSRF token. */
    endSession(): Promise<void>;
  }
}

const resolved = Symbol('shopperId');
type WithResolved = FastifyRequest & { [resolved]?: Promise<number | null> };

export interface SessionPluginOptions {
  sessions: SessionService;
  secret: string;
  secure: boolean;
  maxAgeSeconds: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Valid XSRF tokens remembered at most; then the list starts anew. */
const VERIFIED_XSRF_TOKENS = 10_000;

export function registerSessions(app: FastifyInstance, options: SessionPluginOptions): void {
  const { sessions, secret, secure } = options;
  const sessionCookie: CookieSerializeOptions = {
    path: '/account',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: options.maxAgeSeconds,
  };
  const xsrfCookie: CookieSerializeOptions = { path: '/', httpOnly: false, sameSite: 'lax', secure };

  const mac = (nonce: string, sessionToken: string | null) =>
    createHmac('sha256', secret)
      .update(`xsrf|${nonce}|${sessionToken ? hashToken(sessionToken) : ''}`)
      .digest('base64url');
  const issueXsrf = (reply: FastifyReply, sessionToken: string | null) => {
    const nonce = randomBytes(18).toString('base64url');
    reply.setCookie(XSRF_COOKIE, `${nonce}.${mac(nonce, sessionToken)}`, xsrfCookie);
  };
  /**
   * Tokens already found valid, with the session they belong to: most requests bring the token of
   * the request before, and checking it again (an HMAC and a SHA-256) was measurable per request.
   * Only valid pairs get in, so the cache can never make a forged token pass.
   */
  const verified = new Map<string, string | null>();
  const xsrfValid = (token: string | undefined, sessionToken: string | null): boolean => {
    if (token !== undefined && verified.get(token) === sessionToken) return true;
    const [nonce, signature, extra] = token?.split('.') ?? [];
    if (!token || !nonce || !signature || extra !== undefined) return false;
    const expected = Buffer.from(mac(nonce, sessionToken));
    const given = Buffer.from(signature);
    const valid = expected.length === given.length && timingSafeEqual(expected, given);
    if (valid) {
      if (verified.size >= VERIFIED_XSRF_TOKENS) verified.clear();
      verified.set(token, sessionToken);
    }
    return valid;
  };

  app.decorateRequest('sessionToken', null);
  app.decorateRequest('shopperId', function (this: WithResolved) {
    const token = this.sessionToken;
    this[resolved] ??= token ? sessions.resolve(token) : Promise.resolve(null);
    return this[resolved];
  });

  app.decorateRequest('signedInAt', async function (this: FastifyRequest) {
    return this.sessionToken ? sessions.startedAt(this.sessionToken) : null;
  });

  app.decorateReply('startSession', async function (this: FastifyReply, shopperId: number, method: string) {
    const previous = this.request.sessionToken;
    if (previous) await sessions.end(previous);
    const token = await sessions.start(shopperId, sessionOrigin(method, this.request));
    this.request.sessionToken = token;
    (this.request as WithResolved)[resolved] = Promise.resolve(shopperId);
    this.setCookie(SESSION_COOKIE, token, sessionCookie);
    issueXsrf(this, token);
  });

  app.decorateReply('endSession', async function (this: FastifyReply) {
    const token = this.request.sessionToken;
    if (token) await sessions.end(token);
    this.request.sessionToken = null;
    (this.request as WithResolved)[resolved] = Promise.resolve(null);
    this.clearCookie(SESSION_COOKIE, { path: sessionCookie.path });
    issueXsrf(this, null);
  });

  app.addHook('onRequest', async (request, reply) => {
    // Decided on the route the router matched, never the raw target: the router decodes the path,
    // so '/account/api/%761/...' reaches a v1 call although its text does not start with it.
    // Without a matched route (a 404) nothing runs that a session or token could guard.
    const path = request.routeOptions.url;
    if (path === undefined || !path.startsWith('/account')) return;
    const raw = request.cookies[SESSION_COOKIE];
    request.sessionToken = raw && raw.length <= 128 ? raw : null;
    const cookieToken = request.cookies[XSRF_COOKIE];

    if (path.startsWith(`${API_BASE}/`) && !SAFE_METHODS.has(request.method)) {
      const header = request.headers[XSRF_HEADER];
      const headerToken = Array.isArray(header) ? header[0] : header;
      if (!headerToken || headerToken !== cookieToken || !xsrfValid(headerToken, request.sessionToken)) {
        return sendError(reply, new AppError(403, ERROR_CODES.xsrf, 'Missing or invalid X-XSRF-TOKEN header'));
      }
      return;
    }
    if (!xsrfValid(cookieToken, request.sessionToken)) issueXsrf(reply, request.sessionToken);
  });
}
