/**
 * Every email the server sends, worded from the catalogue's message texts (i18n/messages: English,
 * Dutch and German, with the shop's own overrides) and laid out as multipart text + HTML in the
 * shop's name, logo and colour. The HTML is the kind mail clients agree on: nested tables, inline
 * styles, a hidden preheader, no CSS they strip (no <style>, no flexbox, no web fonts). Every value
 * put into it is escaped.
 */
import { fillPlaceholders, themeColours } from '@account/contract';
import type { MessageLanguage, MessageTexts } from '../../i18n/catalogues.js';
import type { MessageKey } from '../../i18n/messages/en.js';
import type { MailMessage, RenderedMail } from './mail-transport.js';

export interface Branding {
  companyName: string;
  /** The logo as an absolute http(s) URL; null for none (the name is shown instead). */
  logoUrl: string | null;
  /** The shop's primary colour as #rrggbb. */
  primaryColour: string;
  /** The account area's address, for 'open my account' links. */
  accountUrl: string;
}

/** The shop's settings as an email needs them; a relative logo path is made absolute against the public URL. */
export function brandingFrom(
  settings: { companyName: string; logo: string | null; style: string },
  publicUrl: string,
): Branding {
  let logoUrl: string | null = null;
  if (settings.logo) {
    try {
      const url = new URL(settings.logo, `${publicUrl}/`);
      logoUrl = /^https?:$/.test(url.protocol) ? url.href : null;
    } catch {
      // An unusable logo setting: the name stands in.
    }
  }
  return {
    companyName: settings.companyName,
    logoUrl,
    primaryColour: themeColours(settings.style).primary,
    accountUrl: `${publicUrl}/account`,
  };
}

/** What one email says, before layout. */
interface Content {
  subject: string;
  preheader: string;
  heading: string;
  intro: string[];
  code?: string;
  details?: [label: string, value: string][];
  outro: string[];
  button?: { label: string; url: string };
}

/** A text of the catalogue with its placeholders filled; {company} is always the shop's name. */
type Say = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

const TIME_LOCALES: Readonly<Record<MessageLanguage, string>> = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE' };

const timeIn = (locale: string) => (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
};

/** The providers' own names, the same in every language. */
const BRANDS: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  steam: 'Steam',
  telegram: 'Telegram',
};

/**
 * A sign-in method as it follows 'with' ('met', 'mit'): a provider's brand, the shop's name for
 * its own sign-on, or the emailed code or a passkey (named, when `detail` gives its name).
 */
function via(say: Say, method: string, shop: string, detail: string | null): string {
  if (method === 'email') return say('ac_MailViaEmailCode');
  if (method === 'passkey') return detail ? say('ac_MailViaNamedPasskey', { name: detail }) : say('ac_MailViaPasskey');
  // The company single sign-on and the auth0-style login carry the shop's name (spec §1).
  if (method === 'sso' || method === 'auth0') return shop;
  return BRANDS[method] ?? method;
}

function compose(
  message: MailMessage,
  say: Say,
  formatTime: (iso: string) => string,
  branding: Branding,
  money: (amountE4: number | null, currency: string | null) => string,
): Content {
  const shop = branding.companyName;
  const minutes = (ttlSeconds: number) => {
    const count = Math.round(ttlSeconds / 60);
    return count === 1 ? say('ac_MessageOneMinute') : say('ac_MessageMinutes', { count });
  };
  const openAccount = { label: say('ac_MailOpenAccount'), url: branding.accountUrl };
  const notYou = say('ac_MailNotYou');
  switch (message.kind) {
    case 'email-verification-code': {
      const duration = minutes(message.ttlSeconds);
      return {
        subject: say('ac_MailVerifyEmailTitle'),
        preheader: say('ac_MailVerifyEmailPreheader', { duration }),
        heading: say('ac_MailVerifyEmailTitle'),
        intro: [say('ac_MailVerifyEmailIntro')],
        code: message.code,
        outro: [say('ac_MailVerifyEmailValidity', { duration }), say('ac_MailVerifyEmailIgnore')],
      };
    }
    case 'sign-in-code': {
      const duration = minutes(message.ttlSeconds);
      return {
        subject: say('ac_MailSignInCodeSubject'),
        preheader: say('ac_MailCodeNeverShare', { duration }),
        heading: say('ac_MailSignInCodeHeading'),
        intro: [say('ac_MailSignInCodeIntro')],
        code: message.code,
        outro: [say('ac_MailSignInCodeValidity', { duration }), say('ac_MailSignInCodeIgnore')],
      };
    }
    case 'account-deletion-code': {
      const duration = minutes(message.ttlSeconds);
      return {
        subject: say('ac_MailDeletionCodeSubject'),
        preheader: say('ac_MailCodeNeverShare', { duration }),
        heading: say('ac_MailDeletionCodeHeading'),
        intro: [say('ac_MailDeletionCodeIntro')],
        code: message.code,
        outro: [say('ac_MailDeletionCodeValidity', { duration }), say('ac_MailDeletionCodeIgnore')],
      };
    }
    case 'account-deletion-scheduled': {
      const time = formatTime(message.dueAt);
      return {
        subject: say('ac_MailDeletionScheduledSubject'),
        preheader: say('ac_MailDeletionScheduledPreheader', { time }),
        heading: say('ac_MailDeletionScheduledHeading'),
        intro: [say('ac_MailDeletionScheduledIntro', { time }), say('ac_MailDeletionScheduledUndo')],
        outro: [notYou],
        button: openAccount,
      };
    }
    case 'email-change-requested':
      return {
        subject: say('ac_MailEmailChangeTitle'),
        preheader: say('ac_MailEmailChangePreheader', { email: message.newEmail }),
        heading: say('ac_MailEmailChangeTitle'),
        intro: [say('ac_MailEmailChangeIntro', { email: message.newEmail }), say('ac_MailEmailChangeWhen')],
        outro: [say('ac_MailWasYou'), notYou],
        button: openAccount,
      };
    case 'new-browser-sign-in': {
      const time = formatTime(message.at);
      return {
        subject: say('ac_MailNewBrowserSubject'),
        preheader: say('ac_MailNewBrowserPreheader', { browser: message.browser, time }),
        heading: say('ac_MailNewBrowserHeading'),
        intro: [say('ac_MailNewBrowserIntro')],
        details: [
          [say('ac_MailNewBrowserBrowser'), message.browser],
          [say('ac_MailNewBrowserTime'), time],
          [say('ac_MailNewBrowserMethod'), via(say, message.method, shop, null)],
        ],
        outro: [say('ac_MailWasYou'), message.sessionsUrl ? say('ac_MailNewBrowserSignOut') : notYou],
        button: message.sessionsUrl ? { label: say('ac_MailCheckSessions'), url: message.sessionsUrl } : openAccount,
      };
    }
    case 'phone-verified':
      return {
        subject: say('ac_MailPhoneVerifiedTitle'),
        preheader: say('ac_MailPhoneVerifiedPreheader', { phone: message.telephone }),
        heading: say('ac_MailPhoneVerifiedTitle'),
        intro: [say('ac_MailPhoneVerifiedIntro', { phone: message.telephone })],
        outro: [notYou],
        button: openAccount,
      };
    case 'phone-changed':
      return {
        subject: say('ac_MailPhoneChangedTitle'),
        preheader: message.telephone
          ? say('ac_MailPhoneChangedPreheader', { phone: message.telephone })
          : say('ac_MailPhoneRemovedPreheader'),
        heading: say('ac_MailPhoneChangedTitle'),
        intro: [
          message.telephone
            ? say('ac_MailPhoneChangedIntro', { phone: message.telephone })
            : say('ac_MailPhoneRemovedIntro'),
        ],
        outro: [notYou],
        button: openAccount,
      };
    case 'sign-in-method-linked': {
      const method = via(say, message.method, shop, message.detail);
      return {
        subject: say('ac_MailMethodLinkedTitle'),
        preheader: say('ac_MailMethodLinkedPreheader', { method }),
        heading: say('ac_MailMethodLinkedTitle'),
        intro: [say('ac_MailMethodLinkedIntro', { method })],
        outro: [notYou],
        button: openAccount,
      };
    }
    case 'sign-in-method-removed': {
      const method = via(say, message.method, shop, message.detail);
      return {
        subject: say('ac_MailMethodRemovedTitle'),
        preheader: say('ac_MailMethodRemovedPreheader', { method }),
        heading: say('ac_MailMethodRemovedTitle'),
        intro: [say('ac_MailMethodRemovedIntro', { method })],
        outro: [notYou],
        button: openAccount,
      };
    }
    case 'order-update': {
      const { subject, intro } = ORDER_TEXTS[message.event];
      const details: [string, string][] = [[say('ac_MailOrderNumber'), message.orderNumber]];
      if (message.carrier) details.push([say('ac_MailOrderCarrier'), message.carrier]);
      if (message.detail) details.push([say('ac_MailCarrierSays'), message.detail]);
      const track = message.trackingUrl && message.event !== 'delivered' && message.event !== 'orderConfirmed';
      return {
        subject: say(subject, { order: message.orderNumber }),
        preheader: say(intro),
        heading: say(subject, { order: message.orderNumber }),
        intro: [say(intro)],
        details,
        outro: [],
        button:
          track && message.trackingUrl
            ? { label: say('ac_MailTrackParcel'), url: message.trackingUrl }
            : { label: say('ac_MailViewOrder'), url: message.orderUrl },
      };
    }
    case 'return-update': {
      const status = say(RETURN_STATUS_TEXTS[message.status] ?? 'ac_MailReturnStatusUpdated');
      const subject = say('ac_MailReturnSubject', { number: message.returnNumber, status });
      return {
        subject,
        preheader: status,
        heading: subject,
        intro: [say('ac_MailReturnIntro', { number: message.returnNumber, status })],
        outro: [],
        button: { label: say('ac_MailViewReturn'), url: message.returnUrl },
      };
    }
    case 'wishlist-alerts': {
      const lines = message.items.map((item) =>
        item.change === 'backInStock'
          ? say('ac_MailBackInStock', { name: item.name })
          : say('ac_MailPriceDrop', {
              name: item.name,
              old: money(item.oldPriceE4, item.currency),
              new: money(item.newPriceE4, item.currency),
            }),
      );
      const [only] = message.items;
      const subject =
        message.items.length === 1 && only
          ? only.change === 'backInStock'
            ? say('ac_MailBackInStockSubject', { name: only.name })
            : say('ac_MailPriceDropSubject', { name: only.name })
          : say('ac_MailWishlistSubject', { count: message.items.length });
      return {
        subject,
        preheader: lines[0] ?? subject,
        heading: say('ac_MailWishlistHeading'),
        intro: [say('ac_MailWishlistIntro')],
        details: message.items.map((item, i) => [item.name, lines[i] ?? '']),
        outro: [],
        button: { label: say('ac_MailViewWishlist'), url: message.wishlistUrl },
      };
    }
  }
}

type OrderEvent = Extract<MailMessage, { kind: 'order-update' }>['event'];
const ORDER_TEXTS: Record<OrderEvent, { subject: MessageKey; intro: MessageKey }> = {
  orderConfirmed: { subject: 'ac_MailOrderConfirmedSubject', intro: 'ac_MailOrderConfirmedIntro' },
  orderShipped: { subject: 'ac_MailOrderShippedSubject', intro: 'ac_MailOrderShippedIntro' },
  outForDelivery: { subject: 'ac_MailOutForDeliverySubject', intro: 'ac_MailOutForDeliveryIntro' },
  delivered: { subject: 'ac_MailDeliveredSubject', intro: 'ac_MailDeliveredIntro' },
  deliveryProblem: { subject: 'ac_MailDeliveryProblemSubject', intro: 'ac_MailDeliveryProblemIntro' },
};

const RETURN_STATUS_TEXTS: Readonly<Record<string, MessageKey>> = {
  requested: 'ac_MailReturnStatusRequested',
  approved: 'ac_MailReturnStatusApproved',
  rejected: 'ac_MailReturnStatusRejected',
  labelAvailable: 'ac_MailReturnStatusLabel',
  received: 'ac_MailReturnStatusReceived',
  refunded: 'ac_MailReturnStatusRefunded',
  cancelled: 'ac_MailReturnStatusCancelled',
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT_COLOUR = '#1d2522';
const MUTED = '#55615d';
const PAGE = '#f3f5f4';

/** Only http(s) links go into an href: a stored value can never become a javascript: link. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

/** Where a message that can be turned off points: its one-click unsubscribe and the notification settings. */
export interface MessageLinks {
  unsubscribeUrl: string;
  settingsUrl: string;
}

function html(
  content: Content,
  branding: Branding,
  language: MessageLanguage,
  footer: string,
  links: (MessageLinks & { unsubscribe: string; manage: string }) | null,
): string {
  const colours = themeColours(branding.primaryColour);
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${TEXT_COLOUR};word-break:break-word;overflow-wrap:anywhere">${escapeHtml(text)}</p>`;
  const logo = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.companyName)}" height="40" style="display:block;height:40px;width:auto;max-width:220px;border:0;outline:none;text-decoration:none;${FONT};font-size:20px;font-weight:700;color:${colours.primaryText}">`
    : `<span style="${FONT};font-size:20px;line-height:28px;font-weight:700;color:${colours.primaryText}">${escapeHtml(branding.companyName)}</span>`;
  // The code stands alone in a tinted box, in digits a reader cannot confuse, easy to select.
  const code = content.code
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px"><tr><td style="padding:12px 24px;background:${colours.lightest};border:1px solid ${colours.lighter};border-radius:8px;font-family:'SFMono-Regular',Menlo,Consolas,'Courier New',monospace;font-size:32px;line-height:40px;font-weight:700;letter-spacing:8px;color:${TEXT_COLOUR}">${escapeHtml(content.code)}</td></tr></table>`
    : '';
  const details = content.details
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 16px;border-collapse:collapse">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:8px 12px 8px 0;border-bottom:1px solid #e3e8e6;${FONT};font-size:14px;line-height:20px;color:${MUTED};white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td><td style="padding:8px 0;border-bottom:1px solid #e3e8e6;${FONT};font-size:14px;line-height:20px;color:${TEXT_COLOUR};vertical-align:top">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const buttonUrl = content.button ? safeUrl(content.button.url) : null;
  const button =
    content.button && buttonUrl
      ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr><td style="border-radius:6px;background:${colours.primary}"><a href="${escapeHtml(buttonUrl)}" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;line-height:20px;font-weight:600;color:${colours.onPrimary};text-decoration:none;border-radius:6px">${escapeHtml(content.button.label)}</a></td></tr></table>`
      : '';
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:${MUTED};text-decoration:underline">${escapeHtml(label)}</a>`;
  const footerLinks = links
    ? `<br>${link(links.settingsUrl, links.manage)} · ${link(links.unsubscribeUrl, links.unsubscribe)}`
    : '';
  // The preheader shows in the inbox list after the subject; the padding keeps the body's first words out of it.
  const preheader = `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;color:${PAGE}">${escapeHtml(content.preheader)}${'&#8199;&#65279;&#847; '.repeat(40)}</div>`;
  return `<!doctype html>
<html lang="${language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${PAGE};-webkit-text-size-adjust:100%">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${PAGE}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-top:4px solid ${colours.primary};border-radius:8px">
<tr><td style="padding:24px 32px 8px">${logo}</td></tr>
<tr><td style="padding:16px 32px 8px">
<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:30px;font-weight:700;color:${TEXT_COLOUR}">${escapeHtml(content.heading)}</h1>
${content.intro.map(paragraph).join('\n')}
${code}${details}${content.outro.map(paragraph).join('\n')}
${button}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e3e8e6;${FONT};font-size:13px;line-height:20px;color:${MUTED}">${escapeHtml(footer)}${footerLinks}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function text(
  content: Content,
  footer: string,
  links: (MessageLinks & { unsubscribe: string; manage: string }) | null,
): string {
  const blocks = [content.heading, ...content.intro];
  if (content.code) blocks.push(`    ${content.code}`);
  if (content.details) blocks.push(content.details.map(([label, value]) => `${label}: ${value}`).join('\n'));
  blocks.push(...content.outro);
  const buttonUrl = content.button ? safeUrl(content.button.url) : null;
  if (content.button && buttonUrl) blocks.push(`${content.button.label}: ${buttonUrl}`);
  const linkLines = links
    ? `\n${links.manage}: ${links.settingsUrl}\n${links.unsubscribe}: ${links.unsubscribeUrl}`
    : '';
  return `${blocks.join('\n\n')}\n\n-- \n${footer}${linkLines}\n`;
}

/** 'Shop <no-reply@shop.example>' or a bare address; a bare one gets the shop's name. */
function sender(from: string, companyName: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(from);
  if (match?.[2]) return { name: match[1]?.trim() || companyName, address: match[2] };
  return { name: companyName, address: from.trim() };
}

const moneyIn = (locale: string) => (amountE4: number | null, currency: string | null) => {
  if (amountE4 === null || !currency) return '';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amountE4 / 10_000);
  } catch {
    return `${currency} ${(amountE4 / 10_000).toFixed(2)}`;
  }
};

/**
 * The email for a message, in the language of the texts given (the shopper's, settings' messageTexts).
 * With `links`, a message the shopper can turn off: the footer links to the notification settings
 * and to its unsubscribe page, and the headers carry the one-click unsubscribe of RFC 8058 that
 * mail clients show (Gmail's and Yahoo's rules for senders of such mail).
 */
export function renderMail(
  message: MailMessage,
  texts: MessageTexts,
  branding: Branding,
  from: string,
  links: MessageLinks | null = null,
): RenderedMail {
  const say: Say = (key, params) => fillPlaceholders(texts.text[key], { ...params, company: branding.companyName });
  const locale = TIME_LOCALES[texts.language];
  const content = compose(message, say, timeIn(locale), branding, moneyIn(locale));
  const footer = say('ac_MailFooter');
  const labelled = links && {
    ...links,
    unsubscribe: say('ac_MailUnsubscribe'),
    manage: say('ac_MailManageNotifications'),
  };
  return {
    from: sender(from, branding.companyName),
    subject: content.subject,
    preheader: content.preheader,
    text: text(content, footer, labelled),
    html: html(content, branding, texts.language, footer, labelled),
    ...(links && {
      headers: {
        'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }),
  };
}

/**
 * A message as one text message (issue 47): what happened and the link to it, and how to stop
 * such texts (the unsubscribe page of its event on this channel).
 */
export function renderText(
  message: MailMessage,
  texts: MessageTexts,
  branding: Branding,
  links: MessageLinks | null,
): string {
  const say: Say = (key, params) => fillPlaceholders(texts.text[key], { ...params, company: branding.companyName });
  const locale = TIME_LOCALES[texts.language];
  const content = compose(message, say, timeIn(locale), branding, moneyIn(locale));
  const url = content.button ? safeUrl(content.button.url) : null;
  const notice = say('ac_SmsNotice', { subject: content.subject, url: url ?? branding.accountUrl });
  return links ? `${notice} ${say('ac_SmsStop', { url: links.unsubscribeUrl })}` : notice;
}
