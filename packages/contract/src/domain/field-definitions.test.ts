import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from './entities.js';
import {
  DEFAULT_ADDRESS_FIELDS,
  DEFAULT_FIRST_TIME_LOGIN_FIELDS,
  DEFAULT_QUESTION_FIELDS,
  field,
  WIZARD_STEPS,
} from './field-definitions.js';

const byName = (name: string) => DEFAULT_ADDRESS_FIELDS.find((f) => f.orderField === name);

describe('§3 Address form field definition: the default fields', () => {
  it('§3 the default address fields are the spec list plus AddressType and VatNumber', () => {
    expect(DEFAULT_ADDRESS_FIELDS.map((f) => f.orderField).sort()).toEqual(
      [
        'AddressType',
        'FirstName',
        'LastName',
        'CompanyName',
        'VatNumber',
        'Email',
        'ConfirmEmail',
        'Telephone',
        'ConfirmTelephone',
        'Country',
        'Address',
        'AddressNumber',
        'AddressNumberSuffix',
        'ZipCode',
        'City',
      ].sort(),
    );
  });

  it('§3 CompanyName and AddressNumberSuffix are optional; the spec default fields are required', () => {
    expect(byName('CompanyName')?.required).toBe(false);
    expect(byName('AddressNumberSuffix')?.required).toBe(false);
    for (const name of ['FirstName', 'LastName', 'Email', 'ConfirmEmail', 'Telephone', 'Country', 'City']) {
      expect(byName(name)?.required).toBe(true);
    }
  });

  it('§5 Address form: telephone fields have a minimum length of 7 and the telephone type (11)', () => {
    for (const name of ['Telephone', 'ConfirmTelephone']) {
      expect(byName(name)).toMatchObject({ minLength: 7, type: FIELD_TYPES.telephone });
    }
  });

  it('§5/§9 Address form: company name at most 100; other text defaults to 250', () => {
    expect(byName('CompanyName')?.maxLength).toBe(100);
    expect(byName('City')?.maxLength).toBe(250);
    expect(field({ orderField: 'Extra', row: 1, width: 100 }).maxLength).toBe(250);
  });

  it('§3 widths are 25 (short), 50 (half) or 100 (full)', () => {
    for (const f of DEFAULT_ADDRESS_FIELDS) expect([25, 50, 100]).toContain(f.width);
  });

  it('§3 types: the country is a dropdown (2) and the address type a radio (3) with private 0 and company 1', () => {
    expect(byName('Country')?.type).toBe(FIELD_TYPES.dropdown);
    expect(byName('AddressType')?.type).toBe(FIELD_TYPES.radio);
    expect(byName('AddressType')?.options.map((o) => o.value)).toEqual(['0', '1']);
  });

  it('§3 a field definition defaults to a required, empty, valid text field labelled ac_{orderField}', () => {
    expect(field({ orderField: 'Floor', row: 9, width: 25 })).toEqual({
      orderField: 'Floor',
      label: 'ac_Floor',
      type: FIELD_TYPES.text,
      required: true,
      row: 9,
      width: 25,
      options: [],
      value: null,
      minLength: null,
      maxLength: 250,
      disabled: false,
      invalid: false,
      warningMessage: null,
      errorMessage: null,
    });
  });
});

describe('§5 First login and §4 Profile wizard field lists', () => {
  it('§5 First login: the default list holds first name, last name and email; names at most 100', () => {
    expect(DEFAULT_FIRST_TIME_LOGIN_FIELDS.map((f) => f.orderField)).toEqual(['FirstName', 'LastName', 'Email']);
    expect(DEFAULT_FIRST_TIME_LOGIN_FIELDS.slice(0, 2).map((f) => f.maxLength)).toEqual([100, 100]);
  });

  it('§4 Profile wizard: steps are salutation, first name, last name, email, telephone, birthday, in order', () => {
    expect(WIZARD_STEPS).toEqual(['Gender', 'FirstName', 'LastName', 'Email', 'Telephone', 'BirthDate']);
    expect(DEFAULT_QUESTION_FIELDS.map((f) => f.orderField)).toEqual([...WIZARD_STEPS]);
    expect(DEFAULT_QUESTION_FIELDS.map((f) => f.row)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
