/** Picks the SMS transport the configuration asks for (config.ts explains the choice). */
import type { SmsConfig } from '../../config.js';
import { letterboxTransport } from './letterbox.js';
import { type SmsTransport, unconfiguredTransport } from './sms-transport.js';
import { twilioTransport } from './twilio.js';

export type { SmsTransport } from './sms-transport.js';
export { SmsSendError } from './sms-transport.js';

export function smsTransportFor(
  config: SmsConfig,
  dependencies: {
    /** Where the letterbox transport keeps a text. */
    keep: (telephone: string, body: string, at: string) => Promise<void>;
    fetch: typeof globalThis.fetch;
  },
): SmsTransport {
  switch (config.transport) {
    case 'outbox':
      return letterboxTransport(dependencies.keep);
    case 'twilio':
      return twilioTransport({ ...config, fetch: dependencies.fetch });
    case 'none':
      return unconfiguredTransport();
  }
}
