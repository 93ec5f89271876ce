import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_SUBMIT_DELAY_MS, autoSubmitter, backspace, emptyCode, isComplete, typeInto } from './code-entry';

describe('§4 Phone verify popup: six single-digit boxes', () => {
  it('auto-advance after a digit and keep only digits', () => {
    expect(typeInto(emptyCode(), 0, '4')).toEqual({ code: ['4', '', '', '', '', ''], focus: 1 });
    expect(typeInto(emptyCode(), 2, 'x')).toEqual({ code: ['', '', '', '', '', ''], focus: 2 });
    expect(typeInto(['1', '', '', '', '', ''], 0, '9').code[0]).toBe('9');
  });

  it('fill from the box on a pasted code', () => {
    expect(typeInto(emptyCode(), 0, '123 456')).toEqual({ code: ['1', '2', '3', '4', '5', '6'], focus: 5 });
    expect(typeInto(emptyCode(), 4, '987')).toEqual({ code: ['', '', '', '', '9', '8'], focus: 5 });
  });

  it('go back on Backspace in an empty box', () => {
    expect(backspace(['1', '2', '', '', '', ''], 2)).toEqual({ code: ['1', '', '', '', '', ''], focus: 1 });
    expect(backspace(['1', '2', '3', '', '', ''], 2)).toEqual({ code: ['1', '2', '', '', '', ''], focus: 2 });
  });

  it('§5 a code is exactly 6 digits', () => {
    expect(isComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
    expect(isComplete(['1', '2', '3', '4', '5', ''])).toBe(false);
  });
});

describe('§4 Phone verify popup, §9 auto-submit 1000 ms', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('§4 Phone verify popup: a complete code is submitted 1 s after the last typing, once per change of the digits', () => {
    const submit = vi.fn();
    const submitter = autoSubmitter(submit);
    submitter.change('12345');
    submitter.change('123456');
    vi.advanceTimersByTime(AUTO_SUBMIT_DELAY_MS - 1);
    expect(submit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(submit).toHaveBeenCalledExactlyOnceWith('123456');

    // The check failed and the popup re-renders with the same six digits: never sent again.
    submitter.change('123456');
    vi.advanceTimersByTime(10 * AUTO_SUBMIT_DELAY_MS);
    expect(submit).toHaveBeenCalledOnce();

    // Changing a digit is a new code to try, even one typed back to what it was.
    submitter.change('123457');
    vi.advanceTimersByTime(AUTO_SUBMIT_DELAY_MS);
    submitter.change('12345');
    submitter.change('123456');
    vi.advanceTimersByTime(AUTO_SUBMIT_DELAY_MS);
    expect(submit.mock.calls).toEqual([['123456'], ['123457'], ['123456']]);
  });

  it('§4 Phone verify popup: typing on restarts the wait, and a cancelled entry submits nothing', () => {
    const submit = vi.fn();
    const submitter = autoSubmitter(submit);
    submitter.change('111111');
    vi.advanceTimersByTime(AUTO_SUBMIT_DELAY_MS / 2);
    submitter.change('111112');
    vi.advanceTimersByTime(AUTO_SUBMIT_DELAY_MS / 2);
    expect(submit).not.toHaveBeenCalled();
    submitter.cancel();
    vi.advanceTimersByTime(10 * AUTO_SUBMIT_DELAY_MS);
    expect(submit).not.toHaveBeenCalled();
  });
});
