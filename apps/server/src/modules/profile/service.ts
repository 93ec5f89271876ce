/**
 * The shopper's own profile (spec §2 Edit profile, §4 Profile wizard, §5 Profile and Wizard) and
 * the recently viewed list of the overview. The shared schema (UpdateAccountBody) has already
 * validated, trimmed and normalised the body; this adds what needs the server.
 */
import type { AccountFieldsPatch, ProfileModel } from '@account/contract';
import { fieldErrors, notFound } from '../../errors.js';
import type { EmailCheck } from '../../integrations/email/email-check.js';
import type { ProfileChanges, ProfileRepository } from './repository.js';

/** The validated body of POST /shopUser/updateAccount: the edit-profile form or wizard fields. */
export type UpdateAccountInput = ProfileModel | AccountFieldsPatch;

const SAVED_FIELDS = ['gender', 'firstName', 'lastName', 'email', 'telephone', 'birthDate'] as const;

/** The edit-profile form carries the confirmations; the wizard's single fields never do (strict). */
const isProfileModel = (body: UpdateAccountInput): body is ProfileModel => 'confirmEmail' in body;

export function profileService(repository: ProfileRepository, emails: EmailCheck) {
  return {
    /**
     * Saves only the fields present. The email is checked with the server's email check: its key
     * is ac_EmailIsInvalidMessage on the edit-profile form (§5 Profile) and ac_InvalidEmailAddress
     * for the wizard (§5 Wizard). A changed telephone loses its verification.
     */
    async update(shopperId: number, body: UpdateAccountInput): Promise<void> {
      const changes: ProfileChanges = {};
      for (const field of SAVED_FIELDS) {
        const value = (body as Partial<Record<(typeof SAVED_FIELDS)[number], unknown>>)[field];
        if (value !== undefined) Object.assign(changes, { [field]: value });
      }
      if (changes.email !== undefined && !(await emails.isValid(changes.email))) {
        throw fieldErrors({ Email: isProfileModel(body) ? 'ac_EmailIsInvalidMessage' : 'ac_InvalidEmailAddress' });
      }
      if (Object.keys(changes).length === 0) return;
      if (!(await repository.update(shopperId, changes, new Date().toISOString()))) throw notFound('No such account');
    },

    removeRecentlyViewed(shopperId: number, productId: number): Promise<void> {
      return repository.removeRecentlyViewed(shopperId, productId);
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
