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
import { escapeHtml, registerLetterbox, timeHtml } from './letterbox-page.js';

export const DEMO_SMS_PATH = '/demo-sms';

/** Texts shown on the page. */
const PAGE_SIZE = 50;
/** Texts searched for a number's newest one. */
const SEARCH_DEPTH = 500;

const digits = (telephone: string) => telephone.replace(/\D/g, '');

/** The six-digit code in a verification text (the last one, in case the company name holds digits). */
export function codeIn(body: string): string | null {
  return body.match(/\b\d{6}\b/g)?.at(-1) ?? null;
}

/**
 * This page's own style, after the letterboxes' shared one. A text's link (a parcel's tracking, its
 * stop link) breaks anywhere rather than push the table off the page.
 */
const CSS =
  'main{max-width:900px}td.number{white-space:nowrap;font-variant-numeric:tabular-nums}td{overflow-wrap:anywhere}';

function row(message: LetterboxText): string {
  const code = codeIn(message.body);
  const body = escapeHtml(message.body);
  // The code stands out so it can be read at a glance; it is digits only, so safe to wrap.
  const highlighted = code ? body.replace(code, `<span class="code">${code}</span>`) : body;
  return `<tr><td class="number">${escapeHtml(message.telephone)}</td><td class="time">${timeHtml(message.createdAt)}</td><td>${highlighted}</td></tr>`;
}

export function registerDemoSms(app: FastifyInstance, letterbox: SmsLetterbox): void {
  registerLetterbox(app, DEMO_SMS_PATH, CSS, {
    title: 'SMS letterbox',
    what: 'text messages',
    newest: () => letterbox.newest(PAGE_SIZE),
    heads: ['Number', 'Time', 'Message'],
    row,
    empty: 'No text messages yet. Ask for a verification code in the account area.',
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
