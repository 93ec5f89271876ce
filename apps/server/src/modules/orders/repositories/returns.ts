/**
 * SQL of the returns (issue 46, "Send it back"): an order's own return rules, the returns its
 * shopper asks for, and the shop's updates of them. A return keeps its status (its latest update
 * by the update's own time, so that updates arriving out of order change nothing; or cancelled),
 * so that lists read no updates.
 */
import {
  RETURN_RELEASED_STATUSES,
  type ReturnLabels,
  type ReturnMethodKind,
  type ReturnRulesRecord,
  ReturnStatus,
  type ReturnUpdateStatus,
  returnNumber,
  type ShipmentLine,
} from '@account/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../../../db/connection.js';
import { anyDeleted, upsertByExternalId } from '../../../db/external-id.js';
import type { Database } from '../../../db/types.js';

export type ReturnRuleLine = ReturnRulesRecord['lines'][number];

/** The method as it was offered when the return was asked for. */
export interface StoredReturnMethod {
  code: string;
  kind: ReturnMethodKind;
  labels: ReturnLabels;
}

/** A line of a return, with the product as the order showed it then. */
export interface StoredReturnLine {
  line: number;
  name: string;
  image: string | null;
  quantity: number;
  reason: { code: string; labels: ReturnLabels };
}

export interface NewReturn {
  orderId: number;
  shopperId: number;
  method: StoredReturnMethod;
  methodCostE4: number;
  currency: string;
  comment: string;
  lines: StoredReturnLine[];
}

export interface StoredReturnUpdate {
  status: ReturnUpdateStatus;
  at: string;
  reason: string | null;
  labelUrl: string | null;
  labelKind: 'pdf' | 'qr' | null;
  refundE4: number | null;
  refundCurrency: string | null;
  refundTo: string | null;
}

/** A return as stored, with its order's number and the shop's updates (oldest first). */
export interface StoredReturn {
  id: number;
  number: string;
  orderId: number;
  orderNumber: string;
  status: ReturnStatus;
  method: StoredReturnMethod;
  methodCostE4: number;
  currency: string;
  comment: string;
  lines: StoredReturnLine[];
  cancelledAt: string | null;
  created: string;
  updates: StoredReturnUpdate[];
}

/** A delivered shipment's lines and when it was delivered. */
export interface DeliveredParcel {
  statusAt: string | null;
  lines: ShipmentLine[];
}

const RETURN_COLUMNS = [
  'returns.id',
  'returns.number',
  'returns.orderId',
  'orders.orderNumber',
  'returns.status',
  'returns.method',
  'returns.methodCostE4',
  'returns.currency',
  'returns.comment',
  'returns.lines',
  'returns.cancelledAt',
  'returns.createdAt',
] as const;

export function returnRepository(db: Kysely<Database>, kind: DatabaseKind) {
  const selectReturns = (executor: Kysely<Database>) =>
    executor.selectFrom('returns').innerJoin('orders', 'orders.id', 'returns.orderId').select(RETURN_COLUMNS);
  type ReturnRow = Awaited<ReturnType<ReturnType<typeof selectReturns>['execute']>>[number];

  /** Rows with their updates, in one more statement however many. */
  async function complete(executor: Kysely<Database>, rows: ReturnRow[]): Promise<StoredReturn[]> {
    if (rows.length === 0) return [];
    const updates = await executor
      .selectFrom('returnUpdates')
      .select(['returnId', 'status', 'at', 'reason', 'labelUrl', 'labelKind', 'refundE4', 'refundCurrency', 'refundTo'])
      .where(
        'returnId',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      status: ReturnStatus.parse(row.status),
      method: JSON.parse(row.method) as StoredReturnMethod,
      methodCostE4: row.methodCostE4,
      currency: row.currency,
      comment: row.comment,
      lines: JSON.parse(row.lines) as StoredReturnLine[],
      cancelledAt: row.cancelledAt,
      created: row.createdAt,
      updates: updates
        .filter((update) => update.returnId === row.id)
        .map(({ returnId: _, ...update }) => ({
          ...update,
          // Only the integration API's checked values are ever written.
          status: update.status as ReturnUpdateStatus,
          labelKind: update.labelKind as StoredReturnUpdate['labelKind'],
        })),
    }));
  }

  /** Takes the latest update (by its time; a later id wins a tie) onto the return, unless it was cancelled. */
  async function refreshStatus(returnId: number, now: string): Promise<void> {
    const latest = await db
      .selectFrom('returnUpdates')
      .select('status')
      .where('returnId', '=', returnId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await db
      .updateTable('returns')
      .set({ status: latest?.status ?? 'requested', updatedAt: now })
      .where('id', '=', returnId)
      .where('cancelledAt', 'is', null)
      .execute();
  }

  return {
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> => db.transaction().execute(work),

    /** The order's own return rules per line (none: every line follows the policy). */
    async rules(orderId: number): Promise<ReturnRuleLine[]> {
      const row = await db.selectFrom('returnRules').select('lines').where('orderId', '=', orderId).executeTakeFirst();
      return row ? (JSON.parse(row.lines) as ReturnRuleLine[]) : [];
    },

    /** The order's shipments: how many, and the delivered ones' lines and delivery times. */
    async parcels(orderId: number): Promise<{ shipments: number; delivered: DeliveredParcel[] }> {
      const rows = await db
        .selectFrom('shipments')
        .select(['status', 'statusAt', 'lines'])
        .where('orderId', '=', orderId)
        .execute();
      return {
        shipments: rows.length,
        delivered: rows
          .filter((row) => row.status === 'delivered')
          .map((row) => ({ statusAt: row.statusAt, lines: JSON.parse(row.lines) as ShipmentLine[] })),
      };
    },

    /**
     * Locks the shopper's order for the rest of the transaction, so that two returns for the same
     * lines are decided one after the other; false when it is not theirs. PostgreSQL locks the
     * order's row; SQLite runs one transaction at a time already (and has no FOR UPDATE).
     */
    async lockOrder(trx: Transaction<Database>, shopperId: number, orderId: number): Promise<boolean> {
      const query = trx.selectFrom('orders').select('id').where('id', '=', orderId).where('shopperId', '=', shopperId);
      return (await (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst()) !== undefined;
    },

    /**
     * How many of each line the order's returns hold (those cancelled or rejected hold none). Read
     * in its own statement after lockOrder: on PostgreSQL a statement sees what was committed when
     * it started, and the lock's statement may have started before the previous holder committed.
     */
    async returnedQuantities(orderId: number, executor: Kysely<Database> = db): Promise<Map<number, number>> {
      const rows = await executor
        .selectFrom('returns')
        .select('lines')
        .where('orderId', '=', orderId)
        .where('status', 'not in', [...RETURN_RELEASED_STATUSES])
        .execute();
      const held = new Map<number, number>();
      for (const row of rows) {
        for (const { line, quantity } of JSON.parse(row.lines) as StoredReturnLine[]) {
          held.set(line, (held.get(line) ?? 0) + quantity);
        }
      }
      return held;
    },

    /** Adds the return, numbered after its id; answers its id. */
    async insert(trx: Kysely<Database>, value: NewReturn, now: string): Promise<number> {
      const { id } = await trx
        .insertInto('returns')
        .values({
          ...value,
          // Unique until the id is known, which the number is made from.
          number: `new-${crypto.randomUUID()}`,
          status: 'requested',
          method: JSON.stringify(value.method),
          lines: JSON.stringify(value.lines),
          cancelledAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('returns')
        .set({ number: returnNumber(id) })
        .where('id', '=', id)
        .execute();
      return id;
    },

    /** Cancels the shopper's return if it is still `requested`; false when it is not (or not theirs). */
    async cancel(trx: Transaction<Database>, shopperId: number, id: number, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('returns')
        .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('shopperId', '=', shopperId)
        .where('status', '=', 'requested')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** One of the shopper's returns; another shopper's is as absent as an unknown one. */
    async find(shopperId: number, id: number, executor: Kysely<Database> = db): Promise<StoredReturn | null> {
      const rows = await selectReturns(executor)
        .where('returns.id', '=', id)
        .where('returns.shopperId', '=', shopperId)
        .execute();
      return (await complete(executor, rows))[0] ?? null;
    },

    /** The shopper's returns (of one order, or all), newest first. */
    async ofShopper(shopperId: number, orderId?: number): Promise<StoredReturn[]> {
      let query = selectReturns(db).where('returns.shopperId', '=', shopperId);
      if (orderId !== undefined) query = query.where('returns.orderId', '=', orderId);
      return complete(db, await query.orderBy('returns.createdAt', 'desc').orderBy('returns.id', 'desc').execute());
    },

    /** The shop's ids of products, by local id (a product the shop never sent has none). */
    async productExternalIds(executor: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await executor
        .selectFrom('products')
        .select(['id', 'externalId'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.flatMap((row) => (row.externalId === null ? [] : [[row.id, row.externalId] as const])));
    },

    async orderExternalId(executor: Kysely<Database>, orderId: number): Promise<string | null> {
      const row = await executor.selectFrom('orders').select('externalId').where('id', '=', orderId).executeTakeFirst();
      return row?.externalId ?? null;
    },

    // ---- The shop's side (integration API) ----

    async putRules(orderId: number, lines: readonly ReturnRuleLine[], now: string): Promise<{ created: boolean }> {
      const existing = await db.selectFrom('returnRules').select('orderId').where('orderId', '=', orderId).execute();
      const values = { lines: JSON.stringify(lines), updatedAt: now };
      await db
        .insertInto('returnRules')
        .values({ orderId, ...values })
        .onConflict((oc) => oc.column('orderId').doUpdateSet(values))
        .execute();
      return { created: existing.length === 0 };
    },

    async removeRules(orderId: number): Promise<boolean> {
      return anyDeleted(await db.deleteFrom('returnRules').where('orderId', '=', orderId).executeTakeFirst());
    },

    /** The returns of an order by its number, as the shop sees them (the demo shop's returns desk). */
    async ofOrderNumber(orderNumber: string): Promise<{ number: string; status: ReturnStatus }[]> {
      const rows = await db
        .selectFrom('returns')
        .innerJoin('orders', 'orders.id', 'returns.orderId')
        .select(['returns.number', 'returns.status'])
        .where('orders.orderNumber', '=', orderNumber)
        .orderBy('returns.id')
        .execute();
      return rows.map((row) => ({ number: row.number, status: ReturnStatus.parse(row.status) }));
    },

    /** A return by its number, as the shop names it. */
    async findByNumber(
      number: string,
    ): Promise<{ id: number; number: string; shopperId: number; status: ReturnStatus } | undefined> {
      const row = await db
        .selectFrom('returns')
        .select(['id', 'number', 'shopperId', 'status'])
        .where('number', '=', number)
        .executeTakeFirst();
      return row && { ...row, status: ReturnStatus.parse(row.status) };
    },

    /** Creates or replaces the update with the shop's id within its return, then the return's status. */
    async putUpdate(
      returnId: number,
      externalId: string,
      update: StoredReturnUpdate,
      now: string,
    ): Promise<{ created: boolean }> {
      const existing = await db
        .selectFrom('returnUpdates')
        .select('id')
        .where('returnId', '=', returnId)
        .where('externalId', '=', externalId)
        .executeTakeFirst();
      const { created } = await upsertByExternalId(
        existing?.id,
        (id) => db.updateTable('returnUpdates').set(update).where('id', '=', id).execute(),
        async () =>
          (
            await db
              .insertInto('returnUpdates')
              .values({ ...update, returnId, externalId, createdAt: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
      await refreshStatus(returnId, now);
      return { created };
    },

    async removeUpdate(returnId: number, externalId: string, now: string): Promise<boolean> {
      const deleted = anyDeleted(
        await db
          .deleteFrom('returnUpdates')
          .where('returnId', '=', returnId)
          .where('externalId', '=', externalId)
          .executeTakeFirst(),
      );
      if (deleted) await refreshStatus(returnId, now);
      return deleted;
    },
  };
}

export type ReturnRepository = ReturnType<typeof returnRepository>;
