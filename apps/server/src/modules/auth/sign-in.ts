/**
 * The last steps of every sign-in, whatever the provider: the verified identity becomes a
 * shopper (created on first sign-in, flagged first-time login), the session id is rotated, and
 * the account is answered (token providers) or the browser is sent on (redirect providers).
 */
import {
  type Account,
  API_BASE,
  AUTHENTICATED_REDIRECT_COOKIE,
  ERROR_CODES,
  safeRedirectTarget,
} from '@account/contract';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { signedValues } from '../../http/signed-value.js';
import type { ProviderIdentity } from '../../integrations/identity/identity.js';
import type { AccountService } from '../account/service.js';
import type { BrowserWatch } from './browsers.js';
import type { AuthService } from './service.js';

export const ACCOUNT_HOME = '/account/';
export const LOGIN_PAGE = '/account/login';
/** Ties a redirect sign-in to the browser that started it (login CSRF, DESIGN §6). */
export const SIGN_IN_FLOW_COOKIE = 'account_signin_flow';
const FLOW_COOKIE_TTL_SECONDS = 600;

export interface SignInDeps {
  auth: AuthService;
  accounts: AccountService;
  publicUrl: string;
  redirectAllowList: string[];
  /** Signs the flow cookie. */
  secret: string;
  /** Tells the shopper of a sign-in from a browser not seen before. */
  browsers: BrowserWatch;
  /**
   * A sign-in keeps the account: it cancels a deletion waiting for the end of its grace period
   * (privacy). Throws when the account was erased meanwhile, refusing the sign-in.
   */
  keepAccount(shopperId: number): Promise<void>;
}

export function signInSteps(deps: SignInDeps) {
  const ownOrigin = new URL(deps.publicUrl).origin;
  const flows = signedValues(deps.secret, 'sign-in-flow');
  // Every redirect provider's callback lives under /login; the flow starts may not (the single
  // sign-on starts at the shop root), so the path is set explicitly.
  const flowCookie: CookieSerializeOptions = {
    path: `${API_BASE}/login`,
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries it.
    sameSite: 'lax',
    secure: deps.publicUrl.startsWith('https:'),
  };

  /** Rotates the session to the shopper and notes the browser; a notice that fails never blocks the sign-in. */
  async function enter(request: FastifyRequest, reply: FastifyReply, provider: string, shopperId: number) {
    await deps.keepAccount(shopperId);
    await reply.startSession(shopperId);
    request.log.info({ provider, shopperId }, 'signed in');
    try {
      await deps.browsers.signedIn(request, reply, shopperId, provider);
    } catch (error) {
      request.log.warn({ err: error, shopperId }, 'new-browser notice not queued');
    }
  }

  async function establish(request: FastifyRequest, reply: FastifyReply, provider: string, identity: ProviderIdentity) {
    const shopperId = await deps.auth.shopperFor({ provider, ...identity });
    await enter(request, reply, provider, shopperId);
    return shopperId;
  }

  return {
    /**
     * Remembers in this browser that it started the flow with this state: only this browser can
     * finish it, so nobody can make a victim's browser complete the attacker's sign-in.
     */
    bindFlow(reply: FastifyReply, state: string): void {
      reply.setCookie(SIGN_IN_FLOW_COOKIE, flows.seal(state), { ...flowCookie, maxAge: FLOW_COOKIE_TTL_SECONDS });
    },

    /** The flow this browser started, still bound (for a flow finished in several tries, as an emailed code). */
    boundFlow(request: FastifyRequest): string | null {
      return flows.open(request.cookies[SIGN_IN_FLOW_COOKIE]);
    },

    /** Whether this browser started the flow of `state`; the binding is used up either way. */
    startedHere(request: FastifyRequest, reply: FastifyReply, state: string): boolean {
      const bound = flows.open(request.cookies[SIGN_IN_FLOW_COOKIE]);
      reply.clearCookie(SIGN_IN_FLOW_COOKIE, { path: flowCookie.path });
      return bound === state;
    },

    /**
     * Runs a token provider's verification. Any failure becomes a 401 'sign_in_rejected' with no
     * detail for the browser (§8), the precise reason in the log.
     */
    async verified(request: FastifyRequest, provider: string, verify: () => Promise<ProviderIdentity>) {
      try {
        return await verify();
      } catch (error) {
        request.log.warn({ provider, reason: (error as Error).message }, 'sign-in failed');
        throw new AppError(401, ERROR_CODES.signInRejected, 'The sign-in was not accepted');
      }
    },

    /** Token providers (Google, Apple, Facebook, Telegram): answer the account (§7). */
    async answerAccount(
      request: FastifyRequest,
      reply: FastifyReply,
      provider: string,
      identity: ProviderIdentity,
    ): Promise<Account> {
      const shopperId = await establish(request, reply, provider, identity);
      reply.header('cache-control', 'no-store');
      return deps.accounts.load(shopperId);
    },

    /** A sign-in whose shopper is already known (the emailed code): answers the account, as token providers do. */
    async answerShopper(request: FastifyRequest, reply: FastifyReply, method: string, shopperId: number) {
      await enter(request, reply, method, shopperId);
      reply.clearCookie(SIGN_IN_FLOW_COOKIE, { path: flowCookie.path });
      reply.header('cache-control', 'no-store');
      return deps.accounts.load(shopperId);
    },

    /**
     * Redirect providers (single sign-on, Auth0, Steam): send the browser to the
     * authenticatedredirect cookie's address when it is safe (and clear it), else the account home.
     */
    async redirectIn(request: FastifyRequest, reply: FastifyReply, provider: string, identity: ProviderIdentity) {
      await establish(request, reply, provider, identity);
      let target = ACCOUNT_HOME;
      const cookie = request.cookies[AUTHENTICATED_REDIRECT_COOKIE];
      if (cookie !== undefined) {
        reply.clearCookie(AUTHENTICATED_REDIRECT_COOKIE, { path: '/' });
        target = safeRedirectTarget(cookie, ownOrigin, deps.redirectAllowList) ?? ACCOUNT_HOME;
      }
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    },

    /** §8: a failed redirect sign-in shows no message; the reason goes to the log. */
    failRedirect(request: FastifyRequest, reply: FastifyReply, provider: string, error: unknown) {
      request.log.warn({ provider, reason: (error as Error).message }, 'sign-in failed');
      return reply.header('cache-control', 'no-store').redirect(LOGIN_PAGE, 303);
    },
  };
}

export type SignInSteps = ReturnType<typeof signInSteps>;
