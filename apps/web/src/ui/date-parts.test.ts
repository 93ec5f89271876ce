import { ProfileModel } from '@account/contract';
import { describe, expect, it } from 'vitest';
import { problemsOf } from '@/lib/validate';
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
  });

  it('§5 Date field: an incomplete date is a field error, never a cleared birth date', () => {
    const profile = {
      gender: 1,
      firstName: 'Anna',
      lastName: 'Smit',
      email: 'anna@shop.example',
      confirmEmail: 'anna@shop.example',
      telephone: '0612345678',
      confirmTelephone: '0612345678',
    };
    for (const parts of [
      { day: '9', month: '11', year: '85' },
      { day: '09', month: '11', year: '985' },
      { day: '07', month: '', year: '1990' },
      { day: '', month: '', year: '1990' },
    ]) {
      const birthDate = toSubmitDate(parts);
      expect(birthDate).not.toBeNull();
      expect(problemsOf(ProfileModel, { ...profile, birthDate })).toEqual({ BirthDate: 'ac_BirthDateInvalidMessage' });
    }
    // Emptying every part is the deliberate way to remove the date.
    expect(toSubmitDate({ day: '', month: '', year: '' })).toBeNull();
    expect(problemsOf(ProfileModel, { ...profile, birthDate: null })).toEqual({});
  });

  it('reads the account’s yyyy-MM-dd back into parts', () => {
    expect(fromIsoDate('1988-04-17')).toEqual({ year: '1988', month: '04', day: '17' });
    expect(fromIsoDate(null)).toEqual({ day: '', month: '', year: '' });
  });
});
