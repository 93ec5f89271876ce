import { describe, expect, it } from 'vitest';
import {
  FirstTimeSettingBody,
  FirstTimeSettings,
  InterestsBody,
  LocalizeUpdate,
  NewslettersBody,
  TranslationList,
  TranslationQuery,
  ValidateEmailBody,
  ValidateVatNumberBody,
  ValidResponse,
} from './settings.js';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (result: Result) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

describe('§5 First login: email is always required', () => {
  it('§5 First login: a missing email gives ac_EmailRequiredMessage', () => {
    expect(issues(FirstTimeSettings.safeParse({}))).toEqual([{ path: 'email', message: 'ac_EmailRequiredMessage' }]);
  });

  it('§5 First login: a blank or whitespace email gives ac_EmailRequiredMessage', () => {
    for (const email of ['', '   ', '\t']) {
      expect(issues(FirstTimeSettings.safeParse({ email }))).toEqual([
        { path: 'email', message: 'ac_EmailRequiredMessage' },
      ]);
    }
  });

  it('§5 First login: a malformed email gives ac_EmailInvalidMessage', () => {
    for (const email of ['anna', 'anna@shop', 'anna@', '@shop.example', 'an na@shop.example']) {
      expect(issues(FirstTimeSettings.safeParse({ email }))).toEqual([
        { path: 'email', message: 'ac_EmailInvalidMessage' },
      ]);
    }
  });

  it('§5 First login: an email longer than 250 characters gives ac_EmailInvalidMessage', () => {
    const email = `${'a'.repeat(240)}@shop.example`;
    expect(issues(FirstTimeSettings.safeParse({ email }))).toEqual([
      { path: 'email', message: 'ac_EmailInvalidMessage' },
    ]);
  });

  it('§5 First login: a well-formed email is accepted and trimmed', () => {
    expect(FirstTimeSettings.parse({ email: ' anna@shop.example ' }).email).toBe('anna@shop.example');
  });
});

describe('§2/§3 First login: defaults and optional names', () => {
  it('§2 First login: gender defaults to 1 (Mr); names default to empty; id lists default to empty', () => {
    expect(FirstTimeSettings.parse({ email: 'anna@shop.example' })).toEqual({
      gender: 1,
      firstName: '',
      lastName: '',
      email: 'anna@shop.example',
      newsSubscribe: [],
      interestIds: [],
      newsletterIds: [],
    });
  });

  it('§5 First login: first and last name are optional (blank is accepted) and trimmed when given', () => {
    expect(FirstTimeSettings.safeParse({ email: 'anna@shop.example', firstName: '', lastName: '  ' }).success).toBe(
      true,
    );
    const parsed = FirstTimeSettings.parse({ email: 'anna@shop.example', firstName: ' Anna ', lastName: 'Bos ' });
    expect(parsed).toMatchObject({ firstName: 'Anna', lastName: 'Bos' });
  });

  it('§9 First login: names are at most 100 characters', () => {
    expect(FirstTimeSettings.safeParse({ email: 'a@shop.example', firstName: 'x'.repeat(100) }).success).toBe(true);
    expect(issues(FirstTimeSettings.safeParse({ email: 'a@shop.example', firstName: 'x'.repeat(101) }))).toEqual([
      { path: 'firstName', message: 'ac_FieldInvalidMessage' },
    ]);
  });

  it('§3 First-login model: gender 2 is kept; any other gender is refused', () => {
    expect(FirstTimeSettings.parse({ email: 'a@shop.example', gender: 2 }).gender).toBe(2);
    expect(issues(FirstTimeSettings.safeParse({ email: 'a@shop.example', gender: 3 }))).toEqual([
      { path: 'gender', message: 'ac_GenderInvalidMessage' },
    ]);
  });

  it('§3 First-login model: newsSubscribe, interestIds and newsletterIds are lists of positive ids', () => {
    const parsed = FirstTimeSettings.parse({
      email: 'a@shop.example',
      newsSubscribe: [1],
      interestIds: [3, 4],
      newsletterIds: [1, 2],
    });
    expect(parsed).toMatchObject({ newsSubscribe: [1], interestIds: [3, 4], newsletterIds: [1, 2] });
    expect(FirstTimeSettings.safeParse({ email: 'a@shop.example', interestIds: [0] }).success).toBe(false);
    expect(FirstTimeSettings.safeParse({ email: 'a@shop.example', newsletterIds: [-1] }).success).toBe(false);
    expect(FirstTimeSettings.safeParse({ email: 'a@shop.example', newsletterIds: 'all' }).success).toBe(false);
  });

  it('§7 POST /setting/firstTimeSetting carries the model under {settings}', () => {
    expect(FirstTimeSettingBody.parse({ settings: { email: 'a@shop.example' } }).settings.gender).toBe(1);
    expect(FirstTimeSettingBody.safeParse({ email: 'a@shop.example' }).success).toBe(false);
  });
});

describe('§7 Settings calls: request bodies', () => {
  it('§7 PATCH /setting/interests {InterestIds}: a list of ids, possibly empty', () => {
    expect(InterestsBody.parse({ interestIds: [1, 2] })).toEqual({ interestIds: [1, 2] });
    expect(InterestsBody.parse({ interestIds: [] })).toEqual({ interestIds: [] });
    expect(InterestsBody.safeParse({ interestIds: [1.5] }).success).toBe(false);
    expect(InterestsBody.safeParse({}).success).toBe(false);
  });

  it('§7 PATCH /setting/newsletters {NewsletterIds}: a list of ids, at most 500', () => {
    expect(NewslettersBody.parse({ newsletterIds: [7] })).toEqual({ newsletterIds: [7] });
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    expect(issues(NewslettersBody.safeParse({ newsletterIds: many }))).toEqual([
      { path: 'newsletterIds', message: 'ac_FieldInvalidMessage' },
    ]);
  });

  it('§7 POST /setting/validateEmail {email}', () => {
    expect(ValidateEmailBody.parse({ email: 'anna@shop.example' })).toEqual({ email: 'anna@shop.example' });
    expect(ValidateEmailBody.safeParse({}).success).toBe(false);
  });

  it('§7 POST /setting/validateVatNumber {vatNumber, country}: the country is a 2-letter code', () => {
    expect(ValidateVatNumberBody.parse({ vatNumber: 'NL123456789B01', country: 'NL' })).toEqual({
      vatNumber: 'NL123456789B01',
      country: 'NL',
    });
    expect(issues(ValidateVatNumberBody.safeParse({ vatNumber: 'NL1', country: 'NLD' }))).toEqual([
      { path: 'country', message: 'ac_VatNumberIsInvalidMessage' },
    ]);
  });

  it('§7 validateEmail / validateVatNumber: success means valid', () => {
    expect(ValidResponse.safeParse({ valid: true }).success).toBe(true);
    expect(ValidResponse.safeParse({ valid: false }).success).toBe(false);
  });

  it('§7 PATCH /localize {country, language, currency}: each optional, trimmed and non-empty', () => {
    expect(LocalizeUpdate.parse({ country: ' NL ', language: 'nl', currency: 'EUR' })).toEqual({
      country: 'NL',
      language: 'nl',
      currency: 'EUR',
    });
    expect(LocalizeUpdate.parse({ currency: 'USD' })).toEqual({ currency: 'USD' });
    expect(issues(LocalizeUpdate.safeParse({ language: '  ' }))).toEqual([
      { path: 'language', message: 'ac_FieldInvalidMessage' },
    ]);
    expect(LocalizeUpdate.safeParse({ currency: 'X'.repeat(17) }).success).toBe(false);
  });

  it('§7 GET /translation: a list of {key, translate}; an optional language', () => {
    expect(TranslationList.parse([{ key: 'ac_Menu', translate: 'Menu' }])).toHaveLength(1);
    expect(TranslationList.safeParse([{ key: 'ac_Menu' }]).success).toBe(false);
    expect(TranslationQuery.parse({})).toEqual({});
    expect(TranslationQuery.parse({ language: 'de' })).toEqual({ language: 'de' });
  });
});
