/**
 * Demo mode only: the mail letterbox made visible, so whoever tries the demo (and the browser tests)
 * can read the codes and notices the letterbox transport kept instead of sending.
 * GET /demo-mail lists the newest emails; GET /demo-mail/:id shows one (its HTML in a sandboxed
 * frame, from /demo-mail/:id/html under a policy that allows no script at all) with its headers and,
 * when it has a one-click unsubscribe (RFC 8058), the button a mail client shows for it;
 * GET /demo-mail/latest?to=... answers the newest email to one address as JSON with the code picked out.
 */
import { ERROR_CODES } from '@account/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../errors.js';
import type { LetterboxMail, MailLetterbox } from '../modules/mail/repository.js';
import { escapeHtml, NOT_STORED, registerLetterbox, timeHtml } from './letterbox-page.js';

export const DEMO_MAIL_PATH = '/demo-mail';

/** Emails shown on the list. */
const PAGE_SIZE = 50;

/** The six-digit code of an email's text part: it stands on a line of its own. */
export function mailCodeIn(text: string): string | null {
  return /^[ \t]*(\d{6})[ \t]*$/m.exec(text)?.[1] ?? null;
}

/** This page's own style, after the letterboxes' shared one. */
const CSS = `main{max-width:980px}td.to{word-break:break-all}.code{white-space:nowrap}
a{color:#1f6f5c}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:16px 0}dt{font-weight:600}dd{margin:0;word-break:break-all}
iframe{width:100%;height:70vh;border:1px solid #d5ddda;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;background:#f2f4f3;padding:12px;border-radius:8px;font-size:.9rem}
form{margin:0 0 16px}button{font:inherit;font-weight:600;padding:8px 16px;border:0;border-radius:8px;background:#1f6f5c;color:#fff;cursor:pointer}`;

function row(mail: LetterboxMail): string {
  const code = mailCodeIn(mail.text);
  return `<tr><td class="to">${escapeHtml(mail.recipient)}</td><td class="time">${timeHtml(mail.createdAt)}</td>
<td><a href="${DEMO_MAIL_PATH}/${mail.id}">${escapeHtml(mail.subject)}</a></td><td class="code">${code ?? ''}</td></tr>`;
}

/** The headers, and the one-click unsubscribe a mail client offers (RFC 8058): List-Unsubscribe=One-Click posted to the link. */
function headersHtml(headers: Record<string, string>): string {
  const entries = Object.entries(headers);
  if (entries.length === 0) return '';
  const list = entries.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  const link = /<(https?:[^>]+)>/.exec(headers['List-Unsubscribe'] ?? '')?.[1];
  const oneClick =
    link && headers['List-Unsubscribe-Post'] === 'List-Unsubscribe=One-Click'
      ? `<form method="post" action="${escapeHtml(link)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe in one click, as a mail client does</button></form>`
      : '';
  return `<h2>Headers</h2><dl>${list}</dl>${oneClick}`;
}

/** The stored email's HTML may hold anything a template put in it: no script, no form, no plugin runs. */
const MAIL_HTML_POLICY =
  "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

export function registerDemoMailbox(app: FastifyInstance, letterbox: MailLetterbox): void {
  const page = registerLetterbox(app, DEMO_MAIL_PATH, CSS, {
    title: 'Mail letterbox',
    what: 'emails',
    newest: () => letterbox.newest(PAGE_SIZE),
    heads: ['To', 'Time', 'Subject', 'Code'],
    row,
    empty: 'No emails yet. Ask for a code or sign in by email in the account area.',
  });

  async function mailById(id: string): Promise<LetterboxMail> {
    const mail = /^\d{1,15}$/.test(id) ? await letterbox.byId(Number(id)) : undefined;
    if (!mail) throw notFound('No such email in the letterbox');
    return mail;
  }

  app.get<{ Querystring: { to?: string } }>(`${DEMO_MAIL_PATH}/latest`, async (request, reply) => {
    reply.headers(NOT_STORED).header('x-demo-only', 'true');
    const to = String(request.query.to ?? '').trim();
    if (!to.includes('@')) throw new AppError(400, ERROR_CODES.validation, 'Give the address: ?to=emma@example.com');
    const mail = await letterbox.newestTo(to);
    if (!mail) throw notFound('No email to that address yet');
    return {
      id: mail.id,
      to: mail.recipient,
      subject: mail.subject,
      text: mail.text,
      code: mailCodeIn(mail.text),
      createdAt: mail.createdAt,
    };
  });

  app.get<{ Params: { id: string } }>(`${DEMO_MAIL_PATH}/:id`, async (request, reply) => {
    const mail = await mailById(request.params.id);
    return reply
      .type('text/html; charset=utf-8')
      .headers(NOT_STORED)
      .send(
        page(
          mail.subject,
          `<p><a href="${DEMO_MAIL_PATH}">← All emails</a></p><h1>${escapeHtml(mail.subject)}</h1>
<dl><dt>To</dt><dd>${escapeHtml(mail.recipient)}</dd><dt>Time</dt><dd>${timeHtml(mail.createdAt)}</dd></dl>
${headersHtml(mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : {})}
<iframe title="The email as HTML" sandbox src="${DEMO_MAIL_PATH}/${mail.id}/html"></iframe>
<h2>Text part</h2><pre>${escapeHtml(mail.text)}</pre>`,
        ),
      );
  });

  app.get<{ Params: { id: string } }>(`${DEMO_MAIL_PATH}/:id/html`, async (request, reply) => {
    const mail = await mailById(request.params.id);
    return reply
      .type('text/html; charset=utf-8')
      .headers(NOT_STORED)
      .header('content-security-policy', MAIL_HTML_POLICY)
      .send(mail.html);
  });
}
