/** Picks the SMS transport the configuration asks for (config.ts explains the choice). */
import type { Kysely } from 'kysely';
import type { SmsConfig } from '../../config.js';
import type { Database } from '../../db/types.js';
import { outboxTransport } from './outbox.js';
import { type SmsTransport, unconfiguredTransport } from './sms-transport.js';
import { twilioTransport } from './twilio.js';

export type { SmsTransport } from './sms-transport.js';
export { SmsSendError } from './sms-transport.js';

export function smsTransportFor(
  config: SmsConfig,
  dependencies: { db: Kysely<Database>; fetch: typeof globalThis.fetch },
): SmsTransport {
  switch (config.transport) {
    case 'outbox':
      return outboxTransport(dependencies.db);
    case 'twilio':
      return twilioTransport({ ...config, fetch: dependencies.fetch });
    case 'none':
      return unconfiguredTransport();
  }
}
