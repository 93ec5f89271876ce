/**
 * Sign-ins from a browser not seen before on an account (issue 19, security notices): each browser
 * carries its own random id in a long-lived httpOnly cookie; the server keeps only its SHA-256 per
 * shopper. A sign-in from a new browser, on an account that has signed in elsewhere before, is
 * told to the shopper by email with the browser, the time and the sign-in method.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userAgentDetails } from '../sessions/client.js';
import type { AuthRepository } from './repository.js';

export const BROWSER_COOKIE = 'account_browser';
const BROWSER_COOKIE_MAX_AGE = 2 * 365 * 24 * 3600;
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

export interface NewBrowserSignIn {
  shopperId: number;
  /** 'Chrome 131 on Windows 10', from the user agent. */
  browser: string;
  at: string;
  method: string;
}

/** 'Firefox 133 on macOS 14.1', or what of it the user agent tells; 'an unknown browser' when nothing. */
export function describeBrowser(userAgent: string | undefined): string {
  const { browser, os } = userAgentDetails(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'an unknown browser';
}

export function browserWatch(
  repository: Pick<AuthRepository, 'rememberBrowser'>,
  options: { secure: boolean; onNewBrowser(signIn: NewBrowserSignIn): Promise<void>; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  return {
    /** Notes the sign-in; gives this browser its id first if it has none. */
    async signedIn(request: FastifyRequest, reply: FastifyReply, shopperId: number, method: string): Promise<void> {
      let id = request.cookies[BROWSER_COOKIE];
      if (id === undefined || !BROWSER_ID.test(id)) {
        id = randomBytes(32).toString('base64url');
        reply.setCookie(BROWSER_COOKIE, id, {
          path: '/account',
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secure,
          maxAge: BROWSER_COOKIE_MAX_AGE,
        });
      }
      const at = now().toISOString();
      const hash = createHash('sha256').update(id).digest('hex');
      const { isNew, hadOthers } = await repository.rememberBrowser(shopperId, hash, at);
      if (isNew && hadOthers) {
        await options.onNewBrowser({ shopperId, browser: describeBrowser(request.headers['user-agent']), at, method });
      }
    },
  };
}

export type BrowserWatch = ReturnType<typeof browserWatch>;
