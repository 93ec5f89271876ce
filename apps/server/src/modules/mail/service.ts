/**
 * Email: picks the transport the configuration asks for (config.ts explains the choice) and puts
 * the Mailer together: codes are rendered and sent at once, notices go through the durable queue
 * (this module's repository) that the dispatcher empties.
 */
import type { MailConfig } from '../../config.js';
import type { DatabaseKind } from '../../db/connection.js';
import type { MessageTexts } from '../../i18n/catalogues.js';
import { letterboxTransport } from '../../integrations/mail/letterbox.js';
import {
  type Audience,
  type Mailer,
  type MailMessage,
  MailSendError,
  type MailTransport,
} from '../../integrations/mail/mail-transport.js';
import { smtpTransport } from '../../integrations/mail/smtp.js';
import { type Branding, type MessageLinks, renderMail, renderText } from '../../integrations/mail/templates.js';
import type { LookOutcome } from '../../jobs/polling-job.js';
import { type MailDispatcherLog, mailDispatcher } from './dispatcher.js';
import type { MailRepository, NoticeChannel } from './repository.js';

export type {
  Mailer,
  MailKind,
  MailMessage,
  MailTransport,
  RenderedMail,
} from '../../integrations/mail/mail-transport.js';
export { MailSendError } from '../../integrations/mail/mail-transport.js';
export type { Branding } from '../../integrations/mail/templates.js';
export { brandingFrom, renderMail } from '../../integrations/mail/templates.js';
export type { MailDispatcher } from './dispatcher.js';

/** Outside demo mode without a mail server: every send fails loudly (the email features are off). */
function unconfiguredTransport(): MailTransport {
  return {
    name: 'none',
    async send() {
      throw new MailSendError('No mail transport is configured (set MAIL_TRANSPORT and its variables)');
    },
    async close() {},
  };
}

export function mailTransportFor(config: MailConfig, repository: MailRepository): MailTransport {
  switch (config.transport) {
    case 'outbox':
      return letterboxTransport(repository.letterbox.keep);
    case 'smtp':
      return smtpTransport({ ...config.smtp, timeoutMs: config.timeoutMs });
    case 'none':
      return unconfiguredTransport();
  }
}

export interface MailDependencies {
  repository: MailRepository;
  kind: DatabaseKind;
  /** The shop's name, logo and colour, read when a mail is written (settings may change). */
  branding: () => Promise<Branding>;
  /** The message texts for a shopper's language preference (settings' messageTexts). */
  texts: (preference: string | null) => Promise<MessageTexts>;
  log: MailDispatcherLog;
  /** Told of every send's outcome, codes and notices alike (metrics). */
  onSend?: (sent: boolean) => void;
  /** Told the outcome of every look of the queue's dispatcher (metrics). */
  onLook?: (job: string, outcome: LookOutcome) => void;
  /** Another transport than the configuration's (tests: one that fails on demand). */
  transport?: MailTransport;
  /**
   * The one-click unsubscribe and settings links of a message the shopper can turn off (issue 47,
   * the notifications module signs them); without it such messages go without.
   */
  links?: (audience: Audience, channel: NoticeChannel) => MessageLinks;
  /** Sends a text message (the phone module's transport); without it a queued text is given up on. */
  sendText?: (to: string, body: string) => Promise<void>;
}

/** Codes are secrets: they are sent at once and never stored in the queue. */
const CODE_KINDS: ReadonlySet<MailMessage['kind']> = new Set([
  'email-verification-code',
  'sign-in-code',
  'account-deletion-code',
]);

const SINGLE_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

/** Rejects after `ms` unless the work settles first. */
async function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new MailSendError(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The mailer, its queue's dispatcher (started and stopped by app.ts) and the queue's upkeep. */
export function mailServices(config: MailConfig, deps: MailDependencies) {
  const transport = deps.transport ?? mailTransportFor(config, deps.repository);
  const { queue } = deps.repository;

  const linksOf = (message: MailMessage, channel: NoticeChannel): MessageLinks | null =>
    'audience' in message && deps.links ? deps.links(message.audience, channel) : null;

  /** Renders and sends one text message within the timeout. */
  async function deliverText(to: string, language: string | null, message: MailMessage): Promise<void> {
    if (!deps.sendText) throw new MailSendError('No SMS transport is configured', { permanent: true });
    const [texts, branding] = await Promise.all([deps.texts(language), deps.branding()]);
    const body = renderText(message, texts, branding, linksOf(message, 'sms'));
    await within(config.timeoutMs, deps.sendText(to, body), 'Sending the text message');
  }

  /** Renders and sends one mail within the timeout; every outcome is told to onSend. */
  async function deliver(to: string, language: string | null, message: MailMessage): Promise<void> {
    // A mail client's address list ('a@x.example, b@y.example') would reach everyone in it.
    if (!SINGLE_ADDRESS.test(to))
      throw new MailSendError('The recipient is not one email address', { permanent: true });
    try {
      const [texts, branding] = await Promise.all([deps.texts(language), deps.branding()]);
      const mail = renderMail(message, texts, branding, config.from, linksOf(message, 'email'));
      await within(config.timeoutMs, transport.send(to, mail), 'Sending the email');
      deps.onSend?.(true);
    } catch (error) {
      deps.onSend?.(false);
      if (error instanceof MailSendError) throw error;
      throw new MailSendError(`The email could not be sent: ${(error as Error).message}`, { cause: error });
    }
  }

  const mailer: Mailer = {
    transport: transport.name,
    configured: transport.name !== 'none',
    send: deliver,
    async notify(to, language, message, db, channel = 'email') {
      if (CODE_KINDS.has(message.kind)) {
        throw new TypeError(`${message.kind} holds a code: send it with send(), codes are never queued`);
      }
      // Without a transport the email features are off: nothing could ever deliver it.
      if (channel === 'email' && transport.name === 'none') return;
      await queue.add({ recipient: to, language, message, channel }, db);
      dispatcher.wake();
    },
  };

  const dispatcher = mailDispatcher({
    queue,
    deliver: (notice) =>
      notice.channel === 'sms'
        ? deliverText(notice.recipient, notice.language, notice.message)
        : deliver(notice.recipient, notice.language, notice.message),
    kind: deps.kind,
    pollIntervalMs: config.pollIntervalMs,
    retryBaseMs: config.retryBaseMs,
    timeoutMs: config.timeoutMs,
    log: deps.log,
    onLook: deps.onLook,
  });

  return {
    mailer,
    dispatcher,
    /** Notices waiting to go out (metrics). */
    pendingCount: () => queue.pendingCount(),
    /** Forgets notices sent or given up on long ago. */
    sweep: (now = new Date()) => queue.sweep(now),
    /** Closes the transport's pooled connections: after the dispatcher has stopped. */
    close: () => transport.close(),
  };
}

export type MailServices = ReturnType<typeof mailServices>;
