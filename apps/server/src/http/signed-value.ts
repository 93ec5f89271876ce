/**
 * A value this server signed, to be kept by the browser (a cookie) and trusted when it comes back:
 * `{value}.{HMAC-SHA256(secret, label|value)}`. The label keeps MACs of one purpose apart from
 * every other value signed with the same secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedValues {
  seal(value: string): string;
  /** The value of a token this server sealed under the same label; null when missing or forged. */
  open(token: string | undefined): string | null;
}

export function signedValues(secret: string, label: string): SignedValues {
  const mac = (value: string) => createHmac('sha256', secret).update(`${label}|${value}`).digest('base64url');
  return {
    seal: (value) => `${value}.${mac(value)}`,
    open(token) {
      const at = token?.lastIndexOf('.') ?? -1;
      if (!token || at <= 0) return null;
      const value = token.slice(0, at);
      const expected = Buffer.from(mac(value));
      const given = Buffer.from(token.slice(at + 1));
      return expected.length === given.length && timingSafeEqual(expected, given) ? value : null;
    },
  };
}
