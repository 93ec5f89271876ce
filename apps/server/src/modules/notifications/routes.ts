/**
 * Issue 47: the shopper's notification choices and wishlist alerts (calls of the contract), and the
 * unsubscribe page a message links to, which works without signing in:
 *  - GET /account/unsubscribe/:token asks (a link checker or a mail client's preview must not
 *    unsubscribe anyone by following the link);
 *  - POST the same answers RFC 8058's one-click request (body List-Unsubscribe=One-Click, sent by
 *    the mail client) and the page's own button alike, and turns off what the signed token names.
 */
import type { NotificationChannel, NotificationEvent } from '@account/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import type { MessageKey } from '../../i18n/messages/en.js';
import type { SettingsService } from '../settings/service.js';
import type { NotificationService } from './service.js';

export const UNSUBSCRIBE_PATH = '/account/unsubscribe';

export interface NotificationRouteOptions {
  notifications: NotificationService;
  settings: SettingsService;
}

const EVENT_TEXTS: Record<Exclude<NotificationEvent, 'security'>, MessageKey> = {
  orderConfirmed: 'ac_NoticeOrderConfirmed',
  orderShipped: 'ac_NoticeOrderShipped',
  outForDelivery: 'ac_NoticeOutForDelivery',
  delivered: 'ac_NoticeDelivered',
  deliveryProblem: 'ac_NoticeDeliveryProblem',
  returnUpdate: 'ac_NoticeReturnUpdate',
  backInStock: 'ac_NoticeBackInStock',
  priceDrop: 'ac_NoticePriceDrop',
};
const CHANNEL_TEXTS: Record<NotificationChannel, MessageKey> = {
  email: 'ac_NoticeByEmail',
  sms: 'ac_NoticeBySms',
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f3f5f4;color:#1d2522}
main{max-width:560px;margin:48px auto;padding:28px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{margin:0 0 .5em;font-size:1.4rem}button{font:inherit;padding:10px 20px;border:0;border-radius:6px;background:#1d5c4b;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1d5c4b;outline-offset:2px}a{color:#1d5c4b}
@media (max-width:600px){main{margin:0;border-radius:0;padding:20px}}`;

export function registerNotificationRoutes(app: FastifyInstance, deps: RouteDeps, options: NotificationRouteOptions) {
  const { notifications, settings } = options;

  registerEndpoint(app, deps, 'getNotifications', async ({ shopperId, reply }) => {
    reply.header('cache-control', 'no-store');
    return notifications.get(shopperId);
  });
  registerEndpoint(app, deps, 'updateNotifications', async ({ shopperId, body }) =>
    notifications.update(shopperId, body),
  );
  registerEndpoint(app, deps, 'getWishlistAlerts', async ({ shopperId, reply }) => {
    reply.header('cache-control', 'no-store');
    return notifications.wishlistAlerts(shopperId);
  });
  registerEndpoint(app, deps, 'updateWishlistAlert', async ({ shopperId, params, body }) =>
    notifications.setItemAlert(shopperId, params.id, body.enabled),
  );
  registerEndpoint(app, deps, 'updateWishlistAlerts', async ({ shopperId, body }) =>
    notifications.setAllAlerts(shopperId, body.enabled),
  );

  /** The page in the shopper's language, in the shop's name. */
  async function page(reply: FastifyReply, status: number, language: string | null, body: (say: Say) => string) {
    const [texts, stored] = await Promise.all([settings.messageTexts(language), settings.stored()]);
    const say: Say = (key, params = {}) =>
      escapeHtml(
        Object.entries({ ...params, company: stored.companyName }).reduce(
          (text, [name, value]) => text.replaceAll(`{${name}}`, value),
          texts.text[key],
        ),
      );
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', 'no-referrer')
      .send(`<!doctype html>
<html lang="${texts.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${say('ac_UnsubscribeTitle')} – ${escapeHtml(stored.companyName)}</title>
<link rel="stylesheet" href="${UNSUBSCRIBE_PATH}/style.css"></head>
<body><main>${body(say)}</main></body></html>`);
  }

  const what = (say: Say, events: readonly Exclude<NotificationEvent, 'security'>[], channel: NotificationChannel) => ({
    what: events.map((event) => say(EVENT_TEXTS[event])).join(', '),
    channel: say(CHANNEL_TEXTS[channel]),
  });
  const settingsLink = (say: Say) =>
    `<p><a href="${escapeHtml(notifications.settingsUrl())}">${say('ac_UnsubscribeSettings')}</a></p>`;
  const invalid = (reply: FastifyReply) =>
    page(
      reply,
      400,
      null,
      (say) => `<h1>${say('ac_UnsubscribeTitle')}</h1><p>${say('ac_UnsubscribeInvalid')}</p>${settingsLink(say)}`,
    );

  app.get(`${UNSUBSCRIBE_PATH}/style.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
  );

  app.get<{ Params: { token: string } }>(`${UNSUBSCRIBE_PATH}/:token`, async (request, reply) => {
    const read = notifications.readToken(request.params.token);
    if (!read) return invalid(reply);
    const language = await notifications.languageOf(read.shopperId);
    if (language === undefined) return invalid(reply);
    return page(reply, 200, language, (say) => {
      const words = what(say, read.events, read.channel);
      return `<h1>${say('ac_UnsubscribeTitle')}</h1><p>${say('ac_UnsubscribeAsk', words)}</p>
<form method="post" action="${UNSUBSCRIBE_PATH}/${escapeHtml(request.params.token)}"><button type="submit">${say('ac_UnsubscribeButton')}</button></form>
${settingsLink(say)}`;
    });
  });

  app.register(async (scope) => {
    // The one-click POST is a form (RFC 8058): its body is only ever List-Unsubscribe=One-Click.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, body, done) => done(null, String(body)),
    );
    scope.post<{ Params: { token: string } }>(`${UNSUBSCRIBE_PATH}/:token`, async (request, reply) => {
      const done = await notifications.unsubscribe(request.params.token);
      if (!done) return invalid(reply);
      return page(reply, 200, done.language, (say) => {
        const words = what(say, done.events, done.channel);
        return `<h1>${say('ac_UnsubscribeDoneTitle')}</h1><p>${say('ac_UnsubscribeDone', words)}</p>${settingsLink(say)}`;
      });
    });
  });
}

type Say = (key: MessageKey, params?: Record<string, string>) => string;
