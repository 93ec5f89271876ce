/** The resend countdown of the phone verification popup (spec §4 Phone verify popup, §8, §9 Verification). */
import type { Account } from '@account/contract';

/** §9: the countdown starts at 3600 s unless the server says how long its code lives. */
export const DEFAULT_COUNTDOWN_SECONDS = 3600;

/** The seconds the shopper's current code still lives, when the account reports a valid one. */
export const validCodeSeconds = (
  account: Pick<Account, 'hasValidTelephoneVerificationCode' | 'telephoneVerifyExpireIn'> | null,
): number | null =>
  account?.hasValidTelephoneVerificationCode && account.telephoneVerifyExpireIn
    ? account.telephoneVerifyExpireIn
    : null;
