/**
 * The social network's sign-in: the browser SDK hands the page a user access token, which proves
 * nothing by itself. The token is checked with the Graph API's debug_token under our app
 * credentials (valid, issued to our app, for a user, not expired), then the profile is read with
 * the token bound to our app secret (appsecret_proof) and must belong to that same user.
 */
import { createHmac } from 'node:crypto';
import { type ProviderIdentity, SignInRejected } from './identity.js';

export interface FacebookSettings {
  appId: string;
  appSecret: string;
  /** The Graph API base including its version, without a trailing slash. */
  graphUrl: string;
  fetch: typeof globalThis.fetch;
  /** How long one Graph API call may take before the sign-in is refused. */
  timeoutMs?: number;
}

export interface FacebookVerifier {
  /** The verified identity behind a user access token; throws SignInRejected when anything is off. */
  verify(token: string): Promise<ProviderIdentity>;
}

const DEFAULT_TIMEOUT_MS = 5_000;
/** Names longer than this are cut: the profile is the provider's, the account is ours. */
const MAX_NAME_LENGTH = 100;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Graph API id as a string (ids are strings on the wire; a number is accepted and compared as text). */
const idText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

const name = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, MAX_NAME_LENGTH) : '');

/** HMAC-SHA256 of the access token under the app secret, hex: what the Graph API expects as appsecret_proof. */
export function appSecretProof(appSecret: string, token: string): string {
  return createHmac('sha256', appSecret).update(token).digest('hex');
}

export function facebookVerifier(settings: FacebookSettings): FacebookVerifier {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** One Graph API GET; any network failure, timeout, non-JSON or error answer is a rejection. */
  async function graph(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${settings.graphUrl}/${path}?${new URLSearchParams(query)}`;
    let response: Response;
    let text: string;
    try {
      response = await settings.fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new SignInRejected(`Graph API ${path} unreachable: ${(error as Error).message}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new SignInRejected(`Graph API ${path} answered ${response.status} without JSON`);
    }
    if (!response.ok || !isRecord(body) || 'error' in body) {
      const error = isRecord(body) && isRecord(body.error) ? body.error : {};
      throw new SignInRejected(
        `Graph API ${path} answered ${response.status}${typeof error.message === 'string' ? `: ${error.message}` : ''}`,
      );
    }
    return body;
  }

  return {
    async verify(token) {
      const debug = await graph('debug_token', {
        input_token: token,
        access_token: `${settings.appId}|${settings.appSecret}`,
      });
      const data = isRecord(debug.data) ? debug.data : null;
      if (!data) throw new SignInRejected('debug_token answered no data');
      if (data.is_valid !== true) throw new SignInRejected('The access token is not valid');
      if (idText(data.app_id) !== settings.appId) throw new SignInRejected('The access token belongs to another app');
      if (data.type !== undefined && data.type !== 'USER')
        throw new SignInRejected('The access token is not a user token');
      const expiresAt = data.expires_at;
      if (typeof expiresAt !== 'number' || (expiresAt !== 0 && expiresAt * 1000 <= Date.now())) {
        throw new SignInRejected('The access token has expired');
      }
      const userId = idText(data.user_id);
      if (!userId) throw new SignInRejected('The access token names no user');

      const me = await graph('me', {
        fields: 'id,email,first_name,last_name',
        access_token: token,
        appsecret_proof: appSecretProof(settings.appSecret, token),
      });
      if (idText(me.id) !== userId) throw new SignInRejected('The profile belongs to another user than the token');

      const email = typeof me.email === 'string' && me.email.trim() !== '' ? me.email.trim() : null;
      return {
        subject: userId,
        email,
        // The Graph API does not assert that the person controls the address: never link on it.
        emailVerified: false,
        firstName: name(me.first_name),
        lastName: name(me.last_name),
      };
    },
  };
}
