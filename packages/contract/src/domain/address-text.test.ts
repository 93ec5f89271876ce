import { describe, expect, it } from 'vitest';
import { addressLines, addressText } from './address-text.js';

const address = {
  firstName: 'Emma',
  lastName: 'de Vries',
  companyName: 'Trailworks B.V.',
  address: 'Keizersgracht',
  addressNumber: '221',
  addressNumberSuffix: 'B',
  zipCode: '1016 DV',
  city: 'Amsterdam',
  country: 'NL',
  email: 'emma@example.com',
  telephone: '+31 612345678',
};

describe('§3 Address: the display text is built from lines', () => {
  it('prints name, company, street with number and suffix, zip with city and country, email, telephone', () => {
    expect(addressLines(address, (code) => (code === 'NL' ? 'Netherlands' : code))).toEqual([
      'Emma de Vries',
      'Trailworks B.V.',
      'Keizersgracht 221 B',
      '1016 DV Amsterdam, Netherlands',
      'emma@example.com',
      '+31 612345678',
    ]);
  });

  it('leaves out empty parts and shows the country code when no name is known', () => {
    const text = addressText({ ...address, companyName: '', addressNumberSuffix: '', email: ' ', telephone: '' });
    expect(text).toBe('Emma de Vries\nKeizersgracht 221\n1016 DV Amsterdam, NL');
  });
});
