/**
 * Telephone country codes (spec §9: about 240 regions) from libphonenumber-js's metadata, named in
 * the shopper's language (contract `countryName`); limited to the shipping countries when the shop has them.
 */
import { countryName } from '@account/contract';
import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

export interface CallingCode {
  region: string;
  name: string;
  code: string;
}

export function callingCodes(language: string, limitTo: readonly string[] = []): CallingCode[] {
  const allowed = new Set(limitTo.map((c) => c.toUpperCase()));
  return getCountries()
    .filter((region) => allowed.size === 0 || allowed.has(region))
    .map((region) => ({
      region,
      name: countryName(region, language),
      code: `+${getCountryCallingCode(region as CountryCode)}`,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}
