/**
 * Self-service returns (issue 46, "Send it back"): which lines of one of the shopper's orders may
 * go back (delivered, within the shop's window, not yet in another return), asking for a return,
 * cancelling it while the shop has not acted, and reading them with the shop's updates. Reasons
 * and methods are the shop's (the returnPolicy setting, narrowed per line by an order's rules),
 * labelled in the shopper's language.
 */
import {
  type CreateReturnBody,
  fromTenThousandths,
  GENERIC_FIELD_ERROR,
  type Order,
  type Return,
  type ReturnList,
  type ReturnMethodRecord,
  type ReturnOptionLine,
  type ReturnOptions,
  type ReturnPolicyRecord,
  type ReturnRefusal,
  returnLabel,
  returnNumber,
  toTenThousandths,
} from '@account/contract';
import { conflict, fieldErrors, notFound } from '../../errors.js';
import type { SettingsService } from '../settings/service.js';
import { recordEvent } from '../webhooks/outbox.js';
import type { ReturnRepository, StoredReturn, StoredReturnLine } from './repositories/returns.js';
import type { OrderRepository } from './repository.js';

/** A spec §4 shipment status code: delivered. */
const DELIVERED = 60;
const DAY_MS = 86_400_000;

type Reason = ReturnPolicyRecord['reasons'][number];

export interface ReturnServiceOptions {
  orders: Pick<OrderRepository, 'find' | 'shopperLanguage'>;
  returns: ReturnRepository;
  settings: Pick<SettingsService, 'stored' | 'resolveLanguage'>;
}

/** What the rules allow for one line of an order. */
interface LineOption {
  line: number;
  name: string;
  image: string | null;
  returnable: boolean;
  until: string | null;
  why: ReturnRefusal | null;
  maxQuantity: number;
  reasons: Reason[];
  methods: ReturnMethodRecord[];
}

export function returnService({ orders, returns, settings }: ReturnServiceOptions) {
  async function own(shopperId: number, orderId: number): Promise<Order> {
    const order = await orders.find(shopperId, orderId);
    if (!order) throw notFound('No such order');
    return order;
  }

  const language = async (shopperId: number, acceptLanguage?: string) =>
    settings.resolveLanguage(await orders.shopperLanguage(shopperId), acceptLanguage);

  /** What a line's options follow, read outside any lock: the policy, the order's rules and its parcels. */
  async function basisOf(order: Order) {
    const [{ returnPolicy: policy }, rules, parcels] = await Promise.all([
      settings.stored(),
      returns.rules(order.id),
      returns.parcels(order.id),
    ]);
    return { policy, rules, parcels };
  }
  type Basis = Awaited<ReturnType<typeof basisOf>>;

  /** Each line's options from the basis and the quantities already in returns (read after the lock, when writing). */
  function lineOptions(
    order: Order,
    { policy, rules, parcels }: Basis,
    held: ReadonlyMap<number, number>,
  ): LineOption[] {
    const at = Date.now();
    return order.products.map((product, line) => {
      let delivered = 0;
      let deliveredAt: string | null = null;
      for (const parcel of parcels.delivered) {
        for (const entry of parcel.lines) {
          if (entry.line !== line) continue;
          delivered += entry.quantity;
          if (parcel.statusAt && (!deliveredAt || parcel.statusAt > deliveredAt)) deliveredAt = parcel.statusAt;
        }
      }
      // Without parcels the shop's own line status tells it, one of each line.
      if (parcels.shipments === 0 && product.status === DELIVERED) delivered = 1;
      const rule = rules.find((r) => r.line === line);
      const returnable = rule?.returnable ?? true;
      const until =
        rule?.until ??
        (delivered > 0
          ? new Date(Date.parse(deliveredAt ?? order.created) + policy.days * DAY_MS).toISOString()
          : null);
      const maxQuantity = Math.max(0, delivered - (held.get(line) ?? 0));
      let why: ReturnRefusal | null = null;
      if (!returnable) why = 'notReturnable';
      else if (delivered === 0) why = 'notDelivered';
      else if (until !== null && Date.parse(until) < at) why = 'expired';
      else if (maxQuantity === 0) why = 'allReturned';
      return {
        line,
        name: product.name,
        image: product.image,
        returnable,
        until,
        why,
        maxQuantity: why === null ? maxQuantity : 0,
        reasons: rule?.reasons ?? policy.reasons,
        methods: rule?.methods ?? policy.methods,
      };
    });
  }

  /** The return as the shopper reads it, in their language. */
  function present(stored: StoredReturn, lang: string): Return {
    const rejected =
      stored.status === 'rejected' ? stored.updates.filter((u) => u.status === 'rejected').at(-1) : undefined;
    const label = stored.updates.filter((u) => u.labelUrl !== null && u.labelKind !== null).at(-1);
    const refund = stored.updates.filter((u) => u.status === 'refunded' && u.refundE4 !== null).at(-1);
    const events: Return['events'] = [
      { status: 'requested', at: stored.created, note: null },
      ...stored.updates.map((u) => ({
        status: u.status,
        at: u.at,
        note: u.status === 'refunded' ? u.refundTo : u.reason,
      })),
      ...(stored.cancelledAt ? [{ status: 'cancelled' as const, at: stored.cancelledAt, note: null }] : []),
    ];
    return {
      id: stored.id,
      number: stored.number,
      orderId: stored.orderId,
      orderNumber: stored.orderNumber,
      status: stored.status,
      created: stored.created,
      method: {
        code: stored.method.code,
        kind: stored.method.kind,
        label: returnLabel(stored.method.labels, lang),
        cost: { amount: fromTenThousandths(stored.methodCostE4), currency: stored.currency },
      },
      comment: stored.comment,
      lines: stored.lines.map((l) => ({
        line: l.line,
        name: l.name,
        image: l.image,
        quantity: l.quantity,
        reason: { code: l.reason.code, label: returnLabel(l.reason.labels, lang) },
      })),
      rejectReason: rejected?.reason ?? null,
      label: label?.labelUrl && label.labelKind ? { url: label.labelUrl, kind: label.labelKind } : null,
      refund:
        refund && refund.refundE4 !== null
          ? {
              amount: {
                amount: fromTenThousandths(refund.refundE4),
                currency: refund.refundCurrency ?? stored.currency,
              },
              to: refund.refundTo ?? '',
            }
          : null,
      // Newest first: reversed, so that of the same moment the later step comes first.
      events: events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).reverse(),
    };
  }

  /**
   * The return's lines and method as asked for, or a 400 naming every field at fault as the body
   * names it: a line that cannot go back (or twice), more than is left, a reason or a method the
   * line does not offer (one method for the whole return: every line must allow it).
   */
  function decide(options: LineOption[], body: CreateReturnBody) {
    const fields: Record<string, string> = {};
    const lines: StoredReturnLine[] = [];
    const seen = new Set<number>();
    let methods: ReturnMethodRecord[] | null = null;
    for (const [i, wanted] of body.lines.entries()) {
      const option = options[wanted.line];
      if (!option || seen.has(wanted.line) || option.why !== null) fields[`Lines.${i}.Line`] = GENERIC_FIELD_ERROR;
      else if (wanted.quantity > option.maxQuantity) fields[`Lines.${i}.Quantity`] = GENERIC_FIELD_ERROR;
      seen.add(wanted.line);
      if (!option) continue;
      const reason = option.reasons.find((r) => r.code === wanted.reason);
      if (!reason) fields[`Lines.${i}.Reason`] = GENERIC_FIELD_ERROR;
      else lines.push({ line: wanted.line, name: option.name, image: option.image, quantity: wanted.quantity, reason });
      methods = (methods ?? option.methods).filter((m) => option.methods.some((o) => o.code === m.code));
    }
    const method = methods?.find((m) => m.code === body.method);
    if (methods && !method) fields.Method = GENERIC_FIELD_ERROR;
    if (Object.keys(fields).length > 0 || !method) throw fieldErrors(fields, 'These lines cannot be sent back so');
    return { lines, method };
  }

  return {
    /** Which lines may go back, how many and until when, and the reasons and methods (issue 46). */
    async options(shopperId: number, orderId: number, acceptLanguage?: string): Promise<ReturnOptions> {
      const order = await own(shopperId, orderId);
      const [basis, held, lang] = await Promise.all([
        basisOf(order),
        returns.returnedQuantities(order.id),
        language(shopperId, acceptLanguage),
      ]);
      const options = lineOptions(order, basis, held);
      const reasons = new Map<string, Reason>();
      const methods = new Map<string, ReturnMethodRecord>();
      for (const option of options) {
        for (const reason of option.reasons) if (!reasons.has(reason.code)) reasons.set(reason.code, reason);
        for (const method of option.methods) if (!methods.has(method.code)) methods.set(method.code, method);
      }
      return {
        lines: options.map(
          (o): ReturnOptionLine => ({
            line: o.line,
            name: o.name,
            image: o.image,
            returnable: o.returnable,
            until: o.until,
            maxQuantity: o.maxQuantity,
            why: o.why,
            reasons: o.reasons.map((r) => r.code),
            methods: o.methods.map((m) => m.code),
          }),
        ),
        reasons: [...reasons.values()].map((r) => ({ code: r.code, label: returnLabel(r.labels, lang) })),
        methods: [...methods.values()].map((m) => ({
          code: m.code,
          kind: m.kind,
          label: returnLabel(m.labels, lang),
          cost: { amount: m.cost, currency: order.totalPrice.currency },
        })),
      };
    },

    /**
     * Asks for a return. The order is locked while its lines' quantities are checked and the
     * return written, so that returns racing for the same units never hold more than was
     * delivered; the shop hears of it (return.requested) in the same transaction.
     */
    async create(shopperId: number, orderId: number, body: CreateReturnBody, acceptLanguage?: string): Promise<Return> {
      const order = await own(shopperId, orderId);
      const [basis, lang] = await Promise.all([basisOf(order), language(shopperId, acceptLanguage)]);
      const id = await returns.transaction(async (trx) => {
        if (!(await returns.lockOrder(trx, shopperId, order.id))) throw notFound('No such order');
        const options = lineOptions(order, basis, await returns.returnedQuantities(order.id, trx));
        const { lines, method } = decide(options, body);
        const created = new Date().toISOString();
        const returnId = await returns.insert(
          trx,
          {
            orderId: order.id,
            shopperId,
            method: { code: method.code, kind: method.kind, labels: method.labels },
            methodCostE4: toTenThousandths(method.cost),
            currency: order.totalPrice.currency,
            comment: body.comment,
            lines,
          },
          created,
        );
        const productIds = await returns.productExternalIds(
          trx,
          order.products.map((p) => p.productId),
        );
        await recordEvent(trx, {
          shopperId,
          type: 'return.requested',
          data: {
            id: returnId,
            number: returnNumber(returnId),
            created,
            order: {
              id: order.id,
              orderNumber: order.orderId,
              externalId: await returns.orderExternalId(trx, order.id),
            },
            lines: lines.map((l) => ({
              line: l.line,
              product: productIds.get(order.products[l.line]?.productId ?? 0) ?? null,
              quantity: l.quantity,
              reason: l.reason.code,
            })),
            method: method.code,
            comment: body.comment,
          },
        });
        return returnId;
      });
      const stored = await returns.find(shopperId, id);
      if (!stored) throw notFound('No such return');
      return present(stored, lang);
    },

    /** Cancels the shopper's return while the shop has not acted on it (else 409). */
    async cancel(shopperId: number, id: number, acceptLanguage?: string): Promise<Return> {
      const lang = await language(shopperId, acceptLanguage);
      await returns.transaction(async (trx) => {
        if (await returns.cancel(trx, shopperId, id, new Date().toISOString())) {
          const stored = await returns.find(shopperId, id, trx);
          await recordEvent(trx, {
            shopperId,
            type: 'return.cancelled',
            data: {
              id,
              number: stored?.number ?? null,
              order: stored && {
                id: stored.orderId,
                orderNumber: stored.orderNumber,
                externalId: await returns.orderExternalId(trx, stored.orderId),
              },
            },
          });
          return;
        }
        // Not cancelled: not theirs, or no longer requested.
        if (!(await returns.find(shopperId, id, trx))) throw notFound('No such return');
        throw conflict('The shop has acted on this return: it cannot be cancelled');
      });
      const stored = await returns.find(shopperId, id);
      if (!stored) throw notFound('No such return');
      return present(stored, lang);
    },

    /** The returns of an order by its number, as the shop sees them (the demo shop's returns desk). */
    ofOrderNumber: (orderNumber: string) => returns.ofOrderNumber(orderNumber),

    /** The shopper's returns (of one of their orders, or all), newest first. */
    async list(shopperId: number, orderId?: number, acceptLanguage?: string): Promise<ReturnList> {
      if (orderId !== undefined) await own(shopperId, orderId);
      const [stored, lang] = await Promise.all([
        returns.ofShopper(shopperId, orderId),
        language(shopperId, acceptLanguage),
      ]);
      return { returns: stored.map((r) => present(r, lang)) };
    },
  };
}

export type ReturnService = ReturnType<typeof returnService>;
