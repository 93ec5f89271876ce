/**
 * A local stand-in for the social network's Graph API, speaking its protocol over HTTP so that the
 * server's real verification code runs against it: GET /facebook/debug_token (inspects a user
 * access token under the app credentials) and GET /facebook/me (the profile, requiring a valid
 * token and the appsecret_proof of the token's app). Errors are Graph-style { error: {...} } with 400.
 * The server's Graph API base is then {standInBase}/facebook.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hanging } from './hang.js';

export const FACEBOOK_PREFIX = '/facebook';

export interface FacebookStandInOptions {
  /** Our app as registered with the stand-in: tokens are issued to it unless told otherwise. */
  appId: string;
  appSecret: string;
}

export interface IssueTokenOptions {
  userId: string;
  email?: string | null;
  firstName?: string;
  lastName?: string;
  /** The app the token was issued to (default: ours). Another app has its own secret. */
  appId?: string;
  /** Unix seconds; 0 never expires. Default: one hour from now. */
  expiresAt?: number;
  /**
   * What debug_token says in is_valid (default: true unless expired). false: the user logged out
   * or changed the password. true with a past expiresAt: debug_token still calls it valid (a race).
   */
  valid?: boolean;
  /** The id /me answers with, when it should differ from userId (a broken or forged pairing). */
  profileId?: string;
}

export interface GraphRequest {
  path: string;
  query: Record<string, string>;
}

export type GraphOutage = 'hang' | 'server-error' | null;

export interface FacebookStandIn {
  /** A user access token as the browser SDK would hand the page. */
  issueToken(options: IssueTokenOptions): string;
  /** Every Graph API request received, oldest first. */
  readonly requests: GraphRequest[];
  /** Requests to one path ('debug_token' or 'me') so far. */
  count(path: 'debug_token' | 'me'): number;
  /** Makes every following request hang (no answer within the server's timeout) or fail with a 500; null ends it. */
  outage(kind: GraphOutage): void;
}

interface IssuedToken {
  userId: string;
  profileId: string;
  email: string | null;
  firstName: string;
  lastName: string;
  appId: string;
  expiresAt: number;
  valid: boolean | undefined;
}

const graphError = (reply: FastifyReply, message: string, type: string, code: number, subcode?: number) =>
  reply.code(400).send({
    error: {
      message,
      type,
      code,
      ...(subcode === undefined ? {} : { error_subcode: subcode }),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });

const proofOf = (secret: string, token: string) => createHmac('sha256', secret).update(token).digest('hex');

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export async function facebookStandIn(app: FastifyInstance, options: FacebookStandInOptions): Promise<FacebookStandIn> {
  const tokens = new Map<string, IssuedToken>();
  /** App id -> app secret; other apps get secrets nobody else knows. */
  const apps = new Map<string, string>([[options.appId, options.appSecret]]);
  const requests: GraphRequest[] = [];
  let outage: GraphOutage = null;
  const held = hanging(app);

  const secretOf = (appId: string) => {
    let secret = apps.get(appId);
    if (!secret) {
      secret = randomBytes(16).toString('hex');
      apps.set(appId, secret);
    }
    return secret;
  };

  function issueToken(issue: IssueTokenOptions): string {
    const token = `EAA${randomBytes(24).toString('base64url')}`;
    const appId = issue.appId ?? options.appId;
    secretOf(appId);
    tokens.set(token, {
      userId: issue.userId,
      profileId: issue.profileId ?? issue.userId,
      email: issue.email ?? null,
      firstName: issue.firstName ?? '',
      lastName: issue.lastName ?? '',
      appId,
      expiresAt: issue.expiresAt ?? Math.floor(Date.now() / 1000) + 3600,
      valid: issue.valid,
    });
    return token;
  }

  const expired = (token: IssuedToken) => token.expiresAt !== 0 && token.expiresAt * 1000 <= Date.now();

  /** Records the request and plays an outage when one is set; true when the request was dealt with. */
  async function intercept(
    path: string,
    query: Record<string, string>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<boolean> {
    requests.push({ path, query });
    if (outage === 'server-error') {
      await reply.code(500).type('text/html').send('<html><body>Sorry, something went wrong.</body></html>');
      return true;
    }
    if (outage === 'hang') {
      await held.hang(request, reply);
      return true;
    }
    return false;
  }

  app.get(`${FACEBOOK_PREFIX}/debug_token`, async (request, reply) => {
    const query = request.query as Record<string, string>;
    if (await intercept('debug_token', query, request, reply)) return reply;
    const appToken = query.access_token;
    if (!appToken) {
      return graphError(reply, 'An access token is required to request this resource.', 'OAuthException', 104);
    }
    const [appId = '', appSecret = ''] = appToken.split('|');
    const knownSecret = apps.get(appId);
    if (!knownSecret || !sameText(knownSecret, appSecret)) {
      return graphError(reply, 'Invalid OAuth access token signature.', 'OAuthException', 190);
    }
    if (!query.input_token) {
      return graphError(reply, '(#100) The parameter input_token is required', 'OAuthException', 100);
    }
    const token = tokens.get(query.input_token);
    if (!token) {
      return {
        data: {
          error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' },
          is_valid: false,
        },
      };
    }
    const isValid = token.valid ?? !expired(token);
    return {
      data: {
        app_id: token.appId,
        type: 'USER',
        application: 'Shop',
        data_access_expires_at: Math.floor(Date.now() / 1000) + 90 * 24 * 3600,
        expires_at: token.expiresAt,
        is_valid: isValid,
        ...(isValid
          ? {}
          : {
              error: {
                code: 190,
                message: expired(token) ? 'Session has expired' : 'The session has been invalidated.',
                subcode: expired(token) ? 463 : 460,
              },
            }),
        scopes: ['email', 'public_profile'],
        user_id: token.userId,
      },
    };
  });

  app.get(`${FACEBOOK_PREFIX}/me`, async (request, reply) => {
    const query = request.query as Record<string, string>;
    if (await intercept('me', query, request, reply)) return reply;
    if (!query.access_token) {
      return graphError(
        reply,
        'An active access token must be used to query information about the current user.',
        'OAuthException',
        2500,
      );
    }
    const token = tokens.get(query.access_token);
    if (!token)
      return graphError(reply, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190);
    if (expired(token)) {
      return graphError(reply, 'Error validating access token: Session has expired.', 'OAuthException', 190, 463);
    }
    if (token.valid === false) {
      return graphError(
        reply,
        'Error validating access token: The session has been invalidated.',
        'OAuthException',
        190,
        460,
      );
    }
    if (!query.appsecret_proof) {
      return graphError(
        reply,
        'API calls from the server require an appsecret_proof argument',
        'GraphMethodException',
        100,
      );
    }
    if (!sameText(query.appsecret_proof, proofOf(secretOf(token.appId), query.access_token))) {
      return graphError(reply, 'Invalid appsecret_proof provided in the API argument', 'GraphMethodException', 100);
    }
    const profile: Record<string, string | null> = {
      id: token.profileId,
      email: token.email,
      first_name: token.firstName,
      last_name: token.lastName,
      name: `${token.firstName} ${token.lastName}`.trim(),
    };
    // Only the asked fields (id always); a user without an email address has no email field.
    const fields = new Set(['id', ...(query.fields ?? 'id,name').split(',').map((f) => f.trim())]);
    return Object.fromEntries(Object.entries(profile).filter(([key, value]) => fields.has(key) && value !== null));
  });

  /** Test-only: a token for our app, for browser tests whose page gets it from a stand-in SDK. */
  app.get(`${FACEBOOK_PREFIX}/mint`, async (request, reply) => {
    const query = request.query as Record<string, string>;
    if (!query.user_id) return graphError(reply, '(#100) The parameter user_id is required', 'OAuthException', 100);
    return {
      token: issueToken({
        userId: query.user_id,
        email: query.email || null,
        firstName: query.first_name ?? '',
        lastName: query.last_name ?? '',
      }),
    };
  });

  return {
    issueToken,
    requests,
    count: (path) => requests.filter((r) => r.path === path).length,
    outage(kind) {
      outage = kind;
      if (kind === null) held.releaseAll();
    },
  };
}
