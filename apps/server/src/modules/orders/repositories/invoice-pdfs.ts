/**
 * SQL of the kept invoice PDFs (migration 2026-11-29-008): one per invoice, the latest rendering,
 * under the digest of what it was rendered from; and the render-ahead job's claims, rows without
 * a PDF that one instance holds until kept_at.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/types.js';

export interface KeptPdf {
  invoiceId: number;
  shopperId: number;
  inputKey: string;
  pdf: Buffer;
}

export function invoicePdfRepository(db: Kysely<Database>) {
  return {
    /** The kept PDFs of these invoices, by invoice id, with the key each was rendered under. */
    async kept(invoiceIds: readonly number[]): Promise<Map<number, { inputKey: string; pdf: Buffer }>> {
      if (invoiceIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('invoicePdfs')
        .select(['invoiceId', 'inputKey', 'pdf'])
        .where('invoiceId', 'in', invoiceIds)
        .where('pdf', 'is not', null)
        .execute();
      const kept = new Map<number, { inputKey: string; pdf: Buffer }>();
      for (const row of rows) if (row.pdf) kept.set(row.invoiceId, { inputKey: row.inputKey, pdf: row.pdf });
      return kept;
    },

    /** Keeps the PDFs in one statement, each replacing the invoice's earlier one or its claim. */
    async keep(pdfs: readonly KeptPdf[], at: string): Promise<void> {
      if (pdfs.length === 0) return;
      await db
        .insertInto('invoicePdfs')
        .values(pdfs.map((pdf) => ({ ...pdf, keptAt: at })))
        .onConflict((oc) =>
          oc.column('invoiceId').doUpdateSet((eb) => ({
            shopperId: eb.ref('excluded.shopperId'),
            inputKey: eb.ref('excluded.inputKey'),
            pdf: eb.ref('excluded.pdf'),
            keptAt: eb.ref('excluded.keptAt'),
          })),
        )
        .execute();
    },

    /**
     * The next shoppers after `after` (by id, at most `span` ids on) who have at least
     * `minInvoices` invoices and one neither kept nor claimed until after `now`; and whether shoppers beyond the span
     * are left. One span at a time, so that a look reads a bounded part of the orders.
     */
    async aheadCandidates(
      after: number,
      span: number,
      minInvoices: number,
      now: string,
    ): Promise<{ shopperIds: number[]; beyond: boolean }> {
      const rows = await db
        .selectFrom('orders as o')
        .innerJoin('invoices as i', 'i.orderId', 'o.id')
        // A claim run out counts as missing: claim() takes it again.
        .leftJoin('invoicePdfs as p', (join) =>
          join
            .onRef('p.invoiceId', '=', 'i.id')
            .on((eb) => eb.or([eb('p.pdf', 'is not', null), eb('p.keptAt', '>=', now)])),
        )
        .select('o.shopperId')
        .where('o.shopperId', '>', after)
        .where('o.shopperId', '<=', after + span)
        .groupBy('o.shopperId')
        .having((eb) => eb(eb.fn.count('i.id'), '>=', minInvoices))
        .having((eb) => eb(eb.fn.count('p.invoiceId'), '<', eb.fn.count('i.id')))
        .orderBy('o.shopperId')
        .execute();
      const last = await db
        .selectFrom('shoppers')
        .select('id')
        .where('id', '>', after + span)
        .limit(1)
        .executeTakeFirst();
      return { shopperIds: rows.map((row) => row.shopperId), beyond: last !== undefined };
    },

    /**
     * Claims up to `limit` of the shopper's invoices that are neither kept nor claimed, until
     * `until`; answers their ids. A claim run out (its instance stopped) is taken
     * over. Writing the claims is the claim: of two instances, each gets the rows it wrote.
     */
    async claim(shopperId: number, limit: number, now: string, until: string): Promise<number[]> {
      const claimed = await db
        .insertInto('invoicePdfs')
        .columns(['invoiceId', 'shopperId', 'inputKey', 'pdf', 'keptAt'])
        .expression(
          db
            .selectFrom('orders as o')
            .innerJoin('invoices as i', 'i.orderId', 'o.id')
            .leftJoin('invoicePdfs as p', 'p.invoiceId', 'i.id')
            .select((eb) => [
              'i.id',
              'o.shopperId',
              eb.val('').as('inputKey'),
              sql<Buffer | null>`null`.as('pdf'),
              eb.val(until).as('keptAt'),
            ])
            .where('o.shopperId', '=', shopperId)
            .where((eb) =>
              eb.or([eb('p.invoiceId', 'is', null), eb.and([eb('p.pdf', 'is', null), eb('p.keptAt', '<', now)])]),
            )
            // No order asked for: a sort would read all the shopper's orders; the walk of the index stops at `limit`.
            .limit(limit),
        )
        .onConflict((oc) =>
          oc
            .column('invoiceId')
            .doUpdateSet((eb) => ({ keptAt: eb.ref('excluded.keptAt') }))
            .where('invoicePdfs.pdf', 'is', null)
            .where('invoicePdfs.keptAt', '<', now),
        )
        .returning('invoiceId')
        .execute();
      return claimed.map((row) => row.invoiceId);
    },

    /** Lets go of claims whose rendering failed, so that a later look tries again. */
    async release(invoiceIds: readonly number[]): Promise<void> {
      if (invoiceIds.length === 0) return;
      await db.deleteFrom('invoicePdfs').where('invoiceId', 'in', invoiceIds).where('pdf', 'is', null).execute();
    },
  };
}

export type InvoicePdfRepository = ReturnType<typeof invoicePdfRepository>;
