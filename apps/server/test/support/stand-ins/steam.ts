/**
 * A local stand-in for the games platform's OpenID 2.0 provider, speaking the protocol over HTTP
 * so that the server's real verification runs against it:
 * - GET /steam/openid/login (checkid_setup): validates the request and sends the browser (302)
 *   straight back to openid.return_to with a positive assertion, signed like a stateless
 *   (association-less) assertion with HMAC-SHA256 over the signed fields in key-value form;
 * - POST /steam/openid/login (check_authentication): recomputes the signature and answers
 *   is_valid:true or is_valid:false, once per assertion (OpenID 2.0 §11.4.2.1).
 * Claimed identifiers are {baseUrl}/openid/id/{17-digit Steam id}, like the real provider's
 * https://steamcommunity.com/openid/id/{id}; its endpoint is {baseUrl}/steam/openid/login.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const STEAM_PREFIX = '/steam';
const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
/** The real provider's list of signed fields. */
const SIGNED = ['signed', 'op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

export const DEFAULT_STEAM_ID = '76561197960287930';

export interface SteamStandInOptions {
  /** The origin the stand-in is reached at, e.g. http://127.0.0.1:4321. */
  baseUrl: string;
  /** The Steam id asserted unless nextSteamId() chose another. */
  steamId?: string;
}

/**
 * A change to the next assertion. Changed fields are signed as changed, so that the provider's
 * check_authentication still says is_valid:true and only the relying party's own checks can notice.
 */
export interface SteamTamper {
  /** openid.* fields (named without the prefix) replaced in the assertion, e.g. { mode: 'cancel' }. */
  fields?: Record<string, string>;
  /** Fields left out of openid.signed (and so out of the signature). */
  unsigned?: string[];
}

export interface SteamStandIn {
  /** The OpenID endpoint to configure as STEAM_OPENID_ENDPOINT. */
  readonly endpoint: string;
  /** The claimed identifier the stand-in asserts for a Steam id. */
  claimedId(steamId: string): string;
  /** The next assertion is for this Steam id. */
  nextSteamId(steamId: string): void;
  /** The next check_authentication answers is_valid:false, whatever it is asked. */
  rejectNextCheck(): void;
  /** The next assertion is changed (see SteamTamper). */
  tamperNextAssertion(tamper: SteamTamper): void;
  /** How many check_authentication requests arrived so far. */
  readonly checks: number;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** OpenID key-value form over the signed fields (§4.1.1), in the order openid.signed lists them. */
function signatureOf(key: Buffer, fields: URLSearchParams): string | null {
  const signed = fields.get('openid.signed');
  if (!signed) return null;
  let form = '';
  for (const name of signed.split(',')) {
    const value = fields.get(`openid.${name}`);
    if (value === null) return null;
    form += `${name}:${value}\n`;
  }
  return createHmac('sha256', key).update(form).digest('base64');
}

/** Whether the return URL falls under the realm (§9.2): same scheme and host, path below the realm's. */
function underRealm(returnTo: URL, realm: URL): boolean {
  return (
    returnTo.protocol === realm.protocol && returnTo.host === realm.host && returnTo.pathname.startsWith(realm.pathname)
  );
}

const parseUrl = (text: string | undefined): URL | null => {
  try {
    return text ? new URL(text) : null;
  } catch {
    return null;
  }
};

export async function steamStandIn(app: FastifyInstance, options: SteamStandInOptions): Promise<SteamStandIn> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const endpoint = `${baseUrl}${STEAM_PREFIX}/openid/login`;
  const claimedId = (steamId: string) => `${baseUrl}/openid/id/${steamId}`;
  /** Private associations (stateless mode): handle -> key, removed once checked. */
  const associations = new Map<string, Buffer>();
  let nextSteamId: string | null = null;
  let rejectNext = false;
  let nextTamper: SteamTamper | null = null;
  let checks = 0;

  const refuse = (reply: FastifyReply, message: string) =>
    reply.code(400).type('text/plain; charset=utf-8').send(`OpenID request refused: ${message}`);

  const keyValue = (reply: FastifyReply, isValid: boolean) =>
    reply.type('text/plain; charset=utf-8').send(`ns:${OPENID_NS}\nis_valid:${isValid}\n`);

  await app.register(async (scope) => {
    // Form posts (check_authentication) are parsed here only, so that other stand-ins mounted on the
    // same server keep their own parsers.
    const form = 'application/x-www-form-urlencoded';
    if (scope.hasContentTypeParser(form)) scope.removeContentTypeParser(form);
    scope.addContentTypeParser(form, { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));

    scope.get(`${STEAM_PREFIX}/openid/login`, async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const field = (name: string) => query.get(`openid.${name}`) ?? undefined;
      if (field('ns') !== OPENID_NS) return refuse(reply, 'openid.ns must be OpenID 2.0');
      if (field('mode') !== 'checkid_setup') return refuse(reply, 'openid.mode must be checkid_setup');
      const returnTo = parseUrl(field('return_to'));
      if (!returnTo || !/^https?:$/.test(returnTo.protocol)) return refuse(reply, 'openid.return_to must be a URL');
      const realm = parseUrl(field('realm'));
      if (!realm || !underRealm(returnTo, realm)) return refuse(reply, 'openid.return_to must be under openid.realm');
      if (field('identity') !== IDENTIFIER_SELECT || field('claimed_id') !== IDENTIFIER_SELECT) {
        return refuse(reply, 'openid.identity and openid.claimed_id must be identifier_select');
      }

      const steamId = nextSteamId ?? options.steamId ?? DEFAULT_STEAM_ID;
      const tamper = nextTamper ?? {};
      nextSteamId = null;
      nextTamper = null;

      const handle = randomBytes(12).toString('hex');
      const key = randomBytes(32);
      associations.set(handle, key);
      const assertion: Record<string, string> = {
        ns: OPENID_NS,
        mode: 'id_res',
        op_endpoint: endpoint,
        claimed_id: claimedId(steamId),
        identity: claimedId(steamId),
        return_to: returnTo.href,
        response_nonce: `${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}${randomBytes(8).toString('hex')}`,
        assoc_handle: handle,
        ...tamper.fields,
      };
      const left = new Set(tamper.unsigned ?? []);
      assertion.signed = SIGNED.filter((name) => !left.has(name)).join(',');
      const fields = new URLSearchParams(Object.entries(assertion).map(([name, value]) => [`openid.${name}`, value]));
      fields.set('openid.sig', signatureOf(key, fields) ?? '');

      // Back to the return URL the browser came with (its own query, then the assertion).
      const location = new URL(returnTo.href);
      for (const [name, value] of fields) location.searchParams.append(name, value);
      return reply.redirect(location.href, 302);
    });

    scope.post(`${STEAM_PREFIX}/openid/login`, async (request, reply) => {
      checks += 1;
      const fields = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      if (fields.get('openid.mode') !== 'check_authentication') {
        return refuse(reply, 'openid.mode must be check_authentication');
      }
      if (fields.get('openid.ns') !== OPENID_NS) return keyValue(reply, false);
      const handle = fields.get('openid.assoc_handle') ?? '';
      const key = associations.get(handle);
      // Each assertion is verified once (§11.4.2.1): the private association goes with the first check.
      associations.delete(handle);
      if (rejectNext) {
        rejectNext = false;
        return keyValue(reply, false);
      }
      const expected = key ? signatureOf(key, fields) : null;
      const given = fields.get('openid.sig');
      return keyValue(reply, expected !== null && given !== null && sameText(expected, given));
    });
  });

  return {
    endpoint,
    claimedId,
    nextSteamId(steamId) {
      nextSteamId = steamId;
    },
    rejectNextCheck() {
      rejectNext = true;
    },
    tamperNextAssertion(tamper) {
      nextTamper = tamper;
    },
    get checks() {
      return checks;
    },
  };
}
