/**
 * The games platform's sign-in: OpenID 2.0 (https://openid.net/specs/openid-authentication-2_0.html).
 * We send the browser to the provider with checkid_setup; it comes back with a positive assertion
 * that we verify the way the specification requires (§11): the return URL, the provider's
 * endpoint, the claimed identifier, the signed field list and a fresh nonce, and finally the
 * signature itself through a direct check_authentication request to the provider.
 */
import { type ProviderIdentity, SignInRejected } from './identity.js';

export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
export const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';

/** The fields a positive assertion must sign (§10.1): everything that makes it ours and unique. */
export const REQUIRED_SIGNED_FIELDS = [
  'op_endpoint',
  'claimed_id',
  'identity',
  'return_to',
  'response_nonce',
  'assoc_handle',
] as const;

const DEFAULT_TIMEOUT_MS = 5_000;
/** How old a response_nonce may be; with single-use state this bounds any replay. */
const NONCE_MAX_AGE_MS = 5 * 60_000;
/** Clock difference to the provider tolerated for a nonce from the future. */
const NONCE_MAX_SKEW_MS = 60_000;
const NONCE_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})Z[\x21-\x7e]*$/;
/** Beyond this a check_authentication answer is not a key-value form any provider would send. */
const MAX_ANSWER_LENGTH = 16_384;

export interface SteamSettings {
  /** The provider endpoint URL, e.g. https://steamcommunity.com/openid/login. */
  endpoint: string;
  /** Our public base URL; the return URL and the realm are built from it. */
  publicUrl: string;
  /** The path the provider sends the browser back to. */
  callbackPath: string;
  fetch: typeof globalThis.fetch;
  timeoutMs?: number;
}

export interface SteamOpenId {
  /** The URL the provider sends the browser back to for this state. */
  returnTo(state: string): string;
  /** Where to send the browser to sign in (checkid_setup). */
  authorizationUrl(state: string): string;
  /**
   * Verifies the provider's answer that arrived at `arrivedAt` (the full URL of the callback
   * request) for the flow whose return URL was `returnTo`; throws SignInRejected when anything is off.
   */
  verify(arrivedAt: URL, returnTo: string): Promise<ProviderIdentity>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The openid.* fields of a request, each present once; repeated fields are refused. */
function openIdFields(url: URL): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    if (!key.startsWith('openid.')) continue;
    if (fields.has(key)) throw new SignInRejected(`Field ${key} is repeated`);
    fields.set(key, value);
  }
  return fields;
}

/** OpenID §11.1: the assertion's return_to is the one we sent, and the request really arrived there. */
function checkReturnTo(assertion: string | undefined, expected: string, arrivedAt: URL): void {
  if (assertion !== expected) throw new SignInRejected('openid.return_to is not the return URL sent for this state');
  const returnTo = new URL(assertion);
  if (returnTo.origin !== arrivedAt.origin || returnTo.pathname !== arrivedAt.pathname) {
    throw new SignInRejected('The answer did not arrive at openid.return_to');
  }
  for (const [key, value] of returnTo.searchParams) {
    const arrived = arrivedAt.searchParams.getAll(key);
    if (arrived.length !== 1 || arrived[0] !== value) {
      throw new SignInRejected(`The answer's ${key} differs from openid.return_to`);
    }
  }
}

/** OpenID §10.1: {ISO UTC time}Z{unique}, and not older than we accept. */
function checkNonce(nonce: string | undefined, now: number): void {
  const match = nonce && nonce.length <= 255 ? NONCE_PATTERN.exec(nonce) : null;
  const issued = match ? Date.parse(`${match[1]}Z`) : Number.NaN;
  if (Number.isNaN(issued)) throw new SignInRejected('openid.response_nonce is malformed');
  if (now - issued > NONCE_MAX_AGE_MS) throw new SignInRejected('openid.response_nonce is stale');
  if (issued - now > NONCE_MAX_SKEW_MS) throw new SignInRejected('openid.response_nonce is from the future');
}

/** A key-value form answer (§4.1.1): one "key:value" per line. */
export function parseKeyValueForm(text: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) pairs.set(line.slice(0, colon), line.slice(colon + 1).replace(/\r$/, ''));
  }
  return pairs;
}

export function steamOpenId(settings: SteamSettings): SteamOpenId {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const endpoint = new URL(settings.endpoint);
  const realm = `${new URL(settings.publicUrl).origin}/`;
  // The real provider's identifiers: https://steamcommunity.com/openid/id/ and a 17-digit Steam id.
  const claimedIdPattern = new RegExp(`^${escapeRegExp(endpoint.origin)}/openid/id/(\\d{17})$`);

  const returnTo = (state: string) => {
    const url = new URL(`${settings.publicUrl}${settings.callbackPath}`);
    url.searchParams.set('state', state);
    return url.href;
  };

  /** §11.4.2: asks the provider itself whether it made this assertion (the signature check). */
  async function checkAuthentication(fields: Map<string, string>): Promise<void> {
    const form = new URLSearchParams([...fields]);
    form.set('openid.mode', 'check_authentication');
    let status: number;
    let text: string;
    try {
      const response = await settings.fetch(settings.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain' },
        body: form.toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new SignInRejected(`check_authentication unreachable: ${(error as Error).message}`);
    }
    if (status !== 200 || text.length > MAX_ANSWER_LENGTH) {
      throw new SignInRejected(`check_authentication answered ${status}`);
    }
    const answer = parseKeyValueForm(text);
    if (answer.get('ns') !== OPENID_NS) throw new SignInRejected('check_authentication answered another namespace');
    if (answer.get('is_valid') !== 'true') throw new SignInRejected('check_authentication answered is_valid:false');
  }

  return {
    returnTo,

    authorizationUrl(state) {
      const url = new URL(settings.endpoint);
      url.searchParams.set('openid.ns', OPENID_NS);
      url.searchParams.set('openid.mode', 'checkid_setup');
      url.searchParams.set('openid.return_to', returnTo(state));
      url.searchParams.set('openid.realm', realm);
      url.searchParams.set('openid.identity', IDENTIFIER_SELECT);
      url.searchParams.set('openid.claimed_id', IDENTIFIER_SELECT);
      return url.href;
    },

    async verify(arrivedAt, expectedReturnTo) {
      const fields = openIdFields(arrivedAt);
      const field = (name: string) => fields.get(`openid.${name}`);

      if (field('ns') !== OPENID_NS) throw new SignInRejected('openid.ns is not OpenID 2.0');
      const mode = field('mode');
      if (mode !== 'id_res') throw new SignInRejected(`openid.mode is ${mode ?? 'missing'}, not id_res`);
      if (field('op_endpoint') !== settings.endpoint) {
        throw new SignInRejected('openid.op_endpoint is not the configured provider');
      }
      checkReturnTo(field('return_to'), expectedReturnTo, arrivedAt);

      const claimedId = field('claimed_id');
      if (claimedId !== field('identity')) throw new SignInRejected('openid.claimed_id differs from openid.identity');
      const steamId = claimedId ? claimedIdPattern.exec(claimedId)?.[1] : undefined;
      if (!steamId) throw new SignInRejected('openid.claimed_id is not a Steam identifier');

      const signed = new Set((field('signed') ?? '').split(','));
      const unsigned = REQUIRED_SIGNED_FIELDS.filter((name) => !signed.has(name));
      if (unsigned.length > 0) throw new SignInRejected(`openid.signed leaves out ${unsigned.join(', ')}`);
      if (!field('sig')) throw new SignInRejected('openid.sig is missing');

      checkNonce(field('response_nonce'), Date.now());
      await checkAuthentication(fields);

      return { subject: steamId, email: null, emailVerified: false, firstName: '', lastName: '' };
    },
  };
}
