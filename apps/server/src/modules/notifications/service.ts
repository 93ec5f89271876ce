/**
 * What a shopper hears about, and how (issue 47): the choices per event and channel over the
 * shop's defaults, the signed one-click unsubscribe, the wishlist's alert switches and what each
 * item shows, and `tell`, which queues a message on every channel the shopper chose, in the
 * transaction of the change it tells of.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  channelsOf,
  fromTenThousandths,
  isLockedChoice,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSettings,
  notificationDefaults,
  type UpdateNotificationsBody,
  WISHLIST_CHANGE_SHOWN_DAYS,
  type WishlistAlerts,
} from '@account/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { fieldErrors, notFound } from '../../errors.js';
import type { Audience, MailMessage } from '../../integrations/mail/mail-transport.js';
import type { SettingsService } from '../settings/service.js';
import type { StoredSettings } from '../settings/stored-settings.js';
import type { NotificationRepository } from './repository.js';

/** What the server can send at all: a mail transport, an SMS transport. */
export interface Messaging {
  /** PUBLIC_URL + /account: the links in the messages. */
  accountUrl: string;
  email: boolean;
  sms: boolean;
}

/** The command line's imports tell no one: it has no transport, and no address to link to. */
export const NO_MESSAGING: Messaging = { accountUrl: '', email: false, sms: false };

/** Where a notice is queued for durable delivery (the mail module's queue; services.ts hands it in). */
export interface NoticeSink {
  add(
    notice: { recipient: string; language: string | null; message: MailMessage; channel: NotificationChannel },
    executor: Kysely<Database>,
  ): Promise<void>;
}

type Choices = Record<NotificationEvent, Record<NotificationChannel, boolean>>;

/** Events a one-click unsubscribe may turn off. */
type Unsubscribable = Audience['events'][number];

const TOKEN_VERSION = 'u1';

export function notificationService(deps: {
  repository: NotificationRepository;
  queue: NoticeSink;
  settings: SettingsService;
  messaging: Messaging;
  /** Signs the unsubscribe links (SESSION_SECRET); unsigned without it, and then refused. */
  secret?: string;
}) {
  const { repository, settings, messaging } = deps;
  const key = deps.secret ? createHmac('sha256', deps.secret).update('notification unsubscribe').digest() : null;

  /** The shopper's choices over the shop's defaults; locked ones always on. */
  async function choicesOf(shopperId: number, executor?: Kysely<Database>, stored?: StoredSettings): Promise<Choices> {
    const choices = notificationDefaults((stored ?? (await settings.stored())).notificationDefaults);
    for (const row of await repository.choices(shopperId, executor)) {
      const event = row.event as NotificationEvent;
      const channel = row.channel as NotificationChannel;
      if (choices[event] && channelsOf(event).includes(channel) && !isLockedChoice(event, channel)) {
        choices[event][channel] = row.enabled;
      }
    }
    return choices;
  }

  async function view(shopperId: number): Promise<NotificationSettings> {
    const [choices, contact] = await Promise.all([choicesOf(shopperId), repository.contact(shopperId)]);
    return {
      choices: NOTIFICATION_EVENTS.flatMap((event) =>
        channelsOf(event).map((channel) => ({
          event,
          channel,
          enabled: choices[event][channel],
          locked: isLockedChoice(event, channel),
        })),
      ),
      smsUnavailable: !messaging.sms
        ? 'noTransport'
        : !contact?.telephone
          ? 'noPhone'
          : contact.telephoneVerifyDate === null
            ? 'phoneNotVerified'
            : null,
    };
  }

  const sign = (payload: string) => {
    if (!key) throw new Error('No secret to sign unsubscribe links with');
    return createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);
  };

  /** A token naming the shopper, the events and the channel, signed: it cannot be made or moved to another. */
  function unsubscribeToken(audience: Audience, channel: NotificationChannel): string {
    const payload = `${TOKEN_VERSION}.${audience.shopperId}.${[...audience.events].sort().join('+')}.${channel}`;
    return `${Buffer.from(payload).toString('base64url')}.${sign(payload)}`;
  }

  /** The shopper, events and channel of a token this server signed; null for anything else. */
  function readToken(
    token: string,
  ): { shopperId: number; events: Unsubscribable[]; channel: NotificationChannel } | null {
    if (!key || token.length > 300) return null;
    const [body, mac] = token.split('.');
    if (!body || !mac || token.split('.').length !== 2) return null;
    const payload = Buffer.from(body, 'base64url').toString();
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const [version, id, events, channel] = payload.split('.');
    const shopperId = Number(id);
    const named = (events ?? '').split('+');
    if (version !== TOKEN_VERSION || !Number.isSafeInteger(shopperId) || shopperId <= 0) return null;
    if (!NOTIFICATION_CHANNELS.includes(channel as NotificationChannel)) return null;
    if (!named.every((event) => NOTIFICATION_EVENTS.includes(event as NotificationEvent) && event !== 'security')) {
      return null;
    }
    return { shopperId, events: named as Unsubscribable[], channel: channel as NotificationChannel };
  }

  const choiceDays = WISHLIST_CHANGE_SHOWN_DAYS * 86_400_000;

  async function wishlistAlerts(shopperId: number, now = new Date()): Promise<WishlistAlerts> {
    const since = new Date(now.getTime() - choiceDays).toISOString();
    const contact = await repository.contact(shopperId);
    const states = await repository.wishlistStates(shopperId, since);
    const drops = await repository.recentDrops(
      states.map((state) => state.productId),
      since,
    );
    return {
      all: contact?.wishlistAlerts === 1,
      items: states.map((state) => {
        // The latest drop in the currency the wishlist shows; shown only while its price holds.
        const drop = drops.find((d) => d.productId === state.productId && d.currency === state.currency);
        const available = state.availability === 'inStock' || state.availability === 'lowStock';
        return {
          productId: state.productId,
          alert: state.alert === 1,
          availability: state.availability as WishlistAlerts['items'][number]['availability'],
          backInStock: available && state.backInStockAt !== null,
          previousPrice:
            drop && drop.oldPriceE4 !== null
              ? { amount: fromTenThousandths(Number(drop.oldPriceE4)), currency: state.currency }
              : null,
        };
      }),
    };
  }

  /**
   * Queues `message` on every channel the shopper chose for `event`: email to a verified address,
   * a text to a verified number, each only where the server has a transport for it.
   */
  async function tell(
    executor: Kysely<Database>,
    shopperId: number,
    event: Exclude<NotificationEvent, 'security'>,
    message: MailMessage,
  ): Promise<void> {
    await tellOn(executor, shopperId, message, (choices) => NOTIFICATION_CHANNELS.filter((c) => choices[event][c]));
  }

  /**
   * As tell, with the channels picked from the shopper's choices by the caller (a digest of several
   * events). `stored`: the settings read before the transaction `executor` is, as a caller that
   * may hold one longer than the settings' cache lasts passes them: read within it on SQLite, they
   * would wait for the connection the transaction holds, for ever.
   */
  async function tellOn(
    executor: Kysely<Database>,
    shopperId: number,
    message: MailMessage | ((channel: NotificationChannel) => MailMessage | null),
    channelsFrom: (choices: Choices) => NotificationChannel[],
    stored?: StoredSettings,
  ): Promise<number> {
    if (!messaging.email && !messaging.sms) return 0;
    const contact = await repository.contact(shopperId, executor);
    if (!contact) return 0;
    const channels = channelsFrom(await choicesOf(shopperId, executor, stored));
    let queued = 0;
    for (const channel of channels) {
      const recipient =
        channel === 'email'
          ? messaging.email && contact.emailVerifiedBy !== null && contact.email !== ''
            ? contact.email
            : null
          : messaging.sms && contact.telephone !== '' && contact.telephoneVerifyDate !== null
            ? contact.telephone
            : null;
      const body = typeof message === 'function' ? message(channel) : message;
      if (!recipient || !body) continue;
      await deps.queue.add({ recipient, language: contact.defaultLanguage, message: body, channel }, executor);
      queued++;
    }
    return queued;
  }

  return {
    get: view,

    async update(shopperId: number, body: UpdateNotificationsBody): Promise<NotificationSettings> {
      const fields: Record<string, string> = {};
      body.choices.forEach((choice, index) => {
        if (!channelsOf(choice.event).includes(choice.channel))
          fields[`Choices.${index}.channel`] = 'ac_FieldInvalidMessage';
        else if (isLockedChoice(choice.event, choice.channel) && !choice.enabled) {
          fields[`Choices.${index}.enabled`] = 'ac_NotificationLocked';
        }
      });
      if (Object.keys(fields).length > 0) throw fieldErrors(fields);
      await repository.setChoices(
        shopperId,
        body.choices.filter((choice) => !isLockedChoice(choice.event, choice.channel)),
        new Date().toISOString(),
      );
      return view(shopperId);
    },

    /** The link that turns these events off on this channel for this shopper, without signing in. */
    unsubscribeUrl: (audience: Audience, channel: NotificationChannel) =>
      `${messaging.accountUrl}/unsubscribe/${unsubscribeToken(audience, channel)}`,
    settingsUrl: () => `${messaging.accountUrl}/settings#notifications`,
    readToken,
    /** A live shopper's language preference; undefined for no live shopper. */
    languageOf: async (shopperId: number) => (await repository.contact(shopperId))?.defaultLanguage,
    /** Forgets alerts and product changes done with longer ago than the wishlist shows them. */
    sweep: (now = new Date()) => repository.sweep(new Date(now.getTime() - choiceDays).toISOString()),

    /** Turns off what a valid token names; answers what it turned off (null for no valid token), for the page to say. */
    async unsubscribe(token: string) {
      const read = readToken(token);
      if (!read) return null;
      const contact = await repository.contact(read.shopperId);
      if (!contact) return null;
      await repository.setChoices(
        read.shopperId,
        read.events.map((event) => ({ event, channel: read.channel, enabled: false })),
        new Date().toISOString(),
      );
      return { ...read, language: contact.defaultLanguage };
    },

    wishlistAlerts,

    async setItemAlert(shopperId: number, productId: number, enabled: boolean): Promise<WishlistAlerts> {
      if (!(await repository.setItemAlert(shopperId, productId, enabled))) {
        throw notFound('The product is not on your wishlist');
      }
      return wishlistAlerts(shopperId);
    },

    async setAllAlerts(shopperId: number, enabled: boolean): Promise<WishlistAlerts> {
      await repository.setAllAlerts(shopperId, enabled);
      return wishlistAlerts(shopperId);
    },

    tell,
    tellOn,
  };
}

export type NotificationService = ReturnType<typeof notificationService>;
