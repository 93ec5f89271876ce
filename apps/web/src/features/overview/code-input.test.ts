import { describe, expect, it } from 'vitest';
import { backspace, countdownText, emptyCode, isComplete, typeInto } from './code-input';

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

  it('shows the countdown as minutes and seconds', () => {
    expect(countdownText(3600)).toBe('60:00');
    expect(countdownText(65)).toBe('1:05');
    expect(countdownText(-3)).toBe('0:00');
  });
});
