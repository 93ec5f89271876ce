/** Builds phone verification from the configuration and registers its calls; app.ts calls this once. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import type { RateLimiters } from '../../http/rate-limit.js';
import type { RouteDeps } from '../../http/route.js';
import { smsTransportFor } from '../../integrations/sms/index.js';
import type { AccountService } from '../account/service.js';
import type { SettingsService } from '../settings/service.js';
import { phoneRepository } from './repository.js';
import { registerPhoneRoutes } from './routes.js';
import { phoneVerificationService } from './service.js';

const HOUR = 3600;

export interface PhoneModuleOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'sms' | 'phoneVerification' | 'sessionSecret' | 'demo'>;
  accounts: AccountService;
  settings: SettingsService;
  limit: RateLimiters;
  /** The HTTP client for the SMS provider. */
  fetch: typeof globalThis.fetch;
}

export function registerPhoneVerification(app: FastifyInstance, deps: RouteDeps, options: PhoneModuleOptions): void {
  const { config, limit } = options;
  const transport = smsTransportFor(config.sms, { db: options.db, fetch: options.fetch });
  if (config.sms.transport === 'none') {
    app.log.warn('No SMS provider configured: sending verification codes answers 503 (set SMS_TRANSPORT)');
  } else if (config.sms.transport === 'outbox' && !config.demo) {
    app.log.warn('SMS_TRANSPORT=outbox: verification texts are stored in sms_outbox, not sent');
  }

  const rules = config.phoneVerification;
  const phone = phoneVerificationService(phoneRepository(options.db), {
    secret: config.sessionSecret,
    codeTtlSeconds: rules.codeTtlSeconds,
    transport,
    companyName: async () => (await options.settings.stored()).companyName,
  });
  registerPhoneRoutes(app, deps, {
    phone,
    accounts: options.accounts,
    limits: {
      resendGap:
        rules.resendIntervalSeconds > 0
          ? limit({ name: 'sms-gap', points: 1, windowSeconds: rules.resendIntervalSeconds })
          : null,
      sendsPerShopper: limit({ name: 'sms-shopper', points: rules.resendsPerHour, windowSeconds: HOUR }),
      sendsPerNumber: limit({ name: 'sms-number', points: rules.resendsPerHour, windowSeconds: HOUR }),
      sendsPerAddress: limit({ name: 'sms-address', points: rules.sendsPerAddressPerHour, windowSeconds: HOUR }),
      sendsInAll: limit({ name: 'sms-all', points: rules.sendsInAllPerHour, windowSeconds: HOUR }),
      verify: limit({ name: 'phone-verify', points: rules.verifyAttemptsPerHour, windowSeconds: HOUR }),
    },
  });
}
