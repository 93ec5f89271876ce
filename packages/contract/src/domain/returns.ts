/**
 * Self-service returns (issue 46, "Send it back"): which lines of a delivered order a shopper may
 * send back, how many and until when, the return they ask for, and its life at the shop (approved
 * or rejected, a label, received, refunded) as the shop reports it.
 */
import { z } from 'zod';
import { Money } from './entities.js';

/** How the parcel goes back: handed in at a drop-off point, picked up at home, or brought to a store. */
export const RETURN_METHOD_KINDS = ['dropOff', 'pickup', 'inStore'] as const;
export const ReturnMethodKind = z.enum(RETURN_METHOD_KINDS);
export type ReturnMethodKind = z.infer<typeof ReturnMethodKind>;

/** What the shop reports of a return. */
export const RETURN_UPDATE_STATUSES = ['approved', 'rejected', 'labelAvailable', 'received', 'refunded'] as const;
export type ReturnUpdateStatus = (typeof RETURN_UPDATE_STATUSES)[number];

/** A return's status: requested by the shopper, then the shop's latest update, or cancelled by the shopper. */
export const RETURN_STATUSES = ['requested', ...RETURN_UPDATE_STATUSES, 'cancelled'] as const;
export const ReturnStatus = z.enum(RETURN_STATUSES);
export type ReturnStatus = z.infer<typeof ReturnStatus>;

/** Returns that no longer hold their units: another return may take them again. */
export const RETURN_RELEASED_STATUSES: readonly ReturnStatus[] = ['cancelled', 'rejected'];

/** Why a line cannot be returned now. */
export const RETURN_REFUSALS = ['notReturnable', 'expired', 'notDelivered', 'allReturned'] as const;
export const ReturnRefusal = z.enum(RETURN_REFUSALS);
export type ReturnRefusal = z.infer<typeof ReturnRefusal>;

/** The shop's labels of a reason or method, by language code (en, nl, de, ...). */
export type ReturnLabels = Readonly<Record<string, string>>;

/** The label in the language asked for, else English, else the first the shop gave. */
export function returnLabel(labels: ReturnLabels, language: string): string {
  return labels[language] ?? labels.en ?? Object.values(labels)[0] ?? '';
}

const Moment = z.string().describe('ISO 8601 timestamp (UTC)');

export const ReturnReason = z.object({ code: z.string(), label: z.string() });
export type ReturnReason = z.infer<typeof ReturnReason>;

export const ReturnMethod = z.object({ code: z.string(), kind: ReturnMethodKind, label: z.string(), cost: Money });
export type ReturnMethod = z.infer<typeof ReturnMethod>;

export const ReturnOptionLine = z.object({
  /** The index in the order's products. */
  line: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  returnable: z.boolean(),
  /** The last moment it may be sent back; null when nothing was delivered yet. */
  until: Moment.nullable(),
  maxQuantity: z.number().int().nonnegative(),
  why: ReturnRefusal.nullable(),
  /** The codes of the reasons and methods this line allows (a shop's rule may narrow them). */
  reasons: z.array(z.string()),
  methods: z.array(z.string()),
});
export type ReturnOptionLine = z.infer<typeof ReturnOptionLine>;

export const ReturnOptions = z.object({
  lines: z.array(ReturnOptionLine),
  /** Every reason and method any line allows, labelled in the shopper's language. */
  reasons: z.array(ReturnReason),
  methods: z.array(ReturnMethod),
});
export type ReturnOptions = z.infer<typeof ReturnOptions>;

export const RETURN_COMMENT_MAX = 1000;

/** POST /order/returns/{id}: the lines to send back (each once), why, and how. */
export const CreateReturnBody = z.object({
  lines: z
    .array(
      z.object({
        line: z.number().int().min(0).max(499),
        quantity: z.number().int().min(1).max(100_000),
        reason: z.string().trim().min(1).max(50),
      }),
    )
    .min(1)
    .max(500),
  method: z.string().trim().min(1).max(50),
  comment: z.string().trim().max(RETURN_COMMENT_MAX, 'ac_FieldInvalidMaxLengthMessage').default(''),
});
export type CreateReturnBody = z.infer<typeof CreateReturnBody>;

export const ReturnEvent = z.object({ status: ReturnStatus, at: Moment, note: z.string().nullable() });
export type ReturnEvent = z.infer<typeof ReturnEvent>;

export const ReturnLine = z.object({
  line: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  reason: ReturnReason,
});
export type ReturnLine = z.infer<typeof ReturnLine>;

export const Return = z.object({
  id: z.number().int(),
  /** The return's number, shown to the shopper and used by the shop (R-000042). */
  number: z.string(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  status: ReturnStatus,
  created: Moment,
  method: ReturnMethod,
  comment: z.string(),
  lines: z.array(ReturnLine),
  /** The shop's reason when it rejected the return. */
  rejectReason: z.string().nullable(),
  label: z.object({ url: z.string(), kind: z.enum(['pdf', 'qr']) }).nullable(),
  refund: z.object({ amount: Money, to: z.string() }).nullable(),
  /** Newest first. */
  events: z.array(ReturnEvent),
});
export type Return = z.infer<typeof Return>;

export const ReturnList = z.object({ returns: z.array(Return) });
export type ReturnList = z.infer<typeof ReturnList>;

/** The return's number from its id: unique as the id is. */
export const returnNumber = (id: number) => `R-${String(id).padStart(6, '0')}`;
