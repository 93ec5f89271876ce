import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AccountFieldsPatch,
  ProfileModel,
  RemoveWishlistQuery,
  UpdateAccountBody,
  VerifyTelephoneBody,
} from './account.js';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (result: Result) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

const PROFILE = {
  gender: 1,
  firstName: 'Anna',
  lastName: 'de Vries',
  email: 'anna@shop.example',
  confirmEmail: 'anna@shop.example',
  telephone: '0612345678',
  confirmTelephone: '0612345678',
  birthDate: '1990/05/17',
};

describe('§5 Profile: required fields with their exact keys', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-06-15T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('§5 Profile: a complete profile is accepted, trimmed, with the birth date as yyyy-MM-dd', () => {
    const result = ProfileModel.safeParse({ ...PROFILE, firstName: '  Anna ', email: ' anna@shop.example ' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ ...PROFILE, email: 'anna@shop.example', birthDate: '1990-05-17' });
  });

  it.each([
    ['firstName', 'ac_FirstNameRequiredMessage'],
    ['lastName', 'ac_LastNameRequiredMessage'],
    ['email', 'ac_EmailRequiredMessage'],
    ['confirmEmail', 'ac_ConfirmEmailRequiredMessage'],
    ['telephone', 'ac_TelephoneRequiredMessage'],
    ['confirmTelephone', 'ac_ConfirmTelephoneRequiredMessage'],
  ])('§5 Profile: %s is required: blank, whitespace, null or missing gives %s on that field', (field, key) => {
    for (const value of ['', '   ', '\t', undefined, null]) {
      const result = ProfileModel.safeParse({ ...PROFILE, [field]: value });
      expect(result.success).toBe(false);
      expect(issues(result)).toContainEqual({ path: field, message: key });
    }
  });

  it('§5 Profile: an empty profile reports every required field with its own key', () => {
    const reported = issues(ProfileModel.safeParse({ gender: 1 }));
    expect(reported).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'ac_FirstNameRequiredMessage' },
        { path: 'lastName', message: 'ac_LastNameRequiredMessage' },
        { path: 'email', message: 'ac_EmailRequiredMessage' },
        { path: 'confirmEmail', message: 'ac_ConfirmEmailRequiredMessage' },
        { path: 'telephone', message: 'ac_TelephoneRequiredMessage' },
        { path: 'confirmTelephone', message: 'ac_ConfirmTelephoneRequiredMessage' },
      ]),
    );
  });

  it('§3 Profile edit model: gender must be 1 (Mr) or 2 (Mrs)', () => {
    expect(ProfileModel.safeParse({ ...PROFILE, gender: 2 }).success).toBe(true);
    expect(issues(ProfileModel.safeParse({ ...PROFILE, gender: 3 }))).toEqual([
      { path: 'gender', message: 'ac_GenderInvalidMessage' },
    ]);
  });
});

describe('§5 Profile: email and telephone must match their confirmation', () => {
  it('§5 Profile: email must equal confirmEmail (ac_EmailAndConfirmEmailMissMatch on confirmEmail)', () => {
    const result = ProfileModel.safeParse({ ...PROFILE, confirmEmail: 'anne@shop.example' });
    expect(issues(result)).toEqual([{ path: 'confirmEmail', message: 'ac_EmailAndConfirmEmailMissMatch' }]);
  });

  it('§5 Profile: the email comparison ignores surrounding whitespace', () => {
    expect(ProfileModel.safeParse({ ...PROFILE, confirmEmail: ' anna@shop.example  ' }).success).toBe(true);
  });

  it('§5 Profile: telephone must equal confirmTelephone (ac_TelephoneAndConfirmTelephoneMissMatch on confirmTelephone)', () => {
    const result = ProfileModel.safeParse({ ...PROFILE, confirmTelephone: '0612345679' });
    expect(issues(result)).toEqual([{ path: 'confirmTelephone', message: 'ac_TelephoneAndConfirmTelephoneMissMatch' }]);
  });

  it('§5 Profile: both mismatches are reported together', () => {
    const result = ProfileModel.safeParse({ ...PROFILE, confirmEmail: 'x@shop.example', confirmTelephone: '06' });
    expect(issues(result)).toEqual([
      { path: 'confirmEmail', message: 'ac_EmailAndConfirmEmailMissMatch' },
      { path: 'confirmTelephone', message: 'ac_TelephoneAndConfirmTelephoneMissMatch' },
    ]);
  });
});

describe('§5 Profile: telephone maximum length is 15', () => {
  it('§5 Profile: a telephone of 15 characters is accepted', () => {
    const telephone = '+31612345678901';
    expect(telephone).toHaveLength(15);
    expect(ProfileModel.safeParse({ ...PROFILE, telephone, confirmTelephone: telephone }).success).toBe(true);
  });

  it('§5 Profile: a telephone of 16 characters is refused on telephone and confirmTelephone as too long', () => {
    const telephone = '+316123456789012';
    const result = ProfileModel.safeParse({ ...PROFILE, telephone, confirmTelephone: telephone });
    expect(result.success).toBe(false);
    expect(issues(result)).toEqual([
      { path: 'telephone', message: 'ac_FieldInvalidMaxLengthMessage' },
      { path: 'confirmTelephone', message: 'ac_FieldInvalidMaxLengthMessage' },
    ]);
  });

  it('§9 Field lengths: a name over the shared text maximum of 100 is too long, not missing', () => {
    const result = ProfileModel.safeParse({ ...PROFILE, firstName: 'A'.repeat(101) });
    expect(issues(result)).toEqual([{ path: 'firstName', message: 'ac_FieldInvalidMaxLengthMessage' }]);
    expect(ProfileModel.safeParse({ ...PROFILE, firstName: 'A'.repeat(100) }).success).toBe(true);
  });

  it('§5 Profile: surrounding whitespace does not count towards the 15', () => {
    const telephone = '  +31612345678901  ';
    expect(ProfileModel.safeParse({ ...PROFILE, telephone, confirmTelephone: telephone }).success).toBe(true);
  });
});

describe('§5 Profile: the email format (ac_EmailIsInvalidMessage)', () => {
  it('§5 Profile: a malformed email gives ac_EmailIsInvalidMessage on email', () => {
    for (const email of ['anna', 'anna@shop', 'anna@', '@shop.example']) {
      const result = ProfileModel.safeParse({ ...PROFILE, email, confirmEmail: email });
      expect(issues(result)).toEqual([{ path: 'email', message: 'ac_EmailIsInvalidMessage' }]);
    }
  });
});

describe('§5 Profile: birth date', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-06-15T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('§9 Dates: the birth date is accepted as yyyy/MM/dd and as yyyy-MM-dd', () => {
    expect(ProfileModel.parse({ ...PROFILE, birthDate: '1990/05/17' }).birthDate).toBe('1990-05-17');
    expect(ProfileModel.parse({ ...PROFILE, birthDate: '1990-05-17' }).birthDate).toBe('1990-05-17');
  });

  it('§5 Profile: an impossible birth date (2023/02/30) is refused with ac_BirthDateInvalidMessage', () => {
    expect(issues(ProfileModel.safeParse({ ...PROFILE, birthDate: '2023/02/30' }))).toEqual([
      { path: 'birthDate', message: 'ac_BirthDateInvalidMessage' },
    ]);
  });

  it('§5 Profile: a future birth date is refused with ac_BirthDateInvalidMessage', () => {
    expect(issues(ProfileModel.safeParse({ ...PROFILE, birthDate: '2024/06/16' }))).toEqual([
      { path: 'birthDate', message: 'ac_BirthDateInvalidMessage' },
    ]);
  });

  it('§5 Profile: an empty birth date becomes null; a missing one stays absent', () => {
    expect(ProfileModel.parse({ ...PROFILE, birthDate: '' }).birthDate).toBeNull();
    expect(ProfileModel.parse({ ...PROFILE, birthDate: null }).birthDate).toBeNull();
    const { birthDate: _, ...withoutBirthDate } = PROFILE;
    expect(ProfileModel.parse(withoutBirthDate).birthDate).toBeUndefined();
  });
});

describe('§5 Wizard: single account fields, one step at a time', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-06-15T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('§4 Profile wizard: each step can be saved on its own', () => {
    expect(AccountFieldsPatch.parse({ gender: 2 })).toEqual({ gender: 2 });
    expect(AccountFieldsPatch.parse({ firstName: ' Anna ' })).toEqual({ firstName: 'Anna' });
    expect(AccountFieldsPatch.parse({ email: 'anna@shop.example' })).toEqual({ email: 'anna@shop.example' });
    expect(AccountFieldsPatch.parse({ telephone: '0612345678' })).toEqual({ telephone: '0612345678' });
    expect(AccountFieldsPatch.parse({ birthDate: '1990/05/17' })).toEqual({ birthDate: '1990-05-17' });
  });

  it('§5 Wizard: text steps need non-blank text', () => {
    expect(issues(AccountFieldsPatch.safeParse({ firstName: '  ' }))).toEqual([
      { path: 'firstName', message: 'ac_FirstNameRequiredMessage' },
    ]);
    expect(issues(AccountFieldsPatch.safeParse({ lastName: '' }))).toEqual([
      { path: 'lastName', message: 'ac_LastNameRequiredMessage' },
    ]);
  });

  it('§5 Wizard: telephone needs more than 3 characters (4 accepted, 3 refused)', () => {
    expect(AccountFieldsPatch.safeParse({ telephone: '0612' }).success).toBe(true);
    expect(issues(AccountFieldsPatch.safeParse({ telephone: '061' }))).toEqual([
      { path: 'telephone', message: 'ac_TelephoneRequiredMessage' },
    ]);
    expect(AccountFieldsPatch.safeParse({ telephone: ' 061 ' }).success).toBe(false);
  });

  it('§5 Profile: a wizard telephone is at most 15 characters too (ac_FieldInvalidMaxLengthMessage)', () => {
    expect(AccountFieldsPatch.safeParse({ telephone: '+31612345678901' }).success).toBe(true);
    expect(issues(AccountFieldsPatch.safeParse({ telephone: '+316123456789012' }))).toEqual([
      { path: 'telephone', message: 'ac_FieldInvalidMaxLengthMessage' },
    ]);
  });

  it('§5 Wizard: salutation must be 1 or 2', () => {
    expect(issues(AccountFieldsPatch.safeParse({ gender: 0 }))).toEqual([
      { path: 'gender', message: 'ac_GenderInvalidMessage' },
    ]);
  });

  it('§5 Wizard: birthday needs a value (ac_BirthDateRequiredMessage) and a real past date', () => {
    expect(issues(AccountFieldsPatch.safeParse({ birthDate: '' }))).toEqual([
      { path: 'birthDate', message: 'ac_BirthDateRequiredMessage' },
    ]);
    expect(issues(AccountFieldsPatch.safeParse({ birthDate: '2023/02/30' }))).toEqual([
      { path: 'birthDate', message: 'ac_BirthDateInvalidMessage' },
    ]);
  });

  it('§5 Wizard: the invalid-email message is ac_InvalidEmailAddress', () => {
    for (const email of ['anna', 'anna@shop', '', '   ']) {
      expect(issues(AccountFieldsPatch.safeParse({ email }))).toEqual([
        { path: 'email', message: 'ac_InvalidEmailAddress' },
      ]);
    }
  });

  it('§5 Wizard: fields outside the wizard (confirmEmail, id) are refused', () => {
    expect(AccountFieldsPatch.safeParse({ confirmEmail: 'anna@shop.example' }).success).toBe(false);
    expect(AccountFieldsPatch.safeParse({ id: 7 }).success).toBe(false);
  });
});

describe('§7 POST /shopUser/updateAccount takes account fields or a profile model', () => {
  it('§7 updateAccount: a complete profile model is accepted as such', () => {
    expect(UpdateAccountBody.parse(PROFILE)).toEqual({ ...PROFILE, birthDate: '1990-05-17' });
  });

  it('§7 updateAccount: a single account field is accepted', () => {
    expect(UpdateAccountBody.parse({ lastName: 'Jansen' })).toEqual({ lastName: 'Jansen' });
  });

  it('§7 updateAccount: a profile model missing a required field is still judged as the profile model', () => {
    const { firstName: _, ...withoutFirstName } = PROFILE;
    const result = UpdateAccountBody.safeParse(withoutFirstName);
    expect(result.success).toBe(false);
    // Both branches are reported (no type error cuts the profile branch short), so the server can
    // pick the profile model, whose keys all fit, and report firstName with its own key.
    const union = result.error?.issues[0] as unknown as { code: string; errors: { message: string }[][] };
    expect(union.code).toBe('invalid_union');
    expect(union.errors[0]).toEqual([expect.objectContaining({ message: 'ac_FirstNameRequiredMessage' })]);
  });

  it('§7 updateAccount: a profile model breaking a §5 rule is refused', () => {
    expect(UpdateAccountBody.safeParse({ ...PROFILE, confirmEmail: 'x@shop.example' }).success).toBe(false);
    expect(UpdateAccountBody.safeParse({ ...PROFILE, firstName: ' ' }).success).toBe(false);
  });
});

describe('§5 Verification code: exactly 6 digits (POST /shopUser/verifyTelephoneNumber {code})', () => {
  it('§5 Verification code: six digits are accepted, surrounding whitespace trimmed', () => {
    expect(VerifyTelephoneBody.parse({ code: '012345' })).toEqual({ code: '012345' });
    expect(VerifyTelephoneBody.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });

  it('§8 a code that is not 6 digits gives ac_InvalidVerifyCodeOrVerifyCodeIsExpired', () => {
    for (const code of ['12345', '1234567', '12a456', '123 456', '']) {
      expect(issues(VerifyTelephoneBody.safeParse({ code }))).toEqual([
        { path: 'code', message: 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired' },
      ]);
    }
  });

  it('§5 Verification code: a number instead of a string is refused (leading zeros would be lost)', () => {
    expect(VerifyTelephoneBody.safeParse({ code: 123456 }).success).toBe(false);
  });
});

describe('§7 DELETE /shopUser/removeWishlist?ids={comma separated ids}', () => {
  it('§7 removeWishlist: one id removes a single wish', () => {
    expect(RemoveWishlistQuery.parse({ ids: '42' })).toEqual({ ids: [42] });
  });

  it('§7 removeWishlist: several comma-separated ids (clear list) become a list in order', () => {
    expect(RemoveWishlistQuery.parse({ ids: '3,1,2' })).toEqual({ ids: [3, 1, 2] });
  });

  it.each([
    ['an empty entry', '1,,2'],
    ['a trailing comma', '1,2,'],
    ['a leading comma', ',1'],
    ['a letter', 'a'],
    ['a negative id', '-1'],
    ['a decimal id', '1.5'],
    ['a space', '1, 2'],
    ['nothing', ''],
  ])('§7 removeWishlist: %s (%j) is refused with ac_FieldInvalidMessage', (_name, ids) => {
    const result = RemoveWishlistQuery.safeParse({ ids });
    expect(issues(result)).toEqual([{ path: 'ids', message: 'ac_FieldInvalidMessage' }]);
  });

  it('§7 removeWishlist: id 0 and ids above 2^31-1 are refused', () => {
    expect(RemoveWishlistQuery.safeParse({ ids: '0' }).success).toBe(false);
    expect(RemoveWishlistQuery.safeParse({ ids: '1,0' }).success).toBe(false);
    expect(RemoveWishlistQuery.safeParse({ ids: '2147483647' }).success).toBe(true);
    expect(RemoveWishlistQuery.safeParse({ ids: '2147483648' }).success).toBe(false);
  });

  it('§7 removeWishlist: the ids parameter is required', () => {
    expect(issues(RemoveWishlistQuery.safeParse({}))).toEqual([{ path: 'ids', message: 'ac_FieldInvalidMessage' }]);
  });

  it('§7 removeWishlist: at most 1000 ids in one call', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1).join(',');
    expect(RemoveWishlistQuery.safeParse({ ids: ids(1000) }).success).toBe(true);
    expect(issues(RemoveWishlistQuery.safeParse({ ids: ids(1001) }))).toEqual([
      { path: 'ids', message: 'ac_FieldInvalidMessage' },
    ]);
  });
});
