/**
 * The one step-up rule (issue 44, ASVS 7.5.1): whatever adds, removes or replaces a way into the
 * account (a passkey, a linked sign-in method, the verified email, the account itself) needs a
 * sign-in at most RECENT_SIGN_IN seconds old. A session stolen or left open elsewhere can then
 * not give itself a way in that outlives it. Every such call answers the same 403, and the
 * shopper confirms with a fresh sign-in (any method, the emailed code included) before repeating it.
 */
import { ERROR_CODES } from '@account/contract';
import { AppError } from '../../errors.js';

export const recentSignInRequired = () =>
  new AppError(403, ERROR_CODES.recentSignInRequired, 'Confirm it is you: sign in again, then repeat this');

export function stepUpRule(windowSeconds: number, now: () => Date = () => new Date()) {
  const isRecent = (signedInAt: Date | null): boolean =>
    signedInAt !== null && now().getTime() - signedInAt.getTime() <= windowSeconds * 1000;
  return {
    isRecent,
    /** Throws the step-up answer unless the session's sign-in is recent. */
    async require(signedInAt: () => Promise<Date | null>): Promise<void> {
      if (!isRecent(await signedInAt())) throw recentSignInRequired();
    },
  };
}

export type StepUp = ReturnType<typeof stepUpRule>;
