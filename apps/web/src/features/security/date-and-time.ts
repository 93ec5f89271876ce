/** Dates of the security page: with their time, as the orders show them (spec §9 Dates). */
import { formatDate } from '@account/contract';
import type { Translate } from '@/lib/i18n';

/** '26 November 2026 at 14:05' (spec §9: order dates with their time, English month names). */
export const dateAndTime = (iso: string, t: Translate): string =>
  t('ac_DateAtTime', { date: formatDate(iso, 'orderDate'), time: formatDate(iso, 'orderTime') });
