import { describe, expect, it } from 'vitest';
import { addressProblems, countryPickerDisabled, joinPhone, preselectedCountry, splitPhone } from './address-rules.js';
import { DEFAULT_ADDRESS_FIELDS, field } from './field-definitions.js';

const complete = {
  AddressType: '0',
  FirstName: 'Emma',
  LastName: 'de Vries',
  Email: 'emma@example.com',
  ConfirmEmail: 'EMMA@example.com',
  Telephone: '+31 612345678',
  ConfirmTelephone: '+31 612345678',
  Country: 'NL',
  Address: 'Keizersgracht',
  AddressNumber: '221',
  ZipCode: '1016 DV',
  City: 'Amsterdam',
};

describe('§5 Address form', () => {
  it('accepts a complete private address', () => {
    expect(addressProblems(complete, DEFAULT_ADDRESS_FIELDS)).toEqual({});
  });

  it('a required empty field shows ac_{Field}RequiredMessage', () => {
    const problems = addressProblems({ ...complete, City: ' ', ZipCode: '' }, DEFAULT_ADDRESS_FIELDS);
    expect(problems).toEqual({ City: 'ac_CityRequiredMessage', ZipCode: 'ac_ZipCodeRequiredMessage' });
  });

  it('a required field shorter than its minimum shows ac_{Field}InvalidMinLengthMessage; telephone minimum 7', () => {
    const problems = addressProblems(
      { ...complete, Telephone: '+31 612345', ConfirmTelephone: '+31 612345' },
      DEFAULT_ADDRESS_FIELDS,
    );
    expect(problems).toEqual({
      Telephone: 'ac_TelephoneInvalidMinLengthMessage',
      ConfirmTelephone: 'ac_ConfirmTelephoneInvalidMinLengthMessage',
    });
    const fields = [field({ orderField: 'City', row: 1, width: 100, minLength: 3 })];
    expect(addressProblems({ City: 'Ab' }, fields)).toEqual({ City: 'ac_CityInvalidMinLengthMessage' });
  });

  it('text fields have a maximum of 250, company name 100, phone numbers 20 digits', () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(addressProblems({ ...complete, City: long(251) }, DEFAULT_ADDRESS_FIELDS)).toEqual({
      City: 'ac_FieldInvalidMaxLengthMessage',
    });
    expect(addressProblems({ ...complete, City: long(250) }, DEFAULT_ADDRESS_FIELDS)).toEqual({});
    const company = { ...complete, AddressType: '1', CompanyName: long(101), VatNumber: 'NL859048374B01' };
    expect(addressProblems(company, DEFAULT_ADDRESS_FIELDS)).toEqual({
      CompanyName: 'ac_FieldInvalidMaxLengthMessage',
    });
    const phone = `+31 ${'1'.repeat(21)}`;
    expect(addressProblems({ ...complete, Telephone: phone, ConfirmTelephone: phone }, DEFAULT_ADDRESS_FIELDS)).toEqual(
      {
        Telephone: 'ac_FieldInvalidMaxLengthMessage',
        ConfirmTelephone: 'ac_FieldInvalidMaxLengthMessage',
      },
    );
  });

  it('company name and VAT number are not required for a private address (and not checked)', () => {
    const required = DEFAULT_ADDRESS_FIELDS.map((f) =>
      f.orderField === 'CompanyName' || f.orderField === 'VatNumber' ? { ...f, required: true } : f,
    );
    expect(addressProblems({ ...complete, CompanyName: 'x'.repeat(300) }, required)).toEqual({});
    expect(addressProblems({ ...complete, AddressType: '1' }, required)).toEqual({
      CompanyName: 'ac_CompanyNameRequiredMessage',
      VatNumber: 'ac_VatNumberRequiredMessage',
    });
  });

  it('ConfirmEmail must equal Email and ConfirmTelephone must equal Telephone', () => {
    expect(
      addressProblems(
        { ...complete, ConfirmEmail: 'other@example.com', ConfirmTelephone: '+31 612345679' },
        DEFAULT_ADDRESS_FIELDS,
      ),
    ).toEqual({ ConfirmEmail: 'ac_EmailAdressesDontMatch', ConfirmTelephone: 'ac_TelephoneNumbersDontMatch' });
  });

  it('skips headings, paragraphs and dividers', () => {
    const fields = [field({ orderField: 'Intro', row: 1, width: 100, type: 8, required: true })];
    expect(addressProblems({}, fields)).toEqual({});
  });
});

describe('§5 Phone field', () => {
  it('§5 Phone field: a number that cannot exist for its calling code (0000000) shows ac_TelephoneInvalidMessage', () => {
    for (const telephone of ['+31 0000000', '+31 1234567', '+32 00000000000', '+1 5555555']) {
      expect(
        addressProblems({ ...complete, Telephone: telephone, ConfirmTelephone: telephone }, DEFAULT_ADDRESS_FIELDS),
      ).toEqual({ Telephone: 'ac_TelephoneInvalidMessage' });
    }
    for (const telephone of ['+31 612345678', '+31 0612345678', '+32 470123456', '+41 791234567', '+1 2015550123']) {
      expect(
        addressProblems({ ...complete, Telephone: telephone, ConfirmTelephone: telephone }, DEFAULT_ADDRESS_FIELDS),
      ).toEqual({});
    }
  });

  it('keeps only digits, at most 20, stored as {code} {number}, empty without a number', () => {
    expect(joinPhone('+31', '06-12 34 56 78')).toBe('+31 0612345678');
    expect(joinPhone('+31', '1'.repeat(25))).toBe(`+31 ${'1'.repeat(20)}`);
    expect(joinPhone('+31', ' - ')).toBe('');
    expect(splitPhone('+44 7700900123')).toEqual({ code: '+44', number: '7700900123' });
    expect(splitPhone('0612345678')).toEqual({ code: '', number: '0612345678' });
  });
});

describe('§5 Country picker', () => {
  it('preselects the user’s default country when listed (case-insensitive), otherwise the first', () => {
    expect(preselectedCountry(['BE', 'NL', 'DE'], 'nl')).toBe('NL');
    expect(preselectedCountry(['BE', 'DE'], 'NL')).toBe('BE');
    expect(preselectedCountry([], 'NL')).toBe('');
  });

  it('a required country list of one option or none is disabled', () => {
    const country = field({ orderField: 'Country', row: 1, width: 100, type: 2 });
    expect(countryPickerDisabled(country, 1)).toBe(true);
    expect(countryPickerDisabled(country, 0)).toBe(true);
    expect(countryPickerDisabled(country, 2)).toBe(false);
    expect(countryPickerDisabled({ ...country, required: false }, 1)).toBe(false);
  });
});
