/** The display text of an address (spec §3 Address): one line per part, empty parts left out. */
import { fullName } from './account.js';

export interface AddressParts {
  firstName: string;
  lastName: string;
  companyName: string;
  address: string;
  addressNumber: string;
  addressNumberSuffix: string;
  zipCode: string;
  city: string;
  country: string;
  email: string;
  telephone: string;
}

/**
 * Lines: name, company, street with number and suffix, zip code with city and country, email,
 * telephone. `countryName` turns the country code into the name to print.
 */
export function addressLines(a: AddressParts, countryName: (code: string) => string = (code) => code): string[] {
  const street = [a.address, a.addressNumber, a.addressNumberSuffix]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
  const place = [a.zipCode, a.city]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
  const country = a.country ? countryName(a.country) : '';
  const cityLine = [place, country].filter(Boolean).join(', ');
  return [fullName(a), a.companyName.trim(), street, cityLine, a.email.trim(), a.telephone.trim()].filter(Boolean);
}

export const addressText = (a: AddressParts, countryName?: (code: string) => string): string =>
  addressLines(a, countryName).join('\n');
