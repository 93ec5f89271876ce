/**
 * Phone verification by SMS code (spec §4 Telephone, Phone verify popup; §5 Verification code;
 * §8 Wrong or expired phone code; §9 Verification).
 */
import { ERROR_CODES, isTelephoneVerified } from '@account/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError, conflict, fieldErrors, notFound } from '../../errors.js';
import type { MessageTexts } from '../../i18n/catalogues.js';
import type { SmsTransport } from '../../integrations/sms/index.js';
import { checkCode, codeCheckOn } from '../codes/check.js';
import { codeHash, codeKey, newCode } from '../codes/one-time-code.js';
import type { PhoneRepository } from './repository.js';
import { verificationText } from './sms-text.js';

export const invalidCode = () =>
  fieldErrors({ Code: 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired' }, 'Invalid verify code or verify code is expired');

export interface PhoneVerificationOptions {
  /** The server secret the code hashes are keyed from. */
  secret: string;
  codeTtlSeconds: number;
  transport: SmsTransport;
  companyName(): Promise<string>;
  /** The message texts for a shopper's language preference (settings' messageTexts). */
  texts(preference: string | null): Promise<MessageTexts>;
  /** Tells the shopper the number is verified (a security notice); its failure never undoes it. */
  onVerified?: (shopperId: number, telephone: string) => Promise<void>;
  now?: () => Date;
}

export interface SendContext {
  /** Counts one send against the limits for this number; throws (429) when over them. */
  throttle(telephone: string): Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** Thrown inside the verify transaction to undo it: the number changed while the code was checked. */
class NumberChanged extends Error {}

export function phoneVerificationService(repository: PhoneRepository, options: PhoneVerificationOptions) {
  const key = codeKey(options.secret, 'telephone-verification-code');
  const now = options.now ?? (() => new Date());

  async function shopperPhone(shopperId: number) {
    const shopper = await repository.shopperPhone(shopperId);
    if (!shopper) throw notFound('No such account');
    return shopper;
  }

  return {
    /**
     * Sends a fresh code to the shopper's telephone, which must be there and not yet verified.
     * The text goes out first and the code is stored after: a text that could not be sent changes
     * nothing, and a code that is stored was sent. Storing it retires the shopper's older codes.
     */
    async sendCode(shopperId: number, context: SendContext): Promise<{ telephoneVerifyExpireIn: number }> {
      const shopper = await shopperPhone(shopperId);
      const { telephone } = shopper;
      if (!/\d/.test(telephone)) {
        throw fieldErrors({ Telephone: 'ac_TelephoneRequiredMessage' }, 'Add a telephone number first');
      }
      if (isTelephoneVerified(shopper.telephoneVerifyDate)) throw conflict('The telephone number is already verified');
      await context.throttle(telephone);

      const code = newCode();
      const body = verificationText({
        texts: await options.texts(shopper.defaultLanguage),
        companyName: await options.companyName(),
        code,
        ttlSeconds: options.codeTtlSeconds,
      });
      try {
        await options.transport.send(telephone, body);
      } catch (error) {
        context.log.error({ err: error, transport: options.transport.name }, 'verification text not sent');
        throw new AppError(503, ERROR_CODES.smsUnavailable, 'The text message could not be sent. Try again later.');
      }
      const created = now();
      await repository.storeCode({
        shopperId,
        telephone,
        codeHash: codeHash(key, `${shopperId}:${telephone}`, code),
        createdAt: created.toISOString(),
        expiresAt: new Date(created.getTime() + options.codeTtlSeconds * 1000).toISOString(),
      });
      return { telephoneVerifyExpireIn: options.codeTtlSeconds };
    },

    /**
     * Checks a code against the newest live code for the shopper's current number. A wrong code
     * costs the code one of its attempts; the right one is used up and verifies that number, in
     * one transaction whose updates re-check their conditions, so it verifies at most once.
     */
    async verify(shopperId: number, code: string, log?: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
      const { telephone } = await shopperPhone(shopperId);
      const candidate = codeHash(key, `${shopperId}:${telephone}`, code);
      let verified: boolean;
      try {
        verified = await checkCode(
          codeCheckOn<Transaction<Database>>(
            repository,
            (trx, at) => repository.liveCode(shopperId, telephone, at, trx),
            now,
          ),
          candidate,
          async (trx, at) => {
            if (!(await repository.markVerified(trx, shopperId, telephone, at))) throw new NumberChanged();
          },
        );
      } catch (error) {
        if (error instanceof NumberChanged) throw invalidCode();
        throw error;
      }
      if (!verified) throw invalidCode();
      await options.onVerified?.(shopperId, telephone).catch((error: unknown) => {
        log?.warn({ err: error, shopperId }, 'phone-verified notice not queued');
      });
    },
  };
}

export type PhoneVerificationService = ReturnType<typeof phoneVerificationService>;
