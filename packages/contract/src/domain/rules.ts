/** Limits and small rules of spec §5 and §9 that need no schema library (the web's first screens use them). */

/** §9 Field lengths. */
export const LIMITS = {
  phoneMinLength: 7,
  phoneNumberMaxLength: 20,
  profileTelephoneMaxLength: 15,
  companyNameMaxLength: 100,
  sharedTextMaxLength: 100,
  addressTextMaxLength: 250,
  verificationCodeLength: 6,
  avatarMaxBytes: 512_000,
} as const;

/** §9 Pagination: the orders on one page of the order list (the server's numberPerPage). */
export const ORDERS_PER_PAGE = 10;

export const AVATAR_TYPES = ['image/jpg', 'image/jpeg', 'image/png'] as const;

export const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** §5 Verification code: exactly 6 digits. */
export const VERIFICATION_CODE = /^\d{6}$/;

/**
 * §5 Date field: a birth date written yyyy/MM/dd (§9 submit format) or yyyy-MM-dd as yyyy-MM-dd,
 * or null when it is not a whole, real date up to today (a 2-digit year, a missing part, 30 February).
 */
export function parseBirthDate(value: string, now = new Date()): string | null {
  const match = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const real = date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
  return real && date.getTime() <= now.getTime() ? `${y}-${m}-${d}` : null;
}
