/**
 * The error codes of the one error body (DESIGN.md §4), apart from its schema so that the web app
 * can tell errors apart without shipping zod.
 */
export const ERROR_CODES = {
  validation: 'validation_failed',
  unauthenticated: 'unauthenticated',
  signInRejected: 'sign_in_rejected',
  xsrf: 'xsrf_token_invalid',
  notFound: 'not_found',
  conflict: 'conflict',
  /** The Idempotency-Key of an earlier request came again with a different request. */
  idempotencyKeyReused: 'idempotency_key_reused',
  /** The request with this Idempotency-Key is still being answered. */
  idempotencyKeyInProgress: 'idempotency_key_in_progress',
  featureDisabled: 'feature_disabled',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unavailable: 'service_unavailable',
  /** The database's disk is full: changes cannot be stored until space is freed (a 503). */
  storageFull: 'storage_full',
  smsUnavailable: 'sms_unavailable',
  /** An email (a code) could not be sent: no mail transport, or the mail server failed or timed out. */
  mailUnavailable: 'mail_unavailable',
  /** Removing this sign-in method would leave the account without any way to sign in (409). */
  lastSignInMethod: 'last_sign_in_method',
  /** A link was refused: the provider's identity belongs to another account (409). */
  identityTaken: 'identity_taken',
  /**
   * A call that changes how the account is signed in to, on a session whose sign-in is not recent
   * (403): the shopper confirms it is them (signs in again, or with an emailed code), then repeats it.
   */
  recentSignInRequired: 'recent_sign_in_required',
  internal: 'internal_error',
} as const;

/** The translation key used for a field problem that has no more specific key. */
export const GENERIC_FIELD_ERROR = 'ac_FieldInvalidMessage';
