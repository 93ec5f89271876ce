/**
 * A country's name in the shopper's language ('CH' is "Schweiz" in German): the one function every
 * shown country name goes through, on the server and in the browser. The names come from the
 * runtime's CLDR data (Intl.DisplayNames), so no table ships with the app. The shop's own name is
 * kept for a code that data does not know, else the code itself.
 */
const namers = new Map<string, Intl.DisplayNames | null>();

function namer(language: string): Intl.DisplayNames | null {
  let found = namers.get(language);
  if (found === undefined) {
    try {
      found = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' });
    } catch {
      // A language tag the runtime rejects: the shop's names stay.
      found = null;
    }
    namers.set(language, found);
  }
  return found;
}

export function countryName(code: string, language: string, shopName?: string): string {
  let name: string | undefined;
  try {
    name = namer(language)?.of(code.toUpperCase());
  } catch {
    // Not a region code at all (Intl throws a RangeError): the shop's name or the code.
  }
  return name ?? shopName ?? code;
}
