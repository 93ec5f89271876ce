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
