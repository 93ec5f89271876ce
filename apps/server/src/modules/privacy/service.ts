/**
 * Deleting the account (GDPR Art. 17), confirmed by a fresh code emailed to the verified address
 * when mail is on, else by a typed word after a recent sign-in (ASVS 7.5.1). With no grace period
 * the account is erased in the request, in one transaction; with one, it waits marked (signed out
 * everywhere, told by email) and a sign-in meanwhile keeps it; the deletion job erases it when due.
 */
import { type DeleteAccountBody, type DeleteAccountResponse, ERROR_CODES, type PrivacyInfo } from '@account/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError, fieldErrors, notFound } from '../../errors.js';
import type { EmailService, SendContext } from '../email/service.js';
import type { Mailer } from '../mail/service.js';
import type { StepUp } from '../sessions/step-up.js';
import type { SettingsService } from '../settings/service.js';
import type { PrivacyRepository } from './repository.js';

/** The translation key of the word a shopper types to confirm (DELETE, VERWIJDEREN, LÖSCHEN). */
export const CONFIRMATION_WORD_KEY = 'ac_DeleteAccountWord';

export interface PrivacyServiceOptions {
  repository: PrivacyRepository;
  email: Pick<EmailService, 'confirmsDeletion' | 'sendDeletionCode' | 'confirmDeletion'>;
  settings: Pick<SettingsService, 'snapshot' | 'translations'>;
  mailer: Pick<Mailer, 'notify'>;
  /** ACCOUNT_DELETION_GRACE_DAYS: 0 erases at once. */
  graceDays: number;
  /** The step-up rule: deleting with the typed word needs a recent sign-in. */
  stepUp: StepUp;
  /** Told once every session of the shopper has ended with the account. */
  sessionsEnded: (shopperId: number) => void;
  /** Clears the erased rows' old bytes from the database's files; never rejects. */
  scrubErased: () => Promise<void>;
  now?: () => Date;
}

const DAY_MS = 24 * 3600 * 1000;
const normalised = (word: string) => word.normalize('NFC').trim().toLocaleLowerCase();

export function privacyService(options: PrivacyServiceOptions) {
  const { repository, email, graceDays } = options;
  const now = options.now ?? (() => new Date());

  /** The typed word in any of the shop's languages, whatever the case. */
  async function isConfirmationWord(typed: string | undefined): Promise<boolean> {
    if (!typed) return false;
    const { languages } = await options.settings.snapshot();
    for (const { code } of languages) {
      const entry = (await options.settings.translations(code)).find((e) => e.key === CONFIRMATION_WORD_KEY);
      if (entry && normalised(entry.translate) === normalised(typed)) return true;
    }
    return false;
  }

  /** Erases at once, or marks the deletion for the end of the grace period: in the caller's transaction. */
  async function carryOut(trx: Transaction<Database>, shopperId: number, at: string): Promise<DeleteAccountResponse> {
    if (graceDays === 0) {
      if (!(await repository.erase(trx, shopperId, at))) throw notFound('No such account');
      return { outcome: 'deleted', dueAt: null };
    }
    const dueAt = new Date(Date.parse(at) + graceDays * DAY_MS).toISOString();
    if (!(await repository.schedule(trx, shopperId, dueAt))) throw notFound('No such account');
    const shopper = await repository.noticeAddress(trx, shopperId);
    if (shopper && shopper.emailVerifiedBy !== null && shopper.email !== '') {
      await options.mailer.notify(
        shopper.email,
        shopper.defaultLanguage,
        { kind: 'account-deletion-scheduled', dueAt },
        trx,
      );
    }
    return { outcome: 'scheduled', dueAt };
  }

  /** Deletes with the emailed code, or with the typed word after a recent sign-in; a wrong one is a 400 on its field. */
  async function confirmedRemoval(
    shopperId: number,
    body: DeleteAccountBody,
    signedInAt: () => Promise<Date | null>,
  ): Promise<DeleteAccountResponse> {
    if (await email.confirmsDeletion(shopperId)) {
      if (!body.code)
        throw fieldErrors({ Code: 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired' }, 'Enter the emailed code');
      return email.confirmDeletion(shopperId, body.code, (trx, at) => carryOut(trx, shopperId, at));
    }
    if (!(await isConfirmationWord(body.confirmation))) {
      throw fieldErrors({ Confirmation: 'ac_DeleteAccountWordMismatch' }, 'Type the confirmation word');
    }
    await options.stepUp.require(signedInAt);
    const at = now().toISOString();
    return repository.transaction((trx) => carryOut(trx, shopperId, at));
  }

  return {
    async info(shopperId: number, signedInAt: Date | null): Promise<PrivacyInfo> {
      const viaCode = await email.confirmsDeletion(shopperId);
      return {
        deletionConfirmation: viaCode ? 'emailCode' : 'typedWord',
        signInAgain: viaCode === null && !options.stepUp.isRecent(signedInAt),
        graceDays,
        email: viaCode?.email ?? null,
        deletionDueAt: await repository.deletionDueAt(shopperId),
      };
    },

    sendCode: (shopperId: number, context: SendContext) => email.sendDeletionCode(shopperId, context),

    async remove(
      shopperId: number,
      body: DeleteAccountBody,
      signedInAt: () => Promise<Date | null>,
    ): Promise<DeleteAccountResponse> {
      const result = await confirmedRemoval(shopperId, body, signedInAt);
      options.sessionsEnded(shopperId);
      if (result.outcome === 'deleted') await options.scrubErased();
      return result;
    },

    /**
     * A sign-in keeps the account: a deletion still waiting is dropped. An account already erased
     * (between resolving the sign-in and now) cannot be signed in to: the sign-in is refused, and
     * the next one makes a fresh account.
     */
    async keepOnSignIn(shopperId: number): Promise<void> {
      if (!(await repository.keep(shopperId))) {
        throw new AppError(401, ERROR_CODES.signInRejected, 'This account was deleted');
      }
    },

    /** Erases every deletion due now, one transaction each; answers how many. */
    async eraseDue(skipLocked: boolean, shouldStop: () => boolean = () => false): Promise<number> {
      let erased = 0;
      while (!shouldStop() && (await repository.eraseNextDue(now().toISOString(), skipLocked))) erased += 1;
      if (erased > 0) await options.scrubErased();
      return erased;
    },
  };
}

export type PrivacyService = ReturnType<typeof privacyService>;
