/**
 * What the shopper hears about, and how (issue 47): one choice per event kind and channel. The
 * shop sets the defaults (site setting `notificationDefaults`); the shopper's own choices override
 * them. Security notices by email cannot be switched off: they are how a shopper learns that
 * someone else got into the account.
 */
import { z } from 'zod';
import { ProductAvailability } from './buy-again.js';
import { Money } from './entities.js';

export const NOTIFICATION_EVENTS = [
  'orderConfirmed',
  'orderShipped',
  'outForDelivery',
  'delivered',
  'deliveryProblem',
  'returnUpdate',
  'backInStock',
  'priceDrop',
  'security',
] as const;
export const NotificationEvent = z.enum(NOTIFICATION_EVENTS);
export type NotificationEvent = z.infer<typeof NotificationEvent>;

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export const NotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/** The channels an event can be told on: security notices are emails only. */
export const channelsOf = (event: NotificationEvent): readonly NotificationChannel[] =>
  event === 'security' ? ['email'] : NOTIFICATION_CHANNELS;

/** A choice the shopper cannot change (and a one-click unsubscribe cannot either). */
export const isLockedChoice = (event: NotificationEvent, channel: NotificationChannel) =>
  event === 'security' && channel === 'email';

export type NotificationDefaults = Record<NotificationEvent, Record<NotificationChannel, boolean>>;

/**
 * Order and return updates by email on; wishlist alerts by email on, but only for the items whose
 * alert the shopper turned on (each item's alert starts off); text messages off.
 */
export const NOTIFICATION_DEFAULTS: NotificationDefaults = Object.fromEntries(
  NOTIFICATION_EVENTS.map((event) => [event, { email: true, sms: false }]),
) as NotificationDefaults;

/** The shop's defaults over the product's own: the events and channels it names. */
export const NotificationDefaultsSetting = z.partialRecord(
  NotificationEvent,
  z.strictObject({ email: z.boolean().optional(), sms: z.boolean().optional() }),
);
export type NotificationDefaultsSetting = z.infer<typeof NotificationDefaultsSetting>;

export function notificationDefaults(setting: NotificationDefaultsSetting | null | undefined): NotificationDefaults {
  const defaults = structuredClone(NOTIFICATION_DEFAULTS);
  for (const event of NOTIFICATION_EVENTS) {
    for (const channel of channelsOf(event)) {
      const shop = setting?.[event]?.[channel];
      if (shop !== undefined && !isLockedChoice(event, channel)) defaults[event][channel] = shop;
    }
  }
  for (const event of NOTIFICATION_EVENTS) if (!channelsOf(event).includes('sms')) defaults[event].sms = false;
  return defaults;
}

/** Why text messages cannot be chosen: no number, a number not verified, or the shop sends none. */
export const SMS_UNAVAILABLE_REASONS = ['noTransport', 'noPhone', 'phoneNotVerified'] as const;

export const NotificationChoice = z.object({
  event: NotificationEvent,
  channel: NotificationChannel,
  enabled: z.boolean(),
});
export type NotificationChoice = z.infer<typeof NotificationChoice>;

export const NotificationSettings = z.object({
  /** Every event and each of its channels, in the order of NOTIFICATION_EVENTS. */
  choices: z.array(NotificationChoice.extend({ locked: z.boolean() })),
  /** Null when texts can be sent; otherwise why not (the SMS choices are kept, and used once they can). */
  smsUnavailable: z.enum(SMS_UNAVAILABLE_REASONS).nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** PATCH /setting/notifications: the choices that change; the others stay. */
export const UpdateNotificationsBody = z.object({
  choices: z
    .array(
      z.strictObject({
        event: z.enum(NOTIFICATION_EVENTS, 'ac_FieldInvalidMessage'),
        channel: z.enum(NOTIFICATION_CHANNELS, 'ac_FieldInvalidMessage'),
        enabled: z.boolean('ac_FieldInvalidMessage'),
      }),
    )
    .min(1, 'ac_FieldInvalidMessage')
    .max(NOTIFICATION_EVENTS.length * NOTIFICATION_CHANNELS.length, 'ac_FieldInvalidMessage'),
});
export type UpdateNotificationsBody = z.infer<typeof UpdateNotificationsBody>;

/** A wishlist item's state and alert (GET /shopUser/wishlistAlerts). */
export const WishlistItemAlert = z.object({
  productId: z.number().int(),
  /** Whether a change of this product is told to the shopper. */
  alert: z.boolean(),
  availability: ProductAvailability,
  /** Back in stock since it was last out of stock (within the last 30 days). */
  backInStock: z.boolean(),
  /** The price before its last drop (within the last 30 days), in the shopper's currency; null for none. */
  previousPrice: Money.nullable(),
});
export type WishlistItemAlert = z.infer<typeof WishlistItemAlert>;

export const WishlistAlerts = z.object({
  /** Alerts for the whole wishlist: every item's, and those added later. */
  all: z.boolean(),
  items: z.array(WishlistItemAlert),
});
export type WishlistAlerts = z.infer<typeof WishlistAlerts>;

export const WishlistAlertBody = z.object({ enabled: z.boolean('ac_FieldInvalidMessage') });
export type WishlistAlertBody = z.infer<typeof WishlistAlertBody>;

/** How far a price must fall, in percent, before a wishlist alert tells of it (site setting `priceDropThreshold`). */
export const DEFAULT_PRICE_DROP_THRESHOLD = 5;
/** Alerts for one shopper within this many minutes go out as one message (site setting `alertDigestMinutes`). */
export const DEFAULT_ALERT_DIGEST_MINUTES = 30;
/** How long the wishlist says "back in stock" or shows the earlier price. */
export const WISHLIST_CHANGE_SHOWN_DAYS = 30;
