import { describe, expect, it } from 'vitest';
import { fromIsoDate, onlyDigits, settlePart, toSubmitDate } from './date-parts';

describe('§5 Date field', () => {
  it('keeps digits only, at most 2 for day and month and 4 for the year', () => {
    expect(onlyDigits('1a2b3', 'day')).toBe('12');
    expect(onlyDigits('2024x5', 'year')).toBe('2024');
  });

  it('resets an invalid part to 01, and the year to 1900', () => {
    expect(settlePart('32', 'day')).toBe('01');
    expect(settlePart('13', 'month')).toBe('01');
    expect(settlePart('00', 'day')).toBe('01');
    expect(settlePart('2999', 'year', 2026)).toBe('1900');
    expect(settlePart('7', 'day')).toBe('07');
    expect(settlePart('2026', 'year', 2026)).toBe('2026');
    expect(settlePart('', 'month')).toBe('');
  });

  it('sets the date only when all three parts are present, as yyyy/MM/dd', () => {
    expect(toSubmitDate({ day: '7', month: '3', year: '1990' })).toBe('1990/03/07');
    expect(toSubmitDate({ day: '07', month: '', year: '1990' })).toBeNull();
    expect(toSubmitDate({ day: '07', month: '03', year: '199' })).toBeNull();
  });

  it('reads the account’s yyyy-MM-dd back into parts', () => {
    expect(fromIsoDate('1988-04-17')).toEqual({ year: '1988', month: '04', day: '17' });
    expect(fromIsoDate(null)).toEqual({ day: '', month: '', year: '' });
  });
});
