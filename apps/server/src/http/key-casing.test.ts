import { callSchemas } from '@account/contract';
import { describe, expect, it } from 'vitest';
import { normalizeKeys } from './key-casing.js';

describe('§7 request body keys arrive capitalised and are accepted case-insensitively', () => {
  it('maps {InterestIds} to the schema’s interestIds', () => {
    expect(normalizeKeys(callSchemas.updateInterests.body, { InterestIds: [1, 2] })).toEqual({ interestIds: [1, 2] });
  });

  it('matches any casing and descends into nested objects', () => {
    const body = { SETTINGS: { Gender: 2, FIRSTNAME: 'Ann', email: 'a@b.example', NewsletterIds: [3] } };
    expect(normalizeKeys(callSchemas.firstTimeSetting.body, body)).toEqual({
      settings: { gender: 2, firstName: 'Ann', email: 'a@b.example', newsletterIds: [3] },
    });
  });

  it('matches snake_case keys as the messaging-app widget sends them', () => {
    expect(
      normalizeKeys(callSchemas.loginTelegram.body, { id: 1, first_name: 'Ann', auth_date: 2, hash: 'h' }),
    ).toEqual({ id: 1, firstName: 'Ann', authDate: 2, hash: 'h' });
  });

  it('looks through unions (profile model or single account fields)', () => {
    expect(normalizeKeys(callSchemas.updateAccount.body, { ConfirmEmail: 'x', BirthDate: null })).toEqual({
      confirmEmail: 'x',
      birthDate: null,
    });
  });

  it('leaves unknown keys and non-objects alone for the schema to judge', () => {
    expect(normalizeKeys(callSchemas.updateInterests.body, { Surprise: 1 })).toEqual({ Surprise: 1 });
    expect(normalizeKeys(callSchemas.updateInterests.body, 'text')).toBe('text');
    expect(normalizeKeys(callSchemas.updateInterests.body, null)).toBeNull();
  });
});
