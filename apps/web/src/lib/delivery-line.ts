/**
 * Where a parcel is, in one line (issue 46): the wording the orders list, the overview's last
 * order and its "On the way" card show, and the dates of tracking in the shopper's language and
 * the browser's time zone. Pure: the caller passes the moment it calls "now".
 */
import type { EstimatedDelivery, ShipmentEventStatus, TranslationKey } from '@account/contract';

/** An order's delivery (`Order.delivery`) or one shipment on its way: the latest state and the estimate. */
export interface DeliveryState {
  status: ShipmentEventStatus | null;
  at: string | null;
  estimatedDelivery: EstimatedDelivery | null;
  /** How many parcels the order has, and how many of them arrived; absent for a single shipment. */
  shipments?: number;
  delivered?: number;
}

export type DeliveryTone = 'done' | 'onTheWay' | 'attention';

export interface DeliveryLine {
  key: TranslationKey;
  params: Record<string, string>;
  tone: DeliveryTone;
  /** "1 of 2 parcels delivered", for an order whose parcels arrive apart. */
  parcels: { delivered: string; total: string } | null;
}

/**
 * The Intl locale for an interface language. English is written the British way, day before
 * month ("2 December"), as the spec's dates are (§9 'dd MMMM yyyy').
 */
export const intlLocale = (language: string): string => (language.toLowerCase() === 'en' ? 'en-GB' : language);

/** A calendar day (YYYY-MM-DD) as a local date at midnight: the day the shop means, in any time zone. */
function localDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** The local calendar day of a moment, as YYYY-MM-DD. */
export function dayOf(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

const addDays = (day: string, days: number): string => {
  const date = localDay(day);
  date.setDate(date.getDate() + days);
  return dayOf(date);
};

/** "today" and "tomorrow" in the language (vandaag, morgen; heute, morgen), capital as the language writes it. */
const relativeDay = (offset: 0 | 1, locale: string) =>
  new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(offset, 'day');

/** A day with its weekday: "Tuesday 2 December", "dinsdag 2 december", "Dienstag, 2. Dezember". */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', day: 'numeric', month: 'long' }).format(
    localDay(day),
  );
}

/** A day without its weekday: "28 November", "28 november", "28. November". */
export function formatShortDay(moment: Date, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', month: 'long' }).format(moment);
}

/**
 * When a parcel is expected: "today", "tomorrow", one day with its weekday, or a window of days
 * ("2–3 December", "30 November – 2 December").
 */
export function formatEstimate(estimate: EstimatedDelivery, now: Date, language: string): string {
  const locale = intlLocale(language);
  const today = dayOf(now);
  if (estimate.from === estimate.to) {
    if (estimate.from === today) return relativeDay(0, locale);
    if (estimate.from === addDays(today, 1)) return relativeDay(1, locale);
    return formatDay(estimate.from, language);
  }
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long' }).formatRange(
    localDay(estimate.from),
    localDay(estimate.to),
  );
}

/** A carrier event's moment: day, month and time, with the year only when it is not this year's. */
export function formatMoment(at: string, now: Date, language: string): string {
  const moment = new Date(at);
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'long',
    ...(moment.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(moment);
}

/** The one line for a delivery's latest state. */
export function deliveryLine(state: DeliveryState, now: Date, language: string): DeliveryLine {
  const { status, at, estimatedDelivery } = state;
  const today = dayOf(now);
  const happenedToday = at !== null && dayOf(new Date(at)) === today;
  const total = state.shipments ?? 1;
  const delivered = state.delivered ?? 0;
  // Worth saying only while some parcels are in and some are not.
  const parcels =
    total > 1 && delivered > 0 && delivered < total ? { delivered: String(delivered), total: String(total) } : null;
  const line = (key: TranslationKey, tone: DeliveryTone, params: Record<string, string> = {}): DeliveryLine => ({
    key,
    params,
    tone,
    parcels,
  });
  const expected = (withDay: TranslationKey, without: TranslationKey): DeliveryLine => {
    if (!estimatedDelivery) return line(without, 'onTheWay');
    if (estimatedDelivery.to < today) return line('ac_DeliveryOnItsWayLate', 'onTheWay');
    return line(withDay, 'onTheWay', { when: formatEstimate(estimatedDelivery, now, language) });
  };

  switch (status) {
    case null:
    case 'labelCreated':
      return expected('ac_DeliveryPreparingExpected', 'ac_DeliveryPreparing');
    case 'inTransit':
      return expected('ac_DeliveryOnItsWayExpected', 'ac_DeliveryOnItsWay');
    case 'outForDelivery':
      return line(happenedToday ? 'ac_DeliveryOutToday' : 'ac_DeliveryOut', 'onTheWay');
    case 'delivered':
      if (happenedToday) return line('ac_DeliveredToday', 'done');
      return line('ac_DeliveredOn', 'done', { date: at ? formatShortDay(new Date(at), language) : '' });
    case 'deliveryAttempted':
      return line('ac_DeliveryAttempted', 'attention');
    case 'exception':
      return line('ac_DeliveryProblem', 'attention');
    case 'returnedToSender':
      return line('ac_DeliveryReturned', 'attention');
  }
}
