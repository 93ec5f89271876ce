/** Validation rules of spec §5 shared by the web app and the server, with the spec's keys. */
import { z } from 'zod';
import { LIMITS } from './rules.js';

/** A birth date as yyyy/MM/dd (§9 submit format) or yyyy-MM-dd; null or '' clears it. */
export const BirthDateInput = z.union([z.string(), z.null()]).transform((value, ctx) => {
  if (value === null || value.trim() === '') return null;
  const match = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(value.trim());
  const [, y, m, d] = match ?? [];
  const date = match ? new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))) : null;
  if (!date || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d) || date.getTime() > Date.now()) {
    ctx.addIssue({ code: 'custom', message: 'ac_BirthDateInvalidMessage' });
    return z.NEVER;
  }
  return `${y}-${m}-${d}`;
});

export const Gender = z.union([z.literal(1), z.literal(2)], { error: 'ac_GenderInvalidMessage' });

export const EmailAddress = z
  .string()
  .trim()
  .max(LIMITS.addressTextMaxLength, 'ac_EmailIsInvalidMessage')
  .pipe(z.email('ac_EmailIsInvalidMessage'));
