/** Date display, submit formats and business days per spec §9 Dates. Month names are English. */
// Each function from its own module: the package's index loads all ~300 of them, a tenth of the
// server's start (DESIGN §8: start < 2 s).
import { addBusinessDays as addWeekdays } from 'date-fns/addBusinessDays';
import { isValid } from 'date-fns/isValid';
import { lightFormat } from 'date-fns/lightFormat';

export const DATE_FORMATS = {
  /** Achievements page claim date. */
  achievement: 'dd-MM-yyyy',
  /** Vouchers: claim and expiry dates. */
  voucher: 'dd/MM/yyyy',
  /** Orders: the date and, separately, the time. */
  orderDate: 'dd MMMM yyyy',
  orderTime: 'HH:mm',
  /** Submit formats. */
  submit: 'yyyy/MM/dd',
  url: "yyyy-MM-dd'T'00:00:00'Z'",
  urlWithTime: "yyyy-MM-dd'T'HH:mm:00'Z'",
} as const;

export type DateFormatName = keyof typeof DATE_FORMATS;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export type DateInput = Date | string | number;

/**
 * The contract's dates (entities.ts): a Timestamp as the server writes it, ISO 8601 with its offset
 * (2026-11-21T09:30:00.000Z), and a CalendarDate (yyyy-MM-dd), a day in the shopper's time zone.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * The platform reads these forms itself (ECMAScript's date-time string format); date-fns' parseISO,
 * which reads every form of ISO 8601, would add ~1 KB gzipped to each screen that shows a date.
 */
function fromIso(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [, year, month, day, time] = match;
  // A date without a time would be read as midnight UTC, which is the day before west of Greenwich.
  const date = new Date(time ? text : `${text}T00:00`);
  // The platform rolls a day past the month's end (30 February) over into the next month.
  const written = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return written.getUTCMonth() === Number(month) - 1 ? date : null;
}

/** A Date from an ISO string, a timestamp or a Date; null when it is not a real date. */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? fromIso(value) : new Date(value);
  return date && isValid(date) ? date : null;
}

/**
 * Formats a date with one of the spec's named formats; '' for a missing or invalid date. Display
 * and calendar-date formats use the shopper's own time zone; a moment with a time travels in UTC,
 * so 'urlWithTime' is written from the UTC clock.
 */
export function formatDate(value: DateInput | null | undefined, name: DateFormatName): string {
  const date = toDate(value);
  if (!date) return '';
  if (name === 'urlWithTime') return `${date.toISOString().slice(0, 16)}:00Z`;
  // lightFormat has no month names; the one format that shows one gets it as quoted text. (date-fns'
  // full format brings its whole English locale, ~6 KB gzipped, into every screen that shows a date.)
  return lightFormat(date, DATE_FORMATS[name].replace('MMMM', `'${MONTH_NAMES[date.getMonth()]}'`));
}

/** §9: business-day addition skips Saturday and Sunday. */
export function addBusinessDays(value: DateInput, days: number): Date {
  const date = toDate(value);
  if (!date) throw new RangeError('addBusinessDays needs a valid date');
  if (!Number.isInteger(days)) throw new RangeError('addBusinessDays needs a whole number of days');
  return addWeekdays(date, days);
}
