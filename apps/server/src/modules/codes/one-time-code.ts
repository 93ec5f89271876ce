/**
 * One-time verification codes (spec §5 Verification code, §9 Verification), by SMS and by email
 * alike: six digits from a cryptographic source, stored only as an HMAC bound to who asked and
 * where the code went, compared in constant time.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_DIGITS = 6;
/** Wrong submissions a code survives; at this many it is dead, even for the right code. */
export const MAX_WRONG_ATTEMPTS = 5;

/** A fresh, uniformly random code, zero-padded ('004217'). */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/**
 * Keys codes with their own key derived from the server secret, not the secret itself; each use
 * (telephone, email) its own, so a code of one can never pass as the other.
 */
export function codeKey(secret: string, use: 'telephone-verification-code' | 'email-code'): Buffer {
  return createHmac('sha256', secret).update(use).digest();
}

/** HMAC-SHA256 over what the code is bound to and the code, hex: it proves only that binding. */
export function codeHash(key: Buffer, binding: string, code: string): string {
  return createHmac('sha256', key).update(`${binding}:${code}`).digest('hex');
}

export function sameHash(stored: string, candidate: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(candidate, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
