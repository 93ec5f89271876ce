/**
 * The messaging app's login widget: it hands the page the person's data signed by the bot. The
 * signature is checked here as the messaging app documents it: the data-check-string is every
 * field sent (by its original snake_case name, value exactly as sent) except the hash, sorted by
 * name, as `key=value` lines joined by '\n'; the hash must equal its HMAC-SHA256 under the SHA-256
 * of the bot token, compared in constant time. A login older than the configured age is refused.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type ProviderIdentity, SignInRejected } from './identity.js';

export interface TelegramSettings {
  botToken: string;
  /** How old (auth_date) a login may be before it is refused. */
  maxAgeSeconds: number;
}

/** The widget's data as the server's schema reads it (camelCase keys, values as sent). */
export interface TelegramLoginData {
  id: number | string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  username?: string | undefined;
  photoUrl?: string | undefined;
  authDate: number | string;
  hash: string;
}

export interface TelegramVerifier {
  /** The verified identity behind the widget's data; throws SignInRejected when anything is off. */
  verify(data: TelegramLoginData, now?: Date): Promise<ProviderIdentity>;
}

/** A login dated this far ahead of our clock is refused (clocks drift, but not this much). */
export const FUTURE_TOLERANCE_SECONDS = 60;
const MAX_NAME_LENGTH = 100;

/** The widget's own field names, which the signature covers. */
const SIGNED_FIELDS = {
  id: 'id',
  firstName: 'first_name',
  lastName: 'last_name',
  username: 'username',
  photoUrl: 'photo_url',
  authDate: 'auth_date',
} as const satisfies Record<Exclude<keyof TelegramLoginData, 'hash'>, string>;

/** The data-check-string of the fields present, under their original names, sorted by name. */
export function dataCheckString(data: TelegramLoginData): string {
  return Object.entries(SIGNED_FIELDS)
    .flatMap(([key, wireName]) => {
      const value = data[key as keyof typeof SIGNED_FIELDS];
      return value === undefined ? [] : [[wireName, String(value)] as const];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
}

const name = (value: string | undefined): string => (value ?? '').trim().slice(0, MAX_NAME_LENGTH);

export function telegramVerifier(settings: TelegramSettings): TelegramVerifier {
  const secretKey = createHash('sha256').update(settings.botToken).digest();

  return {
    async verify(data, now = new Date()) {
      const expected = createHmac('sha256', secretKey).update(dataCheckString(data)).digest();
      const given = /^[0-9a-f]{64}$/i.test(data.hash) ? Buffer.from(data.hash, 'hex') : Buffer.alloc(0);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new SignInRejected('The widget data hash does not match');
      }
      const authDate = Number(data.authDate);
      const nowSeconds = Math.floor(now.getTime() / 1000);
      if (!Number.isSafeInteger(authDate)) throw new SignInRejected('auth_date is not a time');
      if (nowSeconds - authDate > settings.maxAgeSeconds) {
        throw new SignInRejected(`auth_date is ${nowSeconds - authDate} s old (at most ${settings.maxAgeSeconds} s)`);
      }
      if (authDate - nowSeconds > FUTURE_TOLERANCE_SECONDS) {
        throw new SignInRejected(`auth_date is ${authDate - nowSeconds} s in the future`);
      }
      return {
        subject: String(data.id),
        email: null,
        emailVerified: false,
        firstName: name(data.firstName),
        lastName: name(data.lastName),
      };
    },
  };
}
