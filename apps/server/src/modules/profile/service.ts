/**
 * The shopper's own profile (spec §2 Edit profile, §4 Profile wizard, §5 Profile and Wizard) and
 * the recently viewed list of the overview. The shared schema (UpdateAccountBody) has already
 * validated, trimmed and normalised the body; this adds what needs the server.
 */
import type { AccountFieldsPatch, ProfileModel } from '@account/contract';
import { fieldErrors, notFound } from '../../errors.js';
import type { EmailCheck } from '../../integrations/email/email-check.js';
import type { EmailService } from '../email/service.js';
import { type ProfileChanges, type ProfileRepository, phoneDigits } from './repository.js';

/** The validated body of POST /shopUser/updateAccount: the edit-profile form or wizard fields. */
export type UpdateAccountInput = ProfileModel | AccountFieldsPatch;

const SAVED_FIELDS = ['gender', 'firstName', 'lastName', 'email', 'telephone', 'birthDate'] as const;

/** The edit-profile form carries the confirmations; the wizard's single fields never do (strict). */
const isProfileModel = (body: UpdateAccountInput): body is ProfileModel => 'confirmEmail' in body;

export interface UpdateContext {
  /** When the shopper signed in (a verified email may only be changed soon after, ASVS 7.5.1). */
  signedInAt(): Promise<Date | null>;
}

export function profileService(
  repository: ProfileRepository,
  emails: EmailCheck,
  emailChanges: Pick<EmailService, 'planChange' | 'noticeChangeRequested'> | null = null,
  /** Tells the shopper their number changed (a security notice). */
  onPhoneChanged: ((shopperId: number, telephone: string) => Promise<void>) | null = null,
) {
  return {
    /**
     * Saves only the fields present. The email is checked with the server's email check: its key
     * is ac_EmailIsInvalidMessage on the edit-profile form (§5 Profile) and ac_InvalidEmailAddress
     * for the wizard (§5 Wizard). A changed telephone loses its verification. A new address for a
     * verified email waits for its emailed code instead of replacing it (modules/email).
     */
    async update(shopperId: number, body: UpdateAccountInput, context: UpdateContext): Promise<void> {
      const changes: ProfileChanges = {};
      for (const field of SAVED_FIELDS) {
        const value = (body as Partial<Record<(typeof SAVED_FIELDS)[number], unknown>>)[field];
        if (value !== undefined) Object.assign(changes, { [field]: value });
      }
      if (changes.email !== undefined && !(await emails.isValid(changes.email))) {
        throw fieldErrors({ Email: isProfileModel(body) ? 'ac_EmailIsInvalidMessage' : 'ac_InvalidEmailAddress' });
      }
      // The address waiting for its code: a new one when asked for, none once an email is saved as is.
      let pendingEmail: string | null | undefined;
      let requested: string | null = null;
      if (changes.email !== undefined && emailChanges) {
        const plan = await emailChanges.planChange(shopperId, changes.email, context.signedInAt);
        if (plan.save === 'pending') {
          if (plan.fresh) pendingEmail = requested = changes.email;
          delete changes.email;
        } else if (plan.save === 'email') {
          pendingEmail = null;
        }
      }
      if (Object.keys(changes).length === 0 && pendingEmail === undefined) return;
      const telephoneBefore = changes.telephone === undefined ? null : await repository.telephone(shopperId);
      if (!(await repository.update(shopperId, changes, new Date().toISOString(), pendingEmail))) {
        throw notFound('No such account');
      }
      if (requested !== null) await emailChanges?.noticeChangeRequested(shopperId, requested);
      const { telephone } = changes;
      if (
        telephone !== undefined &&
        // A first number replaces nothing: it is told of when it is verified.
        telephoneBefore &&
        phoneDigits(telephoneBefore) !== phoneDigits(telephone)
      ) {
        await onPhoneChanged?.(shopperId, telephone);
      }
    },

    removeRecentlyViewed(shopperId: number, productId: number): Promise<void> {
      return repository.removeRecentlyViewed(shopperId, productId);
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
