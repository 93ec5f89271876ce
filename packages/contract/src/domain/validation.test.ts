import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_TYPES, isBlank, LIMITS, VERIFICATION_CODE } from './rules.js';
import { BirthDateInput, EmailAddress, Gender } from './validation.js';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('§9 Business constants and limits', () => {
  it('§9 Field lengths: phone min 7, phone number max 20, profile telephone max 15, company 100, text 100/250', () => {
    expect(LIMITS).toMatchObject({
      phoneMinLength: 7,
      phoneNumberMaxLength: 20,
      profileTelephoneMaxLength: 15,
      companyNameMaxLength: 100,
      sharedTextMaxLength: 100,
      addressTextMaxLength: 250,
    });
  });

  it('§9 Verification: the code has 6 digits; §9 Avatar: at most 512000 bytes', () => {
    expect(LIMITS.verificationCodeLength).toBe(6);
    expect(LIMITS.avatarMaxBytes).toBe(512_000);
  });

  it('§5 Avatar upload: only image/jpg, image/jpeg and image/png are accepted types', () => {
    expect([...AVATAR_TYPES].sort()).toEqual(['image/jpeg', 'image/jpg', 'image/png']);
  });
});

describe('§5 Required means non-blank', () => {
  it('§5 a value that is missing, empty or only whitespace is blank', () => {
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank('')).toBe(true);
    expect(isBlank('  \t\n ')).toBe(true);
  });

  it('§5 a value with any visible character is not blank', () => {
    expect(isBlank('a')).toBe(false);
    expect(isBlank('  0  ')).toBe(false);
  });
});

describe('§5 Verification code: exactly 6 digits', () => {
  it('§5 Verification code: six digits match, including leading zeros', () => {
    expect(VERIFICATION_CODE.test('123456')).toBe(true);
    expect(VERIFICATION_CODE.test('000001')).toBe(true);
  });

  it('§5 Verification code: 5 or 7 digits, letters, spaces and signs do not match', () => {
    for (const code of ['12345', '1234567', '12a456', '123 456', ' 123456', '-12345', '12.456', '', '１２３４５６']) {
      expect(VERIFICATION_CODE.test(code)).toBe(false);
    }
  });
});

describe('§9 Codes: gender 1 Mr, 2 Mrs', () => {
  it('§9 Codes: gender 1 and 2 are accepted', () => {
    expect(Gender.parse(1)).toBe(1);
    expect(Gender.parse(2)).toBe(2);
  });

  it('§9 Codes: any other gender is refused with ac_GenderInvalidMessage', () => {
    for (const value of [0, 3, -1, 1.5, '1', null]) {
      expect(messages(Gender.safeParse(value))).toEqual(['ac_GenderInvalidMessage']);
    }
  });
});

describe('§5 Email format: ac_EmailIsInvalidMessage', () => {
  it('§5 a well-formed address is accepted and trimmed', () => {
    expect(EmailAddress.parse('anna@shop.example')).toBe('anna@shop.example');
    expect(EmailAddress.parse('  anna.de-vries+news@mail.shop.example ')).toBe('anna.de-vries+news@mail.shop.example');
  });

  it('§5 a malformed address is refused with ac_EmailIsInvalidMessage', () => {
    for (const value of [
      'anna',
      'anna@',
      '@shop.example',
      'anna@shop',
      'an na@shop.example',
      'anna@@shop.example',
      '',
    ]) {
      expect(messages(EmailAddress.safeParse(value))).toContain('ac_EmailIsInvalidMessage');
    }
  });

  it('§9 an address longer than 250 characters is refused with ac_EmailIsInvalidMessage', () => {
    const long = `${'a'.repeat(240)}@shop.example`;
    expect(messages(EmailAddress.safeParse(long))).toContain('ac_EmailIsInvalidMessage');
  });
});

describe('§5 Date field (birth date)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-06-15T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('§9 Dates: a birth date in the submit format yyyy/MM/dd is accepted and stored as yyyy-MM-dd', () => {
    expect(BirthDateInput.parse('1990/05/17')).toBe('1990-05-17');
  });

  it('§5 a birth date as yyyy-MM-dd is accepted too', () => {
    expect(BirthDateInput.parse('1990-05-17')).toBe('1990-05-17');
    expect(BirthDateInput.parse(' 1990-05-17 ')).toBe('1990-05-17');
  });

  it('§5 an empty birth date (null, empty, whitespace) clears it to null', () => {
    expect(BirthDateInput.parse(null)).toBeNull();
    expect(BirthDateInput.parse('')).toBeNull();
    expect(BirthDateInput.parse('   ')).toBeNull();
  });

  it.each(['2023/02/30', '2023/02/29', '2023/04/31', '2023/13/01', '2023/00/10', '2023/01/00', '2023/01/32'])(
    '§5 the impossible date %s is refused with ac_BirthDateInvalidMessage',
    (value) => {
      expect(messages(BirthDateInput.safeParse(value))).toEqual(['ac_BirthDateInvalidMessage']);
    },
  );

  it('§5 a leap day is accepted in a leap year (2024/02/29, 2000/02/29) but not in 1900', () => {
    expect(BirthDateInput.parse('2024/02/29')).toBe('2024-02-29');
    expect(BirthDateInput.parse('2000/02/29')).toBe('2000-02-29');
    expect(messages(BirthDateInput.safeParse('1900/02/29'))).toEqual(['ac_BirthDateInvalidMessage']);
  });

  it('§5 a birth date in the future is refused with ac_BirthDateInvalidMessage; today is accepted', () => {
    expect(messages(BirthDateInput.safeParse('2024/06/16'))).toEqual(['ac_BirthDateInvalidMessage']);
    expect(messages(BirthDateInput.safeParse('2999-01-01'))).toEqual(['ac_BirthDateInvalidMessage']);
    expect(BirthDateInput.parse('2024/06/15')).toBe('2024-06-15');
  });

  it.each([
    '17/05/1990',
    '17-05-1990',
    '1990/5/17',
    '90/05/17',
    '1990.05.17',
    '19900517',
    'yesterday',
    '1990-05-17T00:00:00Z',
  ])('§5 the unreadable date %s is refused with ac_BirthDateInvalidMessage', (value) => {
    expect(messages(BirthDateInput.safeParse(value))).toEqual(['ac_BirthDateInvalidMessage']);
  });
});
