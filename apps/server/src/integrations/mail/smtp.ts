/**
 * A real mail server over SMTP (nodemailer): a small pool of kept-open connections, TLS from the
 * first byte (SMTPS) or by STARTTLS, required unless the configuration allows sending in the
 * clear, and every wait (connecting, the greeting, a silent socket) cut off at the mail timeout.
 */
import type { NodemailerError, Transporter } from 'nodemailer';
import type { SmtpSettings } from '../../config.js';
import { MailSendError, type MailTransport } from './mail-transport.js';

/** Open connections at most: enough for a burst of codes, few enough for any mail server's limits. */
const MAX_CONNECTIONS = 5;

export function smtpTransport(settings: SmtpSettings & { timeoutMs: number }): MailTransport {
  // nodemailer (about 40 modules) is loaded for the first email, not with the server.
  let pool: Promise<Transporter> | undefined;
  const connections = () =>
    (pool ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        pool: true,
        maxConnections: MAX_CONNECTIONS,
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        requireTLS: !settings.secure && settings.startTls === 'required',
        ...(settings.auth && { auth: { user: settings.auth.user, pass: settings.auth.password } }),
        connectionTimeout: settings.timeoutMs,
        greetingTimeout: settings.timeoutMs,
        socketTimeout: settings.timeoutMs,
      }),
    ));

  return {
    name: 'smtp',
    async send(to, mail) {
      try {
        await (await connections()).sendMail({
          from: mail.from,
          to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // RFC 3834: an automatic message, so out-of-office replies and the like stay away.
          headers: { 'Auto-Submitted': 'auto-generated', ...mail.headers },
        });
      } catch (error) {
        const { code, responseCode, command } = error as NodemailerError;
        // Only a refused recipient is final; a refused login or a busy server may be fixed or pass.
        const refusedRecipient = code === 'EENVELOPE' || command === 'RCPT TO';
        throw new MailSendError(`The mail server did not take the email: ${(error as Error).message}`, {
          cause: error,
          ...(responseCode !== undefined && { responseCode }),
          permanent: refusedRecipient && responseCode !== undefined && responseCode >= 500,
        });
      }
    },
    async close() {
      if (pool) (await pool).close();
    },
  };
}
