/**
 * Demo mode only: the SMS letterbox made visible, so whoever tries the demo (and the browser tests)
 * can read the verification codes that the letterbox transport kept instead of sending.
 * GET /demo-sms lists the newest texts; GET /demo-sms/latest?telephone=... answers the newest text
 * to one number as JSON with the code picked out.
 */
import { ERROR_CODES } from '@account/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../errors.js';
import type { LetterboxText, SmsLetterbox } from '../modules/phone/repository.js';

export const DEMO_SMS_PATH = '/demo-sms';

/** Texts shown on the page. */
const PAGE_SIZE = 50;
/** Texts searched for a number's newest one. */
const SEARCH_DEPTH = 500;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const digits = (telephone: string) => telephone.replace(/\D/g, '');

/** The six-digit code in a verification text (the last one, in case the company name holds digits). */
export function codeIn(body: string): string | null {
  return body.match(/\b\d{6}\b/g)?.at(-1) ?? null;
}

const CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f5f4;color:#1d2522}
main{max-width:900px;margin:32px auto;padding:28px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{margin:.2em 0 .3em;font-size:1.5rem}
.badge{display:inline-block;margin:0;padding:2px 10px;border-radius:99px;background:#fff4d6;color:#6b4e00;font-size:.8rem;font-weight:600}
table{border-collapse:collapse;width:100%;margin-top:16px}th,td{border-bottom:1px solid #d5ddda;padding:8px 10px;text-align:left;vertical-align:top}
th{background:#f2f4f3;font-size:.9rem}td.number,td.time{white-space:nowrap;font-variant-numeric:tabular-nums}
.code{font-weight:700;letter-spacing:.08em}.empty{color:#55615d}
@media (max-width:600px){main{margin:0;border-radius:0;padding:16px}td.time{white-space:normal}}`;

function row(message: LetterboxText): string {
  const code = codeIn(message.body);
  const body = escapeHtml(message.body);
  // The code stands out so it can be read at a glance; it is digits only, so safe to wrap.
  const highlighted = code ? body.replace(code, `<span class="code">${code}</span>`) : body;
  return `<tr><td class="number">${escapeHtml(message.telephone)}</td><td class="time"><time datetime="${escapeHtml(
    message.createdAt,
  )}">${escapeHtml(message.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></td><td>${highlighted}</td></tr>`;
}

export function registerDemoSms(app: FastifyInstance, letterbox: SmsLetterbox): void {
  app.get(`${DEMO_SMS_PATH}/style.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-store').send(CSS),
  );

  app.get(DEMO_SMS_PATH, async (_request, reply) => {
    const messages = await letterbox.newest(PAGE_SIZE);
    const list =
      messages.length === 0
        ? '<p class="empty">No text messages yet. Ask for a verification code in the account area.</p>'
        : `<table><thead><tr><th scope="col">Number</th><th scope="col">Time</th><th scope="col">Message</th></tr></thead>
<tbody>${messages.map(row).join('\n')}</tbody></table>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>SMS letterbox – demo only</title>
<link rel="icon" href="/account/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${DEMO_SMS_PATH}/style.css"></head>
<body><main><p class="badge">Demo only</p><h1>SMS letterbox</h1>
<p>In demo mode text messages are not sent: they land here, newest first. This page refreshes every 5 seconds.</p>
${list}</main></body></html>`);
  });

  app.get<{ Querystring: { telephone?: string } }>(`${DEMO_SMS_PATH}/latest`, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-demo-only', 'true');
    const wanted = digits(String(request.query.telephone ?? ''));
    if (!wanted) throw new AppError(400, ERROR_CODES.validation, 'Give the number: ?telephone=+32 470123456');
    const message = (await letterbox.newest(SEARCH_DEPTH)).find((m) => digits(m.telephone) === wanted);
    if (!message) throw notFound('No text message to that number yet');
    return {
      telephone: message.telephone,
      body: message.body,
      code: codeIn(message.body),
      createdAt: message.createdAt,
    };
  });
}
