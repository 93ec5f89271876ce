/**
 * Demo mode only: the mail letterbox made visible, so whoever tries the demo (and the browser tests)
 * can read the codes and notices the letterbox transport kept instead of sending.
 * GET /demo-mail lists the newest emails; GET /demo-mail/:id shows one (its HTML in a sandboxed
 * frame, from /demo-mail/:id/html under a policy that allows no script at all);
 * GET /demo-mail/latest?to=... answers the newest email to one address as JSON with the code picked out.
 */
import { ERROR_CODES } from '@account/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../errors.js';
import type { LetterboxMail, MailLetterbox } from '../modules/mail/repository.js';

export const DEMO_MAIL_PATH = '/demo-mail';

/** Emails shown on the list. */
const PAGE_SIZE = 50;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The six-digit code of an email's text part: it stands on a line of its own. */
export function mailCodeIn(text: string): string | null {
  return /^[ \t]*(\d{6})[ \t]*$/m.exec(text)?.[1] ?? null;
}

const CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f5f4;color:#1d2522}
main{max-width:980px;margin:32px auto;padding:28px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{margin:.2em 0 .3em;font-size:1.5rem}
.badge{display:inline-block;margin:0;padding:2px 10px;border-radius:99px;background:#fff4d6;color:#6b4e00;font-size:.8rem;font-weight:600}
table{border-collapse:collapse;width:100%;margin-top:16px}th,td{border-bottom:1px solid #d5ddda;padding:8px 10px;text-align:left;vertical-align:top}
th{background:#f2f4f3;font-size:.9rem}td.time{white-space:nowrap;font-variant-numeric:tabular-nums}
td.to{word-break:break-all}.code{font-weight:700;letter-spacing:.08em;white-space:nowrap}.empty{color:#55615d}
a{color:#1f6f5c}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:16px 0}dt{font-weight:600}dd{margin:0;word-break:break-all}
iframe{width:100%;height:70vh;border:1px solid #d5ddda;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;background:#f2f4f3;padding:12px;border-radius:8px;font-size:.9rem}
@media (max-width:600px){main{margin:0;border-radius:0;padding:16px}td.time{white-space:normal}}`;

const time = (iso: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time>`;

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="5">' : ''}<title>${escapeHtml(title)} – demo only</title>
<link rel="icon" href="/account/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${DEMO_MAIL_PATH}/style.css"></head>
<body><main><p class="badge">Demo only</p>${body}</main></body></html>`;
}

function row(mail: LetterboxMail): string {
  const code = mailCodeIn(mail.text);
  return `<tr><td class="to">${escapeHtml(mail.recipient)}</td><td class="time">${time(mail.createdAt)}</td>
<td><a href="${DEMO_MAIL_PATH}/${mail.id}">${escapeHtml(mail.subject)}</a></td><td class="code">${code ?? ''}</td></tr>`;
}

/** The stored email's HTML may hold anything a template put in it: no script, no form, no plugin runs. */
const MAIL_HTML_POLICY =
  "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

export function registerDemoMailbox(app: FastifyInstance, letterbox: MailLetterbox): void {
  const noStore = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

  async function mailById(id: string): Promise<LetterboxMail> {
    const mail = /^\d{1,15}$/.test(id) ? await letterbox.byId(Number(id)) : undefined;
    if (!mail) throw notFound('No such email in the letterbox');
    return mail;
  }

  app.get(`${DEMO_MAIL_PATH}/style.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-store').send(CSS),
  );

  app.get(DEMO_MAIL_PATH, async (_request, reply) => {
    const mails = await letterbox.newest(PAGE_SIZE);
    const list =
      mails.length === 0
        ? '<p class="empty">No emails yet. Ask for a code or sign in by email in the account area.</p>'
        : `<table><thead><tr><th scope="col">To</th><th scope="col">Time</th><th scope="col">Subject</th><th scope="col">Code</th></tr></thead>
<tbody>${mails.map(row).join('\n')}</tbody></table>`;
    return reply
      .type('text/html; charset=utf-8')
      .headers(noStore)
      .send(
        page(
          'Mail letterbox',
          `<h1>Mail letterbox</h1>
<p>In demo mode emails are not sent: they land here, newest first. This page refreshes every 5 seconds.</p>
${list}`,
          true,
        ),
      );
  });

  app.get<{ Querystring: { to?: string } }>(`${DEMO_MAIL_PATH}/latest`, async (request, reply) => {
    reply.headers(noStore).header('x-demo-only', 'true');
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
      .headers(noStore)
      .send(
        page(
          mail.subject,
          `<p><a href="${DEMO_MAIL_PATH}">← All emails</a></p><h1>${escapeHtml(mail.subject)}</h1>
<dl><dt>To</dt><dd>${escapeHtml(mail.recipient)}</dd><dt>Time</dt><dd>${time(mail.createdAt)}</dd></dl>
<iframe title="The email as HTML" sandbox src="${DEMO_MAIL_PATH}/${mail.id}/html"></iframe>
<h2>Text part</h2><pre>${escapeHtml(mail.text)}</pre>`,
        ),
      );
  });

  app.get<{ Params: { id: string } }>(`${DEMO_MAIL_PATH}/:id/html`, async (request, reply) => {
    const mail = await mailById(request.params.id);
    return reply
      .type('text/html; charset=utf-8')
      .headers(noStore)
      .header('content-security-policy', MAIL_HTML_POLICY)
      .send(mail.html);
  });
}
