/**
 * The message under the voucher code field when adding a voucher by its code fails
 * (POST /voucher/claim/{code}). The server answers an unknown code, an ended campaign's and one
 * whose codes are all handed out alike (404), so that guessing learns nothing; a code of a campaign
 * the shopper already holds is a 409; too many attempts are a 429, after which trying later helps.
 */
import type { TranslationKey } from '@account/contract';

export function claimCodeErrorKey(status: number): TranslationKey {
  if (status === 404 || status === 400) return 'ac_VoucherCodeUnknown';
  if (status === 409) return 'ac_VoucherCodeNotClaimable';
  return 'ac_GenericError';
}
