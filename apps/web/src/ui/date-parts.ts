/**
 * §5 Date field (birth date): day 0–31 and month 0–12 with at most 2 digits, year 0 to the current
 * year with at most 4; a part out of range is reset to 01 (the year to 1900); the date exists only
 * when all three parts are present, and an incomplete one is an error, never a cleared date.
 * Dates travel as yyyy/MM/dd (§9 submit format).
 */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

const LIMITS = { day: [0, 31, 2], month: [0, 12, 2], year: [0, Number.NaN, 4] } as const;
const RESET: DateParts = { day: '01', month: '01', year: '1900' };

export const onlyDigits = (value: string, part: keyof DateParts) => value.replace(/\D/g, '').slice(0, LIMITS[part][2]);

/** The part as kept after leaving it: an out-of-range (or zero day/month) value is reset. */
export function settlePart(value: string, part: keyof DateParts, currentYear = new Date().getFullYear()): string {
  if (value === '') return '';
  const number = Number(value);
  const [min, maxOrNaN] = LIMITS[part];
  const max = part === 'year' ? currentYear : maxOrNaN;
  const outOfRange = number < min || number > max || (part !== 'year' && number === 0);
  if (outOfRange) return RESET[part];
  return part === 'year' ? value : value.padStart(2, '0');
}

/**
 * The date to send: null only when every part is empty (the shopper cleared the date on purpose).
 * Anything else is sent as typed, so an incomplete date ('85' for a year, a missing day) is refused
 * by the contract's date rule as a field error instead of reading as 'no date' and erasing the
 * stored one.
 */
export function toSubmitDate(parts: DateParts): string | null {
  if (!parts.day && !parts.month && !parts.year) return null;
  const pad = (part: string) => (part.length === 1 ? `0${part}` : part);
  return `${parts.year}/${pad(parts.month)}/${pad(parts.day)}`;
}

export function fromIsoDate(value: string | null): DateParts {
  const match = value ? /^(\d{4})[-/](\d{2})[-/](\d{2})/.exec(value) : null;
  return match
    ? { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' }
    : { day: '', month: '', year: '' };
}
