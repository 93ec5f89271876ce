/**
 * The verification text, worded from the catalogue's message texts (the shopper's language where
 * the product ships it, English otherwise, with the shop's own overrides). Short enough for one
 * SMS segment.
 */
import { fillPlaceholders } from '@account/contract';
import type { MessageTexts } from '../../i18n/catalogues.js';

export function verificationText(options: {
  texts: MessageTexts;
  companyName: string;
  code: string;
  ttlSeconds: number;
}): string {
  const { text } = options.texts;
  const minutes = options.ttlSeconds % 60 === 0;
  const count = minutes ? options.ttlSeconds / 60 : options.ttlSeconds;
  const duration =
    count === 1
      ? minutes
        ? text.ac_MessageOneMinute
        : text.ac_MessageOneSecond
      : fillPlaceholders(minutes ? text.ac_MessageMinutes : text.ac_MessageSeconds, { count });
  const company = options.companyName.trim() || 'Shop';
  return fillPlaceholders(text.ac_SmsVerificationCode, { company, code: options.code, duration });
}
