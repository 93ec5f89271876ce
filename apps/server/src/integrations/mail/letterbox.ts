/**
 * The letterbox transport of demo mode and development: mails are kept (the mail module's
 * repository writes them to mail_outbox) instead of being sent, where a developer (the /demo-mail
 * page) and the browser tests read them.
 */
import type { MailTransport, RenderedMail } from './mail-transport.js';

export function letterboxTransport(
  keep: (to: string, mail: RenderedMail, at: string) => Promise<void>,
  now: () => Date = () => new Date(),
): MailTransport {
  return {
    name: 'outbox',
    send: (to, mail) => keep(to, mail, now().toISOString()),
    async close() {},
  };
}
