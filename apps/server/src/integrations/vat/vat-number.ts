/**
 * The offline VAT number check (spec §5 Address form, §7 validateVatNumber): format and check digit
 * per EU member state with jsvat. Only the 27 member states count: the EU VAT reverse charge is
 * about them, so any other country's number is invalid here.
 */
import {
  austria,
  belgium,
  bulgaria,
  type Country,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
} from 'jsvat';

/** ISO 3166 code of each member state -> its jsvat rules. */
const MEMBER_STATES: Readonly<Record<string, Country>> = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  CY: cyprus,
  CZ: czechRepublic,
  DE: germany,
  DK: denmark,
  EE: estonia,
  ES: spain,
  FI: finland,
  FR: france,
  GR: greece,
  HR: croatia,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LT: lithuania,
  LU: luxembourg,
  LV: latvia,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SE: sweden,
  SI: slovenia,
  SK: slovakiaRepublic,
};

export const EU_MEMBER_STATES: readonly string[] = Object.keys(MEMBER_STATES);

/** The prefix of a country's VAT numbers, which VIES also uses: the ISO code, but EL for Greece. */
export const vatPrefix = (isoCode: string): string => (isoCode === 'GR' ? 'EL' : isoCode);

/** A VAT number as VIES wants it: the member state's prefix and the number without it. */
export interface VatNumber {
  countryCode: string;
  number: string;
}

/**
 * The VAT number if it is well-formed with a correct check digit for the country (an ISO code),
 * else null. Spaces, dots and dashes are ignored, and so is the country's prefix (EL, or GR, for
 * Greece) when given.
 */
export function offlineVatNumber(vatNumber: string, country: string): VatNumber | null {
  const isoCode = country.trim().toUpperCase();
  const rules = MEMBER_STATES[isoCode];
  if (!rules) return null;
  const clean = vatNumber.toUpperCase().replace(/[\s.-]+/g, '');
  if (!/^[A-Z0-9]{2,20}$/.test(clean)) return null;
  const countryCode = vatPrefix(isoCode);
  const prefix = [countryCode, isoCode].find((p) => clean.startsWith(p));
  // The prefix is optional, and a number of its own may begin with the same letters (a French key
  // can be 'FR'): the number as given is tried as well.
  const candidates = prefix ? [clean.slice(prefix.length), clean] : [clean];
  for (const number of candidates) {
    if (number && checkVAT(`${countryCode}${number}`, [rules]).isValid) return { countryCode, number };
  }
  return null;
}
