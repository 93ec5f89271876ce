/**
 * One-time verification codes (spec §5 Verification code, §9 Verification): six digits from a
 * cryptographic source, stored only as an HMAC bound to the shopper and the number it was sent to,
 * compared in constant time.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_DIGITS = 6;
/** Wrong submissions a code survives; at this many it is dead, even for the right code. */
export const MAX_WRONG_ATTEMPTS = 5;

/** A fresh, uniformly random code, zero-padded ('004217'). */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/** Keys codes with their own key derived from the server secret, not the secret itself. */
export function codeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('telephone-verification-code').digest();
}

/** HMAC-SHA256 over shopper, number and code, hex: a code proves only that number for that shopper. */
export function codeHash(key: Buffer, shopperId: number, telephone: string, code: string): string {
  return createHmac('sha256', key).update(`${shopperId}:${telephone}:${code}`).digest('hex');
}

export function sameHash(stored: string, candidate: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(candidate, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** The digits of a number: one rate-limit key however it is spaced ('+32 470 12 34 56'). */
export const numberKey = (telephone: string) => telephone.replace(/\D/g, '');
