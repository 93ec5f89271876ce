import { describe, expect, it } from 'vitest';
import { countryName } from './country-names.js';

describe('country names in the interface language', () => {
  it('names a country in German, Dutch and English', () => {
    expect(countryName('CH', 'de')).toBe('Schweiz');
    expect(countryName('ch', 'nl', 'Switzerland')).toBe('Zwitserland');
    expect(countryName('CH', 'en')).toBe('Switzerland');
  });

  it("keeps the shop's name, else the code, for a code the runtime does not know", () => {
    expect(countryName('XZ', 'de', 'Atlantis')).toBe('Atlantis');
    expect(countryName('not a code', 'de')).toBe('not a code');
    expect(countryName('NL', 'not a language!', 'Nederland')).toBe('Nederland');
  });
});
