/**
 * The shop integration API's rules: records are created, replaced and deleted by the shop's own
 * ids, each change on its own (a batch keeps the good records and reports the others), and
 * caches follow what changed.
 */
import {
  type BatchResponse,
  type BatchSummary,
  keySchema,
  RECORD_KIND_NAMES,
  RECORD_KINDS,
  RecordEnvelope,
  type RecordKey,
  type RecordKind,
  type RecordResult,
  type ShopperData,
  type SiteSettingsRecord,
} from '@account/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { notFound } from '../../errors.js';
import { normalizeKeys } from '../../http/key-casing.js';
import type { AccountService } from '../account/service.js';
import type { PrivacyExport } from '../privacy/export.js';
import type { SettingsService } from '../settings/service.js';
import {
  type ChangeEffects,
  type DataOf,
  deleteRecord,
  type OwnersOn,
  type PutContext,
  putRecord,
  RecordError,
} from './records.js';
import type { IntegrationRepository } from './repository.js';

/** A record with its kind, its data typed by that kind. */
export interface TypedRecord<K extends RecordKind> {
  kind: K;
  data: DataOf<K>;
  remove: false;
}

/** The record's data checked with its kind's schema (keys in any case, as the calls take them). */
function parseData<K extends RecordKind>(
  kind: K,
  raw: unknown,
): { success: true; record: TypedRecord<K> } | { success: false; error: z.ZodError } {
  const schema = KINDS[kind].data;
  const data = schema.safeParse(normalizeKeys(schema, raw));
  return data.success ? { success: true, record: { kind, data: data.data, remove: false } } : data;
}

/** A zod failure as fields named by their path in the record, with zod's own explanation. */
export function recordProblems(error: z.ZodError): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of error.issues) {
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k]) : [issue.path];
    for (const path of paths) {
      const name = path.map(String).join('.') || 'body';
      problems[name] ??= issue.code === 'unrecognized_keys' ? 'Unknown field' : issue.message;
    }
  }
  return problems;
}

/** A unique index refused a write that raced another (two first PUTs of one new id). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The data schema of each record kind, typed so that a kind's schema yields that kind's data. */
const KINDS: { [K in RecordKind]: { data: z.ZodType<DataOf<K>> } } = RECORD_KINDS;

export interface IntegrationServiceOptions {
  db: Kysely<Database>;
  /** Where the shop's records are written: the owning modules' APIs, bound to a transaction. */
  ownersOn: OwnersOn;
  /** The shopper's row as the integration API shows it. */
  repository: Pick<IntegrationRepository, 'shopper'>;
  settings: SettingsService;
  accounts: AccountService;
  /** The shopper export the shopper's own download reads with. */
  exports: PrivacyExport;
  /** Clears a deleted shopper's old bytes from the database's files; never rejects. */
  scrubErased: () => Promise<void>;
  /** The account area's address (PUBLIC_URL + /account), for the links of the notices a change queues. */
  accountUrl: string;
}

export function integrationService(options: IntegrationServiceOptions) {
  const { db, settings, ownersOn } = options;

  const context = async (): Promise<PutContext> => ({
    now: new Date().toISOString(),
    defaults: await settings.defaults(),
    priceDropThreshold: (await settings.stored()).priceDropThreshold,
    accountUrl: options.accountUrl,
  });

  async function accountIdOf(externalId: string): Promise<number> {
    const shopperId = await ownersOn(db).shoppers.idOf(externalId);
    if (shopperId === undefined) throw notFound('No shopper has this id');
    return shopperId;
  }

  const after = async (effects: Partial<ChangeEffects> | undefined) => {
    if (effects?.settings) settings.invalidate();
    if (effects?.erased) await options.scrubErased();
  };

  /** Runs a change in a transaction, once more if it raced another writer of the same new record. */
  async function inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return db.transaction().execute(work);
    }
  }

  /** A record of a batch or an import, checked as the PUT and DELETE calls check theirs. */
  function parseEnvelope(
    raw: unknown,
  ):
    | ({ ok: true; key: RecordKey } & (TypedRecord<RecordKind> | { kind: RecordKind; remove: true }))
    | { ok: false; kind: string | null; key: RecordKey | null; errors: Record<string, string> } {
    const envelope = RecordEnvelope.safeParse(raw);
    const partial = (raw ?? {}) as { kind?: unknown; key?: unknown };
    const kindOf = typeof partial.kind === 'string' ? partial.kind : null;
    if (kindOf !== null && !(RECORD_KIND_NAMES as readonly string[]).includes(kindOf)) {
      const errors = { kind: `unknown kind '${kindOf}'; the kinds are ${RECORD_KIND_NAMES.join(', ')}` };
      return { ok: false, kind: kindOf, key: null, errors };
    }
    if (!envelope.success) return { ok: false, kind: kindOf, key: null, errors: recordProblems(envelope.error) };
    const { kind } = envelope.data;
    const key = keySchema(kind).safeParse(envelope.data.key);
    if (!key.success) {
      const errors = Object.fromEntries(Object.entries(recordProblems(key.error)).map(([k, v]) => [`key.${k}`, v]));
      return { ok: false, kind, key: envelope.data.key, errors };
    }
    if ('delete' in envelope.data) return { ok: true, kind, key: key.data, remove: true };
    const data = parseData(kind, envelope.data.data);
    if (!data.success) {
      const errors = Object.fromEntries(Object.entries(recordProblems(data.error)).map(([k, v]) => [`data.${k}`, v]));
      return { ok: false, kind, key: key.data, errors };
    }
    return { ok: true, key: key.data, ...data.record };
  }

  return {
    async put<K extends RecordKind>(kind: K, key: RecordKey, data: DataOf<K>) {
      const ctx = await context();
      const result = await inTransaction((trx) => putRecord(ownersOn(trx), kind, key, data, ctx));
      await after(result.effects);
      return { kind, key, outcome: result.outcome, ...('notice' in result ? { notice: result.notice } : {}) };
    },

    async remove(kind: RecordKind, key: RecordKey) {
      const result = await inTransaction((trx) => deleteRecord(ownersOn(trx), kind, key));
      await after(result.effects);
      return { kind, key, outcome: result.outcome };
    },

    /**
     * Applies the records in order, each inside a savepoint of one transaction: a refused record
     * is rolled back alone and reported, the others are kept.
     */
    async batch(records: readonly unknown[]): Promise<BatchResponse> {
      const ctx = await context();
      const results: RecordResult[] = [];
      const effects: Partial<ChangeEffects> = {};
      const trx = await db.startTransaction().execute();
      try {
        for (const [index, raw] of records.entries()) {
          const parsed = parseEnvelope(raw);
          if (!parsed.ok) {
            results.push({ index, kind: parsed.kind, key: parsed.key, outcome: 'rejected', errors: parsed.errors });
            continue;
          }
          const savepoint = `record_${index}`;
          const point = await trx.savepoint(savepoint).execute();
          try {
            const result = parsed.remove
              ? await deleteRecord(ownersOn(point), parsed.kind, parsed.key)
              : await putRecord(ownersOn(point), parsed.kind, parsed.key, parsed.data, ctx);
            await point.releaseSavepoint(savepoint).execute();
            if (result.effects?.settings) effects.settings = true;
            if (result.effects?.erased) effects.erased = true;
            results.push({
              index,
              kind: parsed.kind,
              key: parsed.key,
              outcome: result.outcome,
              ...('notice' in result && result.notice ? { notice: result.notice } : {}),
            });
          } catch (error) {
            await point.rollbackToSavepoint(savepoint).execute();
            const refused =
              error instanceof RecordError
                ? error.fields
                : isUniqueViolation(error)
                  ? { record: 'Clashes with another record' }
                  : null;
            if (!refused) throw error;
            results.push({ index, kind: parsed.kind, key: parsed.key, outcome: 'rejected', errors: refused });
          }
        }
        await trx.commit().execute();
      } catch (error) {
        await trx.rollback().execute();
        throw error;
      }
      await after(effects);
      const summary: BatchSummary = { created: 0, updated: 0, deleted: 0, absent: 0, rejected: 0 };
      for (const result of results) summary[result.outcome] += 1;
      return { results, summary };
    },

    /** The account id of the shopper with this id of the shop. */
    shopperIdOf: accountIdOf,

    /** Everything the account area holds of the shopper with this id of the shop. */
    async shopperData(externalId: string): Promise<ShopperData> {
      return shopperDataOf(options, await accountIdOf(externalId));
    },

    async settings(): Promise<SiteSettingsRecord> {
      return settings.stored();
    },

    patchSettings: (patch: SiteSettingsRecord): Promise<SiteSettingsRecord> => settings.save(patch),

    parseEnvelope,
  };
}

/** The export of one shopper (also what the command line writes): read as the shopper's own download reads it. */
export async function shopperDataOf(
  options: Pick<IntegrationServiceOptions, 'repository' | 'accounts' | 'exports'>,
  shopperId: number,
): Promise<ShopperData> {
  const row = await options.repository.shopper(shopperId);
  if (!row) throw notFound('No such shopper');
  const [personalData, account, orders] = await Promise.all([
    options.exports.personalData(shopperId),
    options.accounts.load(shopperId),
    options.exports.allOrders(shopperId),
  ]);
  return {
    shopper: { id: row.id, externalId: row.externalId, createdAt: row.createdAt },
    account,
    orders,
    personalData,
  };
}

export type IntegrationService = ReturnType<typeof integrationService>;
