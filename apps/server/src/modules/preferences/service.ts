/**
 * Interests and newsletters (spec §3 Preferences, §4 Interests and newsletters) and the
 * first-login onboarding (§2 First-login page, §4 First login success, §5 First login).
 */
import type { FieldDefinition, FirstTimeSettings, Preferences } from '@account/contract';
import { conflict, fieldErrors } from '../../errors.js';
import type { EmailCheck } from '../../integrations/email/email-check.js';
import type { EmailChange, EmailService } from '../email/service.js';
import { recordEvent } from '../webhooks/outbox.js';
import type { PreferencesRepository } from './repository.js';

/** The ids a choice leaves stored, as events report them: each once, ascending. */
const chosenIds = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

export function preferencesService(
  repository: PreferencesRepository,
  emails: EmailCheck,
  emailChanges: Pick<EmailService, 'planChange' | 'noticeChangeRequested'> | null = null,
) {
  const preferences = (shopperId: number): Promise<Preferences> => repository.preferences(shopperId);

  /**
   * A choice of ids the shop does not have is a 400 naming the field. Replacements answer whether
   * every id was the shop's, and one that was not rolls its transaction back.
   */
  function requireKnown(allKnown: boolean, field: 'InterestIds' | 'NewsletterIds'): void {
    if (!allKnown) throw fieldErrors({ [field]: 'ac_FieldInvalidMessage' });
  }

  return {
    preferences,

    async emailIsValid(email: string): Promise<boolean> {
      return emails.isValid(email);
    },

    async replaceInterests(shopperId: number, ids: readonly number[]): Promise<Preferences> {
      await repository.transaction(async (trx) => {
        requireKnown(await repository.replaceChoices(trx, 'interests', shopperId, ids), 'InterestIds');
        await recordEvent(trx, {
          shopperId,
          type: 'interests.updated',
          data: { interestIds: chosenIds(ids) },
        });
      });
      return preferences(shopperId);
    },

    async replaceNewsletters(shopperId: number, ids: readonly number[]): Promise<Preferences> {
      await repository.transaction(async (trx) => {
        requireKnown(await repository.replaceChoices(trx, 'newsletters', shopperId, ids), 'NewsletterIds');
        await recordEvent(trx, {
          shopperId,
          type: 'newsletters.updated',
          data: { newsletterIds: chosenIds(ids) },
        });
      });
      return preferences(shopperId);
    },

    /**
     * Saves the onboarding: names are required only when the server's field list marks them, the
     * email always, and checked with the server; then first-time login ends. A shopper who has
     * already finished onboarding gets a 409 (a second tab, a double click). A new address for a
     * verified email waits for its emailed code, as in the profile (modules/email).
     */
    async completeFirstLogin(
      shopperId: number,
      settings: FirstTimeSettings,
      fields: readonly FieldDefinition[],
      signedInAt: () => Promise<Date | null>,
    ) {
      const problems: Record<string, string> = {};
      for (const [name, value] of [
        ['FirstName', settings.firstName],
        ['LastName', settings.lastName],
      ] as const) {
        const required = fields.some((f) => f.orderField === name && f.required);
        if (required && !value.trim()) problems[name] = `ac_${name}RequiredMessage`;
      }
      if (!(await emails.isValid(settings.email))) problems.Email = 'ac_EmailInvalidMessage';
      if (Object.keys(problems).length > 0) throw fieldErrors(problems);
      // Unsubscribing from the newsletters (an empty subscribe choice) means no newsletters (§2).
      const newsletterIds = settings.newsSubscribe.length === 0 ? [] : settings.newsletterIds;
      // Checked here, before the email is planned: the subscription's ids are stored nowhere that checks them.
      requireKnown(await repository.allKnown('interests', settings.interestIds), 'InterestIds');
      const newsletters = [...newsletterIds, ...settings.newsSubscribe];
      requireKnown(await repository.allKnown('newsletters', newsletters), 'NewsletterIds');

      const email = settings.email.trim();
      const plan: EmailChange = emailChanges
        ? await emailChanges.planChange(shopperId, email, signedInAt)
        : { save: 'email' };
      const emailFields =
        plan.save === 'pending'
          ? { pendingEmail: email }
          : { email, ...(plan.save === 'email' && { pendingEmail: null }) };

      const done = await repository.transaction(async (trx) => {
        const updated = await repository.completeFirstLogin(
          trx,
          shopperId,
          {
            gender: settings.gender,
            firstName: settings.firstName.trim(),
            lastName: settings.lastName.trim(),
            ...emailFields,
          },
          new Date().toISOString(),
        );
        if (!updated) return false;
        requireKnown(await repository.replaceChoices(trx, 'interests', shopperId, settings.interestIds), 'InterestIds');
        requireKnown(await repository.replaceChoices(trx, 'newsletters', shopperId, newsletterIds), 'NewsletterIds');
        await recordEvent(trx, {
          shopperId,
          type: 'first_login.completed',
          data: {
            gender: settings.gender,
            firstName: settings.firstName.trim(),
            lastName: settings.lastName.trim(),
            email: settings.email.trim(),
            interestIds: chosenIds(settings.interestIds),
            newsletterIds: chosenIds(newsletterIds),
          },
        });
        return true;
      });
      if (!done) throw conflict('The first-login settings were already saved');
      if (plan.save === 'pending' && plan.fresh) await emailChanges?.noticeChangeRequested(shopperId, email);
    },
  };
}

export type PreferencesService = ReturnType<typeof preferencesService>;
