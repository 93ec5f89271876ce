/**
 * The rules of a six-box code entry (spec §4 Phone verify popup, §5 Verification code, §9
 * Verification): single-digit boxes that advance, take a pasted code and go back on Backspace, and
 * a complete code submitted by itself 1 s after the last typing.
 */
import { LIMITS, VERIFICATION_CODE } from '@account/contract';

export const CODE_LENGTH = LIMITS.verificationCodeLength;
export const AUTO_SUBMIT_DELAY_MS = 1000;

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

/** Typing into box `index`: keeps the last digit typed; a paste of several digits fills from there. */
export function typeInto(code: readonly string[], index: number, input: string): { code: string[]; focus: number } {
  const digits = input.replace(/\D/g, '');
  const next = [...code];
  if (digits.length === 0) {
    next[index] = '';
    return { code: next, focus: index };
  }
  if (digits.length === 1 || input.length === 1) {
    next[index] = digits.slice(-1);
    return { code: next, focus: Math.min(index + 1, CODE_LENGTH - 1) };
  }
  let position = index;
  for (const digit of digits) {
    if (position >= CODE_LENGTH) break;
    next[position] = digit;
    position++;
  }
  return { code: next, focus: Math.min(position, CODE_LENGTH - 1) };
}

/** Backspace in an empty box clears the one before and moves there. */
export function backspace(code: readonly string[], index: number): { code: string[]; focus: number } {
  const next = [...code];
  if (next[index]) {
    next[index] = '';
    return { code: next, focus: index };
  }
  const previous = Math.max(0, index - 1);
  next[previous] = '';
  return { code: next, focus: previous };
}

export const isComplete = (code: readonly string[]) => VERIFICATION_CODE.test(code.join(''));

export interface AutoSubmitter {
  /** The boxes' digits as they are now; call it whenever they may have changed. */
  change(code: string): void;
  /** Drops a pending submit and forgets the digits (the entry is gone or starts over). */
  cancel(): void;
}

/**
 * Submits a complete code once per change of the digits, `delayMs` after that change. Nothing
 * else re-arms it: a failed check, a re-render or typing the same digit over itself leaves the same
 * six digits, and sending them again would only use up the code's tries (the server retires a code
 * after a few wrong ones). Changing a digit, even back to what it was, is a new code to try.
 */
export function autoSubmitter(submit: (code: string) => void, delayMs = AUTO_SUBMIT_DELAY_MS): AutoSubmitter {
  let seen = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    change(code) {
      if (code === seen) return;
      seen = code;
      clearTimeout(timer);
      timer = VERIFICATION_CODE.test(code) ? setTimeout(() => submit(code), delayMs) : undefined;
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      seen = '';
    },
  };
}
