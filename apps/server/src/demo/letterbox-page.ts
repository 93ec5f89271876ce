/**
 * What the demo letterbox pages share (the mail letterbox, mailbox-page.ts, and the SMS one,
 * sms-page.ts): the page shell marked "Demo only" with its style sheet, the list of what the
 * letterbox kept, and headers that keep the pages out of caches and search engines.
 */
import type { FastifyInstance } from 'fastify';

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stored ISO time as people read it (2026-11-25 10:00:00 UTC). */
export const timeHtml = (iso: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time>`;

export const NOT_STORED = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

const CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f5f4;color:#1d2522}
main{margin:32px auto;padding:28px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{margin:.2em 0 .3em;font-size:1.5rem}
.badge{display:inline-block;margin:0;padding:2px 10px;border-radius:99px;background:#fff4d6;color:#6b4e00;font-size:.8rem;font-weight:600}
table{border-collapse:collapse;width:100%;margin-top:16px}th,td{border-bottom:1px solid #d5ddda;padding:8px 10px;text-align:left;vertical-align:top}
th{background:#f2f4f3;font-size:.9rem}td.time{white-space:nowrap;font-variant-numeric:tabular-nums}
.code{font-weight:700;letter-spacing:.08em}.empty{color:#55615d}
@media (max-width:600px){main{margin:0;border-radius:0;padding:16px}td.time{white-space:normal}}`;

/** A letterbox's list page. */
export interface LetterboxList<T> {
  /** As "Mail letterbox". */
  title: string;
  /** What the letterbox keeps, as "emails". */
  what: string;
  /** What it kept, newest first. */
  newest(): Promise<readonly T[]>;
  heads: readonly string[];
  row(item: T): string;
  /** What the page says while the letterbox holds nothing. */
  empty: string;
}

/**
 * Serves a letterbox's style sheet at `${path}/style.css` (the shared rules, then the page's own
 * `css`) and its list page at `path`, which reloads every 5 seconds; answers the page shell, for
 * the letterbox's further pages.
 */
export function registerLetterbox<T>(
  app: FastifyInstance,
  path: string,
  css: string,
  list: LetterboxList<T>,
): (title: string, body: string, refresh?: boolean) => string {
  const style = `${CSS}\n${css}`;
  const page = (title: string, body: string, refresh = false) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="5">' : ''}<title>${escapeHtml(title)} – demo only</title>
<link rel="icon" href="/account/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${path}/style.css"></head>
<body><main><p class="badge">Demo only</p>${body}</main></body></html>`;

  app.get(`${path}/style.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-store').send(style),
  );

  app.get(path, async (_request, reply) => {
    const items = await list.newest();
    const table =
      items.length === 0
        ? `<p class="empty">${list.empty}</p>`
        : `<table><thead><tr>${list.heads.map((head) => `<th scope="col">${head}</th>`).join('')}</tr></thead>
<tbody>${items.map((item) => list.row(item)).join('\n')}</tbody></table>`;
    const body = `<h1>${list.title}</h1>
<p>In demo mode ${list.what} are not sent: they land here, newest first. This page refreshes every 5 seconds.</p>
${table}`;
    return reply
      .type('text/html; charset=utf-8')
      .headers(NOT_STORED)
      .send(page(list.title, body, true));
  });

  return page;
}
