/** Calls of spec §7 on the shopper's own account (shopuser/shopUser). */
import { z } from 'zod';
import { isBlank, LIMITS, VERIFICATION_CODE } from '../domain/rules.js';
import { BirthDateInput, EmailAddress, Gender } from '../domain/validation.js';

/** Text too long for its field (§5 Profile: telephone at most 15; §9: text 100 shared). */
const TOO_LONG = 'ac_FieldInvalidMaxLengthMessage';

/**
 * Required (non-blank, else `key`), trimmed, at most `max` characters. A missing or null value is
 * judged as blank, so it gets the same key (and, being no type error, lets POST updateAccount still
 * recognise the body as the profile model rather than as wizard fields with unknown keys).
 */
const required = (key: string, max: number = LIMITS.sharedTextMaxLength) =>
  z
    .string({ error: key })
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => !isBlank(v), key)
    .pipe(z.string().trim().max(max, TOO_LONG));

/** §3 Profile edit model with the §5 Profile rules. */
export const ProfileModel = z
  .object({
    gender: Gender,
    firstName: required('ac_FirstNameRequiredMessage'),
    lastName: required('ac_LastNameRequiredMessage'),
    email: required('ac_EmailRequiredMessage', LIMITS.addressTextMaxLength).pipe(EmailAddress),
    confirmEmail: required('ac_ConfirmEmailRequiredMessage', LIMITS.addressTextMaxLength),
    telephone: required('ac_TelephoneRequiredMessage', LIMITS.profileTelephoneMaxLength),
    confirmTelephone: required('ac_ConfirmTelephoneRequiredMessage', LIMITS.profileTelephoneMaxLength),
    birthDate: BirthDateInput.optional(),
  })
  .superRefine((model, ctx) => {
    if (model.email.toLowerCase() !== model.confirmEmail.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: 'ac_EmailAndConfirmEmailMissMatch' });
    }
    if (model.telephone !== model.confirmTelephone) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmTelephone'],
        message: 'ac_TelephoneAndConfirmTelephoneMissMatch',
      });
    }
  });
export type ProfileModel = z.infer<typeof ProfileModel>;

/** Single account fields as the profile wizard saves them, one step at a time (§5 Wizard). */
export const AccountFieldsPatch = z
  .object({
    gender: Gender,
    firstName: required('ac_FirstNameRequiredMessage'),
    lastName: required('ac_LastNameRequiredMessage'),
    email: z
      .string()
      .trim()
      .max(LIMITS.addressTextMaxLength, 'ac_InvalidEmailAddress')
      .pipe(z.email('ac_InvalidEmailAddress')),
    telephone: z.string().trim().min(4, 'ac_TelephoneRequiredMessage').max(LIMITS.profileTelephoneMaxLength, TOO_LONG),
    birthDate: BirthDateInput.refine((v) => v !== null, 'ac_BirthDateRequiredMessage'),
  })
  .partial()
  .strict();
export type AccountFieldsPatch = z.infer<typeof AccountFieldsPatch>;

/** POST /shopUser/updateAccount takes either the profile model or single account fields. */
export const UpdateAccountBody = z.union([ProfileModel, AccountFieldsPatch]);

export const UploadImageResponse = z.object({ imageUrl: z.string() });
export const SendVerifySmsResponse = z.object({ telephoneVerifyExpireIn: z.number().int() });
/** §5 Verification code: exactly six digits, for the phone and the email code alike. */
export const VerificationCodeField = z
  .string()
  .trim()
  .regex(VERIFICATION_CODE, 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired');
export const VerifyTelephoneBody = z.object({ code: VerificationCodeField });
/** How long the emailed code lives, in seconds (for the resend countdown). */
export const SendEmailCodeResponse = z.object({ emailVerifyExpireIn: z.number().int() });
export const VerifyEmailBody = z.object({ code: VerificationCodeField });

/** ids={comma separated ids}: one id removes one wish, all ids clear the list. */
export const RemoveWishlistQuery = z.object({
  ids: z
    .string({ error: 'ac_FieldInvalidMessage' })
    .regex(/^\d+(,\d+)*$/, 'ac_FieldInvalidMessage')
    .transform((ids) => ids.split(',').map(Number))
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).max(1000, 'ac_FieldInvalidMessage')),
});
