/** The six single-digit boxes of the phone verification (spec §4 Phone verify popup, §5 Verification code). */
export const CODE_LENGTH = 6;
export const AUTO_SUBMIT_DELAY_MS = 1000;
/** §4: the resend countdown starts at 3600 s unless the server says how long its code lives. */
export const DEFAULT_COUNTDOWN_SECONDS = 3600;

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

export const isComplete = (code: readonly string[]) => code.every((d) => /^\d$/.test(d));

/** mm:ss for the resend countdown. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
