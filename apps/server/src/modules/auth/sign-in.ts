/**
 * The last steps of every sign-in, whatever the provider: the verified identity becomes a
 * shopper (created on first sign-in, flagged first-time login), the session id is rotated, and
 * the account is answered (token providers) or the browser is sent on (redirect providers).
 */

import { randomBytes } from 'node:crypto';
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
import { hashToken } from '../sessions/service.js';
import type { BrowserWatch } from './browsers.js';
import type { AuthService } from './service.js';

export const ACCOUNT_HOME = '/account/';
export const LOGIN_PAGE = '/account/login';
/** Where a link finished in a redirect flow lands, with its outcome in the query. */
export const SECURITY_PAGE = '/account/security';
/**
 * Puts the next sign-in with one provider in this browser in link mode (issue 20): its identity is
 * added to the signed-in account instead of signing anyone in. Bound to the session that asked.
 */
export const LINK_COOKIE = 'account_link';
const LINK_TTL_SECONDS = 600;
/**
 * Ties a sign-in to the browser that started it (login CSRF, DESIGN §6), with a cookie per kind of
 * flow: a browser may have more than one under way (the email field offers the site's passkeys
 * while a code is asked for), and starting one must not replace the flow another is bound to.
 */
const SIGN_IN_FLOW_COOKIES = {
  /** Redirect providers (single sign-on, Auth0, Steam): the state they come back with. */
  redirect: 'account_signin_flow',
  email: 'account_signin_flow_email',
  passkey: 'account_signin_flow_passkey',
} as const;
export type SignInFlow = keyof typeof SIGN_IN_FLOW_COOKIES;
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

/** What a link-mode sign-in came to. */
type LinkOutcome = 'linked' | 'taken' | 'failed';

export function signInSteps(deps: SignInDeps) {
  const ownOrigin = new URL(deps.publicUrl).origin;
  const flows = signedValues(deps.secret, 'sign-in-flow');
  const links = signedValues(deps.secret, 'link');
  // Every redirect provider's callback lives under /login; the flow starts may not (the single
  // sign-on starts at the shop root), so the path is set explicitly.
  const flowCookie: CookieSerializeOptions = {
    path: `${API_BASE}/login`,
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries it.
    sameSite: 'lax',
    secure: deps.publicUrl.startsWith('https:'),
  };
  /** The state of the `flow` this browser started, if it is still bound. */
  const boundFlow = (request: FastifyRequest, flow: SignInFlow): string | null =>
    flows.open(request.cookies[SIGN_IN_FLOW_COOKIES[flow]]);
  const endFlow = (reply: FastifyReply, flow: SignInFlow) =>
    reply.clearCookie(SIGN_IN_FLOW_COOKIES[flow], { path: flowCookie.path });

  /** Rotates the session to the shopper and notes the browser; a notice that fails never blocks the sign-in. */
  async function enter(request: FastifyRequest, reply: FastifyReply, provider: string, shopperId: number) {
    await deps.keepAccount(shopperId);
    await reply.startSession(shopperId, provider);
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

  /** The link this browser asked for, when it names `provider` and is still fresh. */
  function openLink(request: FastifyRequest, provider: string) {
    const [linkProvider, session, until, state] = links.open(request.cookies[LINK_COOKIE])?.split('|') ?? [];
    if (linkProvider !== provider || !session || !state || Number(until) <= Date.now()) return null;
    return { session, state };
  }

  /**
   * A sign-in in link mode: this browser asked to link `provider` to the session it is signed in
   * with. Null when it did not (or the intent is for another provider, or has expired); the intent
   * is used up here. Signed out, an old intent is dropped and the sign-in is an ordinary one.
   * `state`: for a provider whose data arrives in a URL anyone can craft (the messaging-app
   * widget), the link's own state must come back with it, or the data is not the shopper's own.
   */
  async function linkIntent(request: FastifyRequest, reply: FastifyReply, provider: string, state?: string) {
    const link = openLink(request, provider);
    if (!link) return null;
    reply.clearCookie(LINK_COOKIE, { path: flowCookie.path });
    const shopperId = await request.shopperId();
    if (shopperId === null || !request.sessionToken) return null;
    const sameSession = hashToken(request.sessionToken) === link.session;
    return { shopperId, sameSession: sameSession && (state === undefined || state === link.state) };
  }

  /** Adds the identity to the account of the session that asked; never signs anyone in. */
  async function link(
    request: FastifyRequest,
    provider: string,
    identity: ProviderIdentity,
    intent: { shopperId: number; sameSession: boolean },
  ): Promise<LinkOutcome> {
    if (!intent.sameSession) {
      request.log.warn({ provider }, 'link refused: asked for by another session');
      return 'failed';
    }
    const outcome = await deps.auth.linkTo(intent.shopperId, { provider, ...identity });
    request.log.info({ provider, shopperId: intent.shopperId, outcome }, 'identity link');
    return outcome === 'taken' ? 'taken' : 'linked';
  }

  return {
    /**
     * Remembers in this browser that it started the flow with this state: only this browser can
     * finish it, so nobody can make a victim's browser complete the attacker's sign-in.
     */
    bindFlow(reply: FastifyReply, flow: SignInFlow, state: string): void {
      reply.setCookie(SIGN_IN_FLOW_COOKIES[flow], flows.seal(state), {
        ...flowCookie,
        maxAge: FLOW_COOKIE_TTL_SECONDS,
      });
    },

    /** The flow this browser started, still bound (for a flow finished in several tries, as an emailed code). */
    boundFlow,

    /**
     * Marks this browser's next sign-in with `provider` as a link to the signed-in session (issue
     * 20); answers the link's state, for providers whose data must carry it back.
     */
    bindLink(reply: FastifyReply, sessionToken: string, provider: string): string {
      const until = Date.now() + LINK_TTL_SECONDS * 1000;
      const state = randomBytes(18).toString('base64url');
      reply.setCookie(LINK_COOKIE, links.seal(`${provider}|${hashToken(sessionToken)}|${until}|${state}`), {
        ...flowCookie,
        maxAge: LINK_TTL_SECONDS,
      });
      return state;
    },

    /** Whether this browser is linking `provider` (a sign-in with it will not switch accounts). */
    linking: (request: FastifyRequest, provider: string): boolean => openLink(request, provider) !== null,

    /** Whether this browser started the flow of `state`; the binding is used up either way. */
    startedHere(request: FastifyRequest, reply: FastifyReply, state: string): boolean {
      const bound = boundFlow(request, 'redirect');
      endFlow(reply, 'redirect');
      return bound === state;
    },

    /**
     * Runs a token provider's verification. Any failure becomes a 401 'sign_in_rejected' with no
     * detail for the browser (§8), the precise reason in the log.
     */
    async verified<T = ProviderIdentity>(request: FastifyRequest, provider: string, verify: () => Promise<T>) {
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
      /** The link state the provider's data came back with, when it travels in a URL. */
      linkState?: string,
    ): Promise<Account> {
      reply.header('cache-control', 'no-store');
      const intent = await linkIntent(request, reply, provider, linkState);
      if (intent) {
        const outcome = await link(request, provider, identity, intent);
        if (outcome === 'taken') {
          throw new AppError(409, ERROR_CODES.identityTaken, 'This sign-in belongs to another account');
        }
        if (outcome === 'failed') throw new AppError(401, ERROR_CODES.signInRejected, 'The link was not accepted');
        return deps.accounts.load(intent.shopperId);
      }
      const shopperId = await establish(request, reply, provider, identity);
      return deps.accounts.load(shopperId);
    },

    /** A sign-in whose shopper is already known (the emailed code): answers the account, as token providers do. */
    async answerShopper(request: FastifyRequest, reply: FastifyReply, method: string, shopperId: number) {
      await enter(request, reply, method, shopperId);
      // Signed in: no flow this browser had under way is left to finish.
      for (const flow of Object.keys(SIGN_IN_FLOW_COOKIES) as SignInFlow[]) endFlow(reply, flow);
      reply.header('cache-control', 'no-store');
      return deps.accounts.load(shopperId);
    },

    /**
     * Redirect providers (single sign-on, Auth0, Steam): send the browser to the
     * authenticatedredirect cookie's address when it is safe (and clear it), else the account home.
     */
    async redirectIn(request: FastifyRequest, reply: FastifyReply, provider: string, identity: ProviderIdentity) {
      const intent = await linkIntent(request, reply, provider);
      if (intent) {
        const outcome = await link(request, provider, identity, intent);
        const query = outcome === 'linked' ? `linked=${provider}` : `link=${outcome}&provider=${provider}`;
        return reply.header('cache-control', 'no-store').redirect(`${SECURITY_PAGE}?${query}`, 303);
      }
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
    async failRedirect(request: FastifyRequest, reply: FastifyReply, provider: string, error: unknown) {
      request.log.warn({ provider, reason: (error as Error).message }, 'sign-in failed');
      // A failed link goes back to the page it was started from, saying so.
      const target = (await linkIntent(request, reply, provider))
        ? `${SECURITY_PAGE}?link=failed&provider=${provider}`
        : LOGIN_PAGE;
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    },
  };
}

export type SignInSteps = ReturnType<typeof signInSteps>;
