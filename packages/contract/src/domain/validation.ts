/** Validation rules of spec §5 shared by the web app and the server, with the spec's keys. */
import { z } from 'zod';
import { LIMITS, parseBirthDate } from './rules.js';

/** A birth date as yyyy/MM/dd (§9 submit format) or yyyy-MM-dd; null or '' clears it on purpose. */
export const BirthDateInput = z.union([z.string(), z.null()]).transform((value, ctx) => {
  if (value === null || value.trim() === '') return null;
  const date = parseBirthDate(value);
  if (date === null) {
    ctx.addIssue({ code: 'custom', message: 'ac_BirthDateInvalidMessage' });
    return z.NEVER;
  }
  return date;
});

export const Gender = z.union([z.literal(1), z.literal(2)], { error: 'ac_GenderInvalidMessage' });

export const EmailAddress = z
  .string()
  .trim()
  .max(LIMITS.addressTextMaxLength, 'ac_EmailIsInvalidMessage')
  .pipe(z.email('ac_EmailIsInvalidMessage'));
