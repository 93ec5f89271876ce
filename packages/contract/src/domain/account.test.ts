import { describe, expect, it } from 'vitest';
import { ADDRESS_TYPES, fullName, GENDERS, isTelephoneVerified } from './account.js';

describe('§3 Account: full name is first plus last', () => {
  it('§3 Account: full name is first name, a space, last name', () => {
    expect(fullName({ firstName: 'Anna', lastName: 'de Vries' })).toBe('Anna de Vries');
  });

  it('§3 Account: each part is trimmed, so no double or outer spaces appear', () => {
    expect(fullName({ firstName: '  Anna ', lastName: ' de Vries  ' })).toBe('Anna de Vries');
  });

  it('§3 Account: a missing, null or blank part is left out without a stray space', () => {
    expect(fullName({ firstName: 'Anna' })).toBe('Anna');
    expect(fullName({ firstName: 'Anna', lastName: null })).toBe('Anna');
    expect(fullName({ firstName: '   ', lastName: 'de Vries' })).toBe('de Vries');
    expect(fullName({ lastName: 'de Vries' })).toBe('de Vries');
  });

  it('§3 Account: with no name at all the full name is empty', () => {
    expect(fullName({})).toBe('');
    expect(fullName({ firstName: null, lastName: ' ' })).toBe('');
  });
});

describe('§3 Account: the telephone counts as verified when its verify date is the year 1970 or later', () => {
  it('§3 Account: a verify date in 1970 or later means verified', () => {
    expect(isTelephoneVerified('1970-01-01T00:00:00Z')).toBe(true);
    expect(isTelephoneVerified('1970-01-01')).toBe(true);
    expect(isTelephoneVerified('2024-05-17T10:00:00.000Z')).toBe(true);
  });

  it('§3 Account: a verify date before 1970 (1969-12-31, the 0001-01-01 placeholder) means not verified', () => {
    expect(isTelephoneVerified('1969-12-31T23:59:59Z')).toBe(false);
    expect(isTelephoneVerified('1969-12-31')).toBe(false);
    expect(isTelephoneVerified('0001-01-01T00:00:00Z')).toBe(false);
  });

  it('§3 Account: no verify date (null, undefined, empty) means not verified', () => {
    expect(isTelephoneVerified(null)).toBe(false);
    expect(isTelephoneVerified(undefined)).toBe(false);
    expect(isTelephoneVerified('')).toBe(false);
  });

  it('§3 Account: an unreadable verify date means not verified', () => {
    expect(isTelephoneVerified('garbage')).toBe(false);
    expect(isTelephoneVerified('2024-13-45')).toBe(false);
  });
});

describe('§9 Codes: gender and address type', () => {
  it('§9 Codes: gender 1 is Mr and 2 is Mrs; address type 0 is private and 1 company', () => {
    expect(GENDERS).toEqual({ mr: 1, mrs: 2 });
    expect(ADDRESS_TYPES).toEqual({ private: 0, company: 1 });
  });
});
