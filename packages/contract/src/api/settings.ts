/** Site configuration, preferences, validation and localisation calls of spec §7. */
import { z } from 'zod';
import { TranslationEntry } from '../domain/entities.js';
import { isBlank, LIMITS } from '../domain/rules.js';
import { Gender } from '../domain/validation.js';
import { PositiveId } from './id-params.js';

const ids = z.array(PositiveId).max(500, 'ac_FieldInvalidMessage');
const code = z.string().trim().min(1, 'ac_FieldInvalidMessage').max(16, 'ac_FieldInvalidMessage');

export const ValidateEmailBody = z.object({ email: z.string().max(LIMITS.addressTextMaxLength) });
export const ValidateVatNumberBody = z.object({
  vatNumber: z.string().max(32, 'ac_VatNumberIsInvalidMessage'),
  country: z.string().max(2, 'ac_VatNumberIsInvalidMessage'),
});
export const ValidResponse = z.object({ valid: z.literal(true) });

/** §3 First-login model; names are required only when the server's field list marks them. */
export const FirstTimeSettings = z.object({
  gender: Gender.default(1),
  firstName: z.string().trim().max(LIMITS.sharedTextMaxLength, 'ac_FieldInvalidMessage').default(''),
  lastName: z.string().trim().max(LIMITS.sharedTextMaxLength, 'ac_FieldInvalidMessage').default(''),
  email: z
    .string({ error: 'ac_EmailRequiredMessage' })
    .refine((v) => !isBlank(v), 'ac_EmailRequiredMessage')
    .pipe(z.string().trim().max(LIMITS.addressTextMaxLength, 'ac_EmailInvalidMessage'))
    .pipe(z.email('ac_EmailInvalidMessage')),
  newsSubscribe: ids.default([]),
  interestIds: ids.default([]),
  newsletterIds: ids.default([]),
});
export type FirstTimeSettings = z.infer<typeof FirstTimeSettings>;

export const FirstTimeSettingBody = z.object({ settings: FirstTimeSettings });
export const InterestsBody = z.object({ interestIds: ids });
export const NewslettersBody = z.object({ newsletterIds: ids });
export const TranslationList = z.array(TranslationEntry);

export const LocalizeUpdate = z.object({
  country: code.optional(),
  language: code.optional(),
  currency: code.optional(),
});

export const TranslationQuery = z.object({ language: code.optional() });
