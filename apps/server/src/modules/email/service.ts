/**
 * Verified email (issue 19): the shopper's address proven with a six-digit emailed code (the same
 * rules as the phone code, spec §5 Verification code, §9 Verification), a change of address that
 * takes effect only when the new address confirms it, and sign-in with an emailed code.
 */
import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@account/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError, conflict, fieldErrors, notFound } from '../../errors.js';
import { checkCode, codeCheckOn } from '../codes/check.js';
import { codeHash, codeKey, newCode } from '../codes/one-time-code.js';
import type { Mailer, MailMessage } from '../mail/service.js';
import type { StepUp } from '../sessions/step-up.js';
import type { CodeOwner, EmailRepository, ShopperEmail } from './repository.js';

export const invalidCode = () =>
  fieldErrors({ Code: 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired' }, 'Invalid verify code or verify code is expired');

export interface EmailServiceOptions {
  /** The server secret the code hashes are keyed from. */
  secret: string;
  codeTtlSeconds: number;
  /** The step-up rule: replacing a verified email needs a recent sign-in. */
  stepUp: Pick<StepUp, 'require'>;
  mailer: Mailer;
  now?: () => Date;
}

export interface SendContext {
  /** Counts one send against the limits for this address; throws (429) when over them. */
  throttle(email: string): Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** What saving a new email in the profile does with it. */
export type EmailChange =
  /** Saved as the email (unverified): there was no verified address to protect, or no mail to prove one. */
  | { save: 'email' }
  /** Kept waiting for its code; the account keeps its verified address until then. `fresh`: newly asked for. */
  | { save: 'pending'; fresh: boolean }
  /** The address the account already has (perhaps in another case): saved as it is, verification kept. */
  | { save: 'unchanged' };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** Sign-in codes are per address whatever its case. */
export const signInAddress = (email: string) => email.trim().toLowerCase();

/** How a browser's sign-in flow is kept and counted: its SHA-256, never the flow itself. */
export const signInFlowHash = (flow: string) => createHash('sha256').update(flow).digest('hex');

/** A sign-in code's owner: the browser's flow. */
const signInOwner = (email: string, flow: string): CodeOwner => ({
  purpose: 'sign_in',
  email,
  flowHash: signInFlowHash(flow),
});

/** Thrown inside the verify transaction to undo it. */
class NotConfirmed extends Error {
  constructor(readonly answer: AppError) {
    super(answer.message);
  }
}

export function emailService(repository: EmailRepository, options: EmailServiceOptions) {
  const key = codeKey(options.secret, 'email-code');
  const now = options.now ?? (() => new Date());
  const { mailer } = options;

  async function shopperEmail(shopperId: number): Promise<ShopperEmail> {
    const shopper = await repository.shopperEmail(shopperId);
    if (!shopper) throw notFound('No such account');
    return shopper;
  }

  /** The address a verify code goes to: the one waiting, else the email while it is unverified. */
  const target = (shopper: ShopperEmail): string | null =>
    shopper.pendingEmail ?? (shopper.emailVerifiedBy === null && shopper.email !== '' ? shopper.email : null);

  const bindingOf = (owner: CodeOwner, email: string) =>
    owner.purpose === 'sign_in'
      ? `sign_in:${owner.flowHash}:${email}`
      : `${owner.purpose}:${owner.shopperId}:${email.toLowerCase()}`;

  /**
   * Whether a deletion of this account is confirmed by an emailed code: mail is on and the
   * account's email is verified (an unproven address may be anyone's).
   */
  async function confirmsDeletion(shopperId: number): Promise<{ email: string } | null> {
    const shopper = await shopperEmail(shopperId);
    return mailer.configured && shopper.emailVerifiedBy !== null && shopper.email !== ''
      ? { email: shopper.email }
      : null;
  }

  /** Sends first and stores after: a mail that could not be sent changes nothing. */
  async function sendAndStore(
    owner: CodeOwner,
    email: string,
    language: string | null,
    kind: 'email-verification-code' | 'sign-in-code' | 'account-deletion-code',
    log: SendContext['log'],
  ) {
    const code = newCode();
    const message: MailMessage = { kind, code, ttlSeconds: options.codeTtlSeconds };
    try {
      await mailer.send(email, language, message);
    } catch (error) {
      log.error({ err: error, transport: mailer.transport }, 'code email not sent');
      throw new AppError(503, ERROR_CODES.mailUnavailable, 'The email could not be sent. Try again later.');
    }
    const created = now();
    await repository.storeCode(owner, {
      email,
      codeHash: codeHash(key, bindingOf(owner, email), code),
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + options.codeTtlSeconds * 1000).toISOString(),
    });
  }

  /**
   * Checks the code against the owner's newest live code to this address, in one transaction: a
   * wrong code costs the code an attempt, the right one is used up and `onMatch` runs with it.
   */
  async function check(
    owner: CodeOwner,
    email: string,
    code: string,
    onMatch: (trx: Transaction<Database>, at: string) => Promise<void>,
  ): Promise<void> {
    const candidate = codeHash(key, bindingOf(owner, email), code);
    let matched: boolean;
    try {
      matched = await checkCode(
        codeCheckOn<Transaction<Database>>(repository, (trx, at) => repository.liveCode(owner, email, at, trx), now),
        candidate,
        onMatch,
      );
    } catch (error) {
      if (error instanceof NotConfirmed) throw error.answer;
      throw error;
    }
    if (!matched) throw invalidCode();
  }

  return {
    /** Whether email codes can be sent at all (a mail transport is configured). */
    enabled: mailer.configured,

    /**
     * Decides what saving `email` in the profile does. Without mail nothing can be proven, so it is
     * saved as before (unverified). A verified address is protected: the new one waits for its
     * code, the old address hears of the request, and only a recent sign-in may ask (the step-up rule).
     */
    async planChange(shopperId: number, email: string, signedInAt: () => Promise<Date | null>): Promise<EmailChange> {
      const shopper = await shopperEmail(shopperId);
      if (same(shopper.email, email)) return { save: 'unchanged' };
      if (!mailer.configured || shopper.emailVerifiedBy === null || shopper.email === '') return { save: 'email' };
      if (shopper.pendingEmail !== null && same(shopper.pendingEmail, email)) return { save: 'pending', fresh: false };
      await options.stepUp.require(signedInAt);
      return { save: 'pending', fresh: true };
    },

    /** Tells the current address that a change to `email` was asked for (a security notice). */
    async noticeChangeRequested(shopperId: number, email: string): Promise<void> {
      const shopper = await shopperEmail(shopperId);
      await mailer.notify(shopper.email, shopper.defaultLanguage, { kind: 'email-change-requested', newEmail: email });
    },

    /**
     * Sends a fresh code to the address waiting for confirmation (or the unverified email). An
     * address another account holds verified gets no code but the same answer, so the answer never
     * tells who owns an address; its code simply never comes.
     */
    async sendCode(shopperId: number, context: SendContext): Promise<{ emailVerifyExpireIn: number }> {
      const shopper = await shopperEmail(shopperId);
      const email = target(shopper);
      if (email === null) {
        throw shopper.email === ''
          ? fieldErrors({ Email: 'ac_EmailRequiredMessage' }, 'Add an email address first')
          : conflict('The email address is already verified');
      }
      await context.throttle(email.toLowerCase());
      if (!(await repository.takenByAnother(email, shopperId))) {
        await sendAndStore(
          { purpose: 'verify', shopperId },
          email,
          shopper.defaultLanguage,
          'email-verification-code',
          context.log,
        );
      }
      return { emailVerifyExpireIn: options.codeTtlSeconds };
    },

    /**
     * Confirms the address with its code. Emails are unique among verified accounts: an address
     * verified by another account meanwhile is refused with a field error that names no owner.
     */
    async verify(shopperId: number, code: string): Promise<void> {
      const shopper = await shopperEmail(shopperId);
      const email = target(shopper);
      if (email === null) throw invalidCode();
      await check({ purpose: 'verify', shopperId }, email, code, async (trx, at) => {
        if (await repository.takenByAnother(email, shopperId, trx)) {
          throw new NotConfirmed(fieldErrors({ Email: 'ac_EmailCannotBeUsed' }, 'This email address cannot be used'));
        }
        if (!(await repository.confirm(trx, shopperId, email, at))) throw new NotConfirmed(invalidCode());
      });
    },

    /** Drops a change that was not confirmed; the account keeps its address. */
    async cancelChange(shopperId: number): Promise<void> {
      await shopperEmail(shopperId);
      await repository.cancelPending(shopperId, now().toISOString());
    },

    /**
     * Emails a sign-in code bound to this browser's flow. The answer is the same whether or not
     * the address has an account: nothing tells a visitor who is a customer.
     */
    async sendSignInCode(
      email: string,
      flow: string,
      language: string | null,
      context: SendContext,
    ): Promise<{ emailVerifyExpireIn: number }> {
      const address = signInAddress(email);
      await context.throttle(address);
      await sendAndStore(signInOwner(address, flow), address, language, 'sign-in-code', context.log);
      return { emailVerifyExpireIn: options.codeTtlSeconds };
    },

    confirmsDeletion,

    /** Emails a fresh code that confirms deleting the account, to its verified address. */
    async sendDeletionCode(shopperId: number, context: SendContext): Promise<{ emailVerifyExpireIn: number }> {
      const confirming = await confirmsDeletion(shopperId);
      if (!confirming) throw conflict('This account confirms a deletion without an emailed code');
      await context.throttle(confirming.email.toLowerCase());
      const { defaultLanguage } = await shopperEmail(shopperId);
      await sendAndStore(
        { purpose: 'delete_account', shopperId },
        confirming.email,
        defaultLanguage,
        'account-deletion-code',
        context.log,
      );
      return { emailVerifyExpireIn: options.codeTtlSeconds };
    },

    /**
     * Checks the deletion code and, when it is right, runs `erase` in the same transaction as the
     * code's use: the deletion is kept only with the code used up, and a failed one uses nothing.
     */
    async confirmDeletion<T>(
      shopperId: number,
      code: string,
      erase: (trx: Transaction<Database>, at: string) => Promise<T>,
    ): Promise<T> {
      const confirming = await confirmsDeletion(shopperId);
      if (!confirming) throw invalidCode();
      let outcome: { value: T } | undefined;
      await check({ purpose: 'delete_account', shopperId }, confirming.email, code, async (trx, at) => {
        outcome = { value: await erase(trx, at) };
      });
      if (!outcome) throw invalidCode();
      return outcome.value;
    },

    /** Checks a sign-in code from the browser whose flow asked for it; throws the invalid-code error otherwise. */
    async checkSignInCode(email: string, flow: string, code: string): Promise<void> {
      const address = signInAddress(email);
      await check(signInOwner(address, flow), address, code, async () => {});
    },
  };
}

export type EmailService = ReturnType<typeof emailService>;
