import { describe, expect, it } from 'vitest';
import { AddressInput, AddressUpdate } from './addresses.js';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issues = (result: Result) =>
  result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];

const ADDRESS = {
  firstName: 'Anna',
  lastName: 'de Vries',
  email: 'anna@shop.example',
  telephone: '+31 612345678',
  country: 'NL',
  address: 'Keizersgracht',
  addressNumber: '12',
  zipCode: '1015 CJ',
  city: 'Amsterdam',
};

describe('§7 POST /address: create', () => {
  it('§3 Address: fields the form leaves out become empty, private (0) and not default', () => {
    expect(AddressInput.parse(ADDRESS)).toEqual({
      ...ADDRESS,
      companyName: '',
      vatNumber: '',
      addressType: 0,
      confirmEmail: '',
      confirmTelephone: '',
      addressNumberSuffix: '',
      isBilling: false,
      isShipping: false,
    });
  });

  it('§3 Address: text values are trimmed', () => {
    expect(AddressInput.parse({ ...ADDRESS, city: '  Amsterdam ', firstName: ' Anna' })).toMatchObject({
      city: 'Amsterdam',
      firstName: 'Anna',
    });
  });

  it('§9 Codes: address type is 0 (private) or 1 (company); nothing else', () => {
    expect(AddressInput.parse({ ...ADDRESS, addressType: 1, companyName: 'Bos BV' }).addressType).toBe(1);
    expect(AddressInput.safeParse({ ...ADDRESS, addressType: 2 }).success).toBe(false);
    expect(AddressInput.safeParse({ ...ADDRESS, addressType: '1' }).success).toBe(false);
  });

  it('§9 Field lengths: text fields in the address form take at most 250 characters', () => {
    expect(AddressInput.safeParse({ ...ADDRESS, city: 'x'.repeat(250) }).success).toBe(true);
    expect(issues(AddressInput.safeParse({ ...ADDRESS, city: 'x'.repeat(251) }))).toEqual([
      { path: 'city', message: 'ac_FieldInvalidMaxLengthMessage' },
    ]);
  });

  it('§9 Field lengths: company name takes at most 100 characters', () => {
    expect(AddressInput.safeParse({ ...ADDRESS, companyName: 'c'.repeat(100) }).success).toBe(true);
    expect(issues(AddressInput.safeParse({ ...ADDRESS, companyName: 'c'.repeat(101) }))).toEqual([
      { path: 'companyName', message: 'ac_FieldInvalidMaxLengthMessage' },
    ]);
  });

  it('§3 Address: the country is a code of at most 2 letters', () => {
    expect(issues(AddressInput.safeParse({ ...ADDRESS, country: 'NLD' }))).toEqual([
      { path: 'country', message: 'ac_FieldInvalidMaxLengthMessage' },
    ]);
  });

  it('§3 Address form field definition: values of server-defined extra fields are kept by orderField', () => {
    const parsed = AddressInput.parse({ ...ADDRESS, extraFields: { Floor: '3' } });
    expect(parsed.extraFields).toEqual({ Floor: '3' });
  });
});

describe('§7 PATCH /address: update, including setting the default via isBilling or isShipping', () => {
  it('§7 PATCH /address: the addressId is required and must be a positive id', () => {
    expect(issues(AddressUpdate.safeParse({ city: 'Utrecht' }))).toEqual([
      { path: 'addressId', message: 'ac_FieldInvalidMessage' },
    ]);
    expect(AddressUpdate.safeParse({ addressId: 0 }).success).toBe(false);
    expect(AddressUpdate.parse({ addressId: '5' }).addressId).toBe(5);
  });

  it('§4 Set default: {addressId, isBilling: true} changes only the billing flag', () => {
    expect(AddressUpdate.parse({ addressId: 5, isBilling: true })).toEqual({ addressId: 5, isBilling: true });
  });

  it('§7 PATCH /address: fields left out of an update stay out (they are not reset to empty or false)', () => {
    const parsed = AddressUpdate.parse({ addressId: 5, city: ' Utrecht ' });
    expect(parsed).toEqual({ addressId: 5, city: 'Utrecht' });
    expect('firstName' in parsed).toBe(false);
    expect('isShipping' in parsed).toBe(false);
  });

  it('§7 PATCH /address: the fields that are sent follow the create rules', () => {
    expect(AddressUpdate.safeParse({ addressId: 5, addressType: 2 }).success).toBe(false);
    expect(issues(AddressUpdate.safeParse({ addressId: 5, companyName: 'c'.repeat(101) }))).toEqual([
      { path: 'companyName', message: 'ac_FieldInvalidMaxLengthMessage' },
    ]);
    expect(AddressUpdate.parse({ addressId: 5, ...ADDRESS })).toEqual({ addressId: 5, ...ADDRESS });
  });
});
