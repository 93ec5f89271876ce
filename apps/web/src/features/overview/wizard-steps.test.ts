import { type Account, DEFAULT_QUESTION_FIELDS, field } from '@account/contract';
import { describe, expect, it } from 'vitest';
import { toSubmitDate } from '@/ui/date-parts';
import { stepProblem, wizardState } from './wizard-steps';

const account = (overrides: Partial<Account> = {}) =>
  ({
    gender: 1,
    firstName: 'Sofia',
    lastName: 'Jansen',
    email: 'sofia@example.com',
    telephone: '+32 470123456',
    isTelephoneVerified: false,
    birthDate: null,
    ...overrides,
  }) as Account;

const PHONE_OFF = { telephone: false, email: false };
const PHONE_ON = { telephone: true, email: false };

describe('§4 Profile wizard', () => {
  it('puts completed steps first; the current step is the first incomplete one', () => {
    const state = wizardState(account({ lastName: '' }), DEFAULT_QUESTION_FIELDS, PHONE_OFF);
    expect(state.steps.map((s) => s.name)).toEqual([
      'Gender',
      'FirstName',
      'Email',
      'Telephone',
      'LastName',
      'BirthDate',
    ]);
    expect(state.current?.name).toBe('LastName');
  });

  it('keeps only the steps in the server’s question field list', () => {
    const fields = [
      field({ orderField: 'Email', row: 1, width: 100 }),
      field({ orderField: 'BirthDate', row: 2, width: 100 }),
    ];
    expect(wizardState(account(), fields, PHONE_OFF).steps.map((s) => s.name)).toEqual(['Email', 'BirthDate']);
  });

  it('counts the share of steps with a value; the telephone only when verification is off or done', () => {
    expect(wizardState(account(), DEFAULT_QUESTION_FIELDS, PHONE_OFF).percent).toBe(83);
    expect(wizardState(account(), DEFAULT_QUESTION_FIELDS, PHONE_ON).percent).toBe(67);
    expect(wizardState(account({ isTelephoneVerified: true }), DEFAULT_QUESTION_FIELDS, PHONE_ON).percent).toBe(83);
  });

  it('is completed when every step has its value', () => {
    const state = wizardState(
      account({ birthDate: '1990-01-01', isTelephoneVerified: true }),
      DEFAULT_QUESTION_FIELDS,
      PHONE_ON,
    );
    expect(state.current).toBeNull();
    expect(state.percent).toBe(100);
  });

  it('‘Next question’ moves the current step to the back of the queue', () => {
    const start = account({ lastName: '' });
    expect(wizardState(start, DEFAULT_QUESTION_FIELDS, PHONE_OFF, ['LastName']).current?.name).toBe('BirthDate');
    expect(wizardState(start, DEFAULT_QUESTION_FIELDS, PHONE_OFF, ['LastName', 'BirthDate']).current?.name).toBe(
      'LastName',
    );
  });
});

describe('§5 Wizard validation', () => {
  it('text steps need non-blank text', () => {
    expect(stepProblem('FirstName', '  ')).toBe('ac_FirstNameRequiredMessage');
    expect(stepProblem('LastName', 'Jansen')).toBeNull();
  });

  it('the telephone needs more than 3 characters, the salutation 1 or 2, the birthday a value', () => {
    expect(stepProblem('Telephone', '123')).toBe('ac_TelephoneRequiredMessage');
    expect(stepProblem('Telephone', '1234')).toBeNull();
    expect(stepProblem('Gender', '3')).toBe('ac_GenderInvalidMessage');
    expect(stepProblem('Gender', '2')).toBeNull();
    expect(stepProblem('BirthDate', '')).toBe('ac_BirthDateRequiredMessage');
  });

  it("§5 Date field: the wizard's birthday step refuses an incomplete date instead of saving it", () => {
    expect(stepProblem('BirthDate', toSubmitDate({ day: '9', month: '11', year: '85' }) ?? '')).toBe(
      'ac_BirthDateInvalidMessage',
    );
    expect(stepProblem('BirthDate', toSubmitDate({ day: '30', month: '02', year: '1991' }) ?? '')).toBe(
      'ac_BirthDateInvalidMessage',
    );
    expect(stepProblem('BirthDate', toSubmitDate({ day: '9', month: '11', year: '1991' }) ?? '')).toBeNull();
  });

  it('issue 19: with email verification on, the email counts only once verified, like the telephone', () => {
    const both = { telephone: true, email: true };
    expect(wizardState(account({ isEmailVerified: false }), DEFAULT_QUESTION_FIELDS, both).percent).toBe(50);
    const verified = account({ isEmailVerified: true, isTelephoneVerified: true });
    expect(wizardState(verified, DEFAULT_QUESTION_FIELDS, both).percent).toBe(83);
    expect(wizardState(account({ isEmailVerified: false }), DEFAULT_QUESTION_FIELDS, both).current?.name).toBe('Email');
  });
});
