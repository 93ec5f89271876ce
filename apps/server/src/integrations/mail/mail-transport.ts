/**
 * Emails leave the server through one small interface, so the verification and sign-in code does
 * not care whether they end in the demo's letterbox or at a real mail server. Callers hand a Mailer a
 * MailMessage (what happened); templates.ts turns it into the shopper's language, a transport
 * sends the result.
 */
import type { NotificationEvent } from '@account/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** What an email tells the shopper; the templates word it. */
export type MailMessage =
  | { kind: 'email-verification-code'; code: string; ttlSeconds: number }
  | { kind: 'sign-in-code'; code: string; ttlSeconds: number }
  | { kind: 'account-deletion-code'; code: string; ttlSeconds: number }
  /** The account will be erased at dueAt (ISO 8601) unless the shopper signs in before. */
  | { kind: 'account-deletion-scheduled'; dueAt: string }
  /** The notice to the old address that a change to newEmail was asked for. */
  | { kind: 'email-change-requested'; newEmail: string }
  | {
      kind: 'new-browser-sign-in';
      /** The browser and device as a person reads them ('Firefox on Windows'). */
      browser: string;
      /** When, ISO 8601. */
      at: string;
      /** How the shopper signed in: a provider's name ('google', 'sso'), 'email' or 'passkey'. */
      method: string;
      /** The sessions page ('it wasn't me'), once there is one. */
      sessionsUrl: string | null;
    }
  | { kind: 'phone-verified'; telephone: string }
  /** The number on the account changed (to `telephone`; empty when it was removed). */
  | { kind: 'phone-changed'; telephone: string }
  /** A sign-in method (as in new-browser-sign-in) was added or removed; `detail` names a passkey. */
  | { kind: 'sign-in-method-linked' | 'sign-in-method-removed'; method: string; detail: string | null }
  /** Issue 47: an order's news (confirmed, shipped, out for delivery, delivered, a delivery problem). */
  | {
      kind: 'order-update';
      event: 'orderConfirmed' | 'orderShipped' | 'outForDelivery' | 'delivered' | 'deliveryProblem';
      orderNumber: string;
      /** The order's page in the account area. */
      orderUrl: string;
      carrier: string | null;
      trackingUrl: string | null;
      /** The carrier's words, for a problem. */
      detail: string | null;
      audience: Audience;
    }
  /** A return was asked for or moved on by the shop (RETURN_STATUSES). */
  | { kind: 'return-update'; returnNumber: string; status: string; returnUrl: string; audience: Audience }
  /** Wishlist alerts gathered for one shopper: back in stock, price drops (amounts in ten-thousandths). */
  | {
      kind: 'wishlist-alerts';
      items: {
        name: string;
        url: string | null;
        change: 'backInStock' | 'priceDrop';
        currency: string | null;
        oldPriceE4: number | null;
        newPriceE4: number | null;
      }[];
      wishlistUrl: string;
      audience: Audience;
    };

/**
 * Who a message that can be turned off is for, and the events it tells of (a wishlist digest may
 * tell of two): the mail gets a one-click unsubscribe (RFC 8058) for them and a link to the
 * notification settings.
 */
export interface Audience {
  shopperId: number;
  events: Exclude<NotificationEvent, 'security'>[];
}

export type MailKind = MailMessage['kind'];

/** An email as written: multipart text + HTML. */
export interface RenderedMail {
  /** The sender as shown: the shop's name (or MAIL_FROM's own) and MAIL_FROM's address. */
  from: { name: string; address: string };
  subject: string;
  /** The first line a mail client shows after the subject. */
  preheader: string;
  text: string;
  html: string;
  /** Further headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** A transport moves one rendered email to one address. */
export interface MailTransport {
  readonly name: 'outbox' | 'smtp' | 'none';
  /** Rejects with MailSendError when the mail was not accepted for delivery. */
  send(to: string, mail: RenderedMail): Promise<void>;
  /** Closes pooled connections (shutdown). */
  close(): Promise<void>;
}

/** The email was not accepted: the server refused it, failed, timed out, or none is configured. */
export class MailSendError extends Error {
  override name = 'MailSendError';
  /** The SMTP reply code when the server gave one (550, 421...). */
  readonly responseCode: number | undefined;
  /** The server refused the recipient for good (a 5xx reply): sending again will not help. */
  readonly permanent: boolean;
  constructor(message: string, options?: ErrorOptions & { responseCode?: number; permanent?: boolean }) {
    super(message, options);
    this.responseCode = options?.responseCode;
    this.permanent = options?.permanent ?? false;
  }
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp' | 'none';
  /** false for 'none': the email features are off then. */
  readonly configured: boolean;
  /** Renders and sends now (codes). Rejects with MailSendError on failure or after MAIL_TIMEOUT_MS. */
  send(to: string, language: string | null, message: MailMessage): Promise<void>;
  /**
   * Queues a notice for durable delivery with retries (survives a restart; delivered once across
   * several instances). Never throws for transport trouble. `db` lets a caller queue inside its
   * own transaction, so the notice goes only when the change is kept.
   */
  notify(
    to: string,
    language: string | null,
    message: MailMessage,
    db?: Kysely<Database>,
    channel?: 'email' | 'sms',
  ): Promise<void>;
}
