/**
 * The letterbox transport of demo mode and development: texts are kept (the phone module's
 * repository writes them to sms_outbox) instead of being sent, where a developer (the /demo-sms
 * page) and the browser tests read them.
 */
import type { SmsTransport } from './sms-transport.js';

export function letterboxTransport(
  keep: (telephone: string, body: string, at: string) => Promise<void>,
  now: () => Date = () => new Date(),
): SmsTransport {
  return { name: 'outbox', send: (to, body) => keep(to, body, now().toISOString()) };
}
