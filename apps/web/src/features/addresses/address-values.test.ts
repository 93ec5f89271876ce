import { type Address, DEFAULT_ADDRESS_FIELDS, field } from '@account/contract';
import { describe, expect, it } from 'vitest';
import { initialValues, toBody } from './address-values';

const company = {
  addressId: 4,
  firstName: 'Emma',
  lastName: 'de Vries',
  name: 'Emma de Vries',
  companyName: 'Trailworks B.V.',
  vatNumber: '',
  addressType: 1,
  email: 'emma@example.com',
  telephone: '+31 612345678',
  country: 'NL',
  address: 'Keizersgracht',
  addressNumber: '221',
  addressNumberSuffix: 'B',
  zipCode: '1016 DV',
  city: 'Amsterdam',
  isBilling: false,
  isShipping: false,
  extraFields: { DeliveryNote: 'Ring twice' },
} satisfies Address;

describe('§4 Address form', () => {
  it('presets the type to company (1) in edit when a company name or VAT number exists, else private (0)', () => {
    expect(initialValues(company, { country: 'NL' }).AddressType).toBe('1');
    expect(initialValues({ ...company, companyName: '', vatNumber: 'NL1' }, { country: 'NL' }).AddressType).toBe('1');
    expect(initialValues({ ...company, companyName: '' }, { country: 'NL' }).AddressType).toBe('0');
    expect(initialValues(null, { country: 'BE' })).toEqual({ AddressType: '0', Country: 'BE' });
  });

  it('choosing private sends empty company name and VAT number', () => {
    const values = { ...initialValues(company, { country: 'NL' }), AddressType: '0' };
    expect(toBody(values, DEFAULT_ADDRESS_FIELDS)).toMatchObject({ addressType: 0, companyName: '', vatNumber: '' });
  });

  it('sends a shop’s extra fields beside the address’s own', () => {
    const fields = [
      ...DEFAULT_ADDRESS_FIELDS,
      field({ orderField: 'DeliveryNote', row: 9, width: 100, required: false }),
    ];
    expect(initialValues(company, { country: 'NL' }).DeliveryNote).toBe('Ring twice');
    const body = toBody({ ...initialValues(company, { country: 'NL' }), DeliveryNote: ' Ring twice ' }, fields);
    expect(body).toMatchObject({ city: 'Amsterdam', addressType: 1, extraFields: { DeliveryNote: 'Ring twice' } });
  });
});
