/**
 * Webhooks from the account area to the shop: what a shopper changed, as events posted to the
 * shop's endpoints. Each delivery is signed: X-Account-Signature is `v1=` and the hex HMAC-SHA256,
 * keyed with the endpoint's secret, of `{X-Account-Timestamp}.{body}`.
 */
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'account.created',
  'profile.updated',
  'telephone.verified',
  'email.verified',
  'avatar.updated',
  'address.created',
  'address.updated',
  'address.deleted',
  'interests.updated',
  'newsletters.updated',
  'localisation.updated',
  'first_login.completed',
  'order.deleted',
  /** A shopper asked to send lines of an order back (the Return, with the order's and products' shop ids). */
  'return.requested',
  'return.cancelled',
  'achievement.claimed',
  'voucher.claimed',
  'wishlist.changed',
  'recently_viewed.changed',
  /**
   * The shopper deleted their account and it was erased: the shop erases its own copy of the
   * shopper (its id is `shopper.externalId`). Orders stay, anonymised, until the shop deletes them.
   */
  'shopper.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_HEADERS = {
  signature: 'x-account-signature',
  timestamp: 'x-account-timestamp',
  event: 'x-account-event',
  delivery: 'x-account-delivery',
} as const;

/** The body of a delivery. */
export const WebhookEvent = z.object({
  /** The event's id: increasing, and the same on every retry (deduplicate on it). */
  id: z.number().int(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  occurredAt: z.string(),
  shopper: z.object({ id: z.number().int(), externalId: z.string().nullable() }),
  /** What changed, in the shape of the account API (an Address, the Account's fields, ...). */
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;
