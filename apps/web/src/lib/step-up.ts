/**
 * The step-up (issue 44): a call that changes how the account is signed in to answers 403
 * recent_sign_in_required when the session's sign-in is not recent. The API client then asks the
 * shopper to confirm it is them (the shell's dialog: the emailed code, or signing in again, which
 * comes back to this page) and, once confirmed, repeats the call: the shopper stays where they were.
 */
import { ERROR_CODES, type ErrorBody } from '@account/contract';

/** Asks the shopper to confirm; resolves true once they have (a fresh sign-in), false when they cancel. */
type Confirm = () => Promise<boolean>;

let confirm: Confirm | null = null;
/** One question at a time: calls refused together wait for the same answer. */
let asking: Promise<boolean> | null = null;

/** The shell's dialog answers the question while it is mounted; the returned function stops it. */
export function answerStepUps(dialog: Confirm): () => void {
  confirm = dialog;
  return () => {
    if (confirm === dialog) confirm = null;
  };
}

export const isStepUpRefusal = (status: number, body: ErrorBody | null) =>
  status === 403 && body?.code === ERROR_CODES.recentSignInRequired;

/** Whether the shopper confirmed it is them; false when nobody can ask (no dialog mounted). */
export function confirmIdentity(): Promise<boolean> {
  if (!confirm) return Promise.resolve(false);
  asking ??= confirm().finally(() => {
    asking = null;
  });
  return asking;
}
