/** SQL of the address book: a shopper's addresses and their default billing and delivery roles. */
import { ADDRESS_DATA_KEYS, type Address, type AddressDataKey, fullName } from '@account/contract';
import type { Expression, Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import type { Database, NewRow, Row } from '../../db/types.js';
import { accountPart } from '../account/part.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** An address's own data, named as the contract names it. */
export type AddressData = Pick<Address, AddressDataKey> & {
  /** Values of the shop's own extra fields, by orderField. */
  extraFields: Record<string, string>;
};

/** The default roles an address can hold, one address each per shopper (unique indexes). */
export type AddressRole = 'isBilling' | 'isShipping';

/** The shopper's default billing and delivery addresses. */
export interface Defaults {
  billingAddressId: number | null;
  shippingAddressId: number | null;
}

/** The data keys whose columns are named otherwise: the table is older than the contract's names. */
const RENAMED = {
  address: 'street',
  addressNumber: 'houseNumber',
  addressNumberSuffix: 'houseNumberSuffix',
} as const satisfies Partial<Record<AddressDataKey, keyof Row<'addresses'>>>;

type ColumnOf<K extends AddressDataKey> = K extends keyof typeof RENAMED ? (typeof RENAMED)[K] : K;

const isRenamed = (key: AddressDataKey): key is keyof typeof RENAMED => Object.hasOwn(RENAMED, key);

/** The column of a data key (ADDRESS_FIELDS' key): the key itself, or its name in RENAMED. */
export const addressColumn = <K extends AddressDataKey>(key: K) => (isRenamed(key) ? RENAMED[key] : key) as ColumnOf<K>;

/**
 * The columns of the address's data, in ADDRESS_FIELDS' order. A field added there without a
 * column of the same name or a RENAMED entry fails the typecheck here.
 */
const DATA_COLUMNS = ADDRESS_DATA_KEYS.map(addressColumn) satisfies readonly (keyof Row<'addresses'>)[];

const COLUMNS = ['id', ...DATA_COLUMNS, 'isBilling', 'isShipping', 'extraFields'] as const;

type AddressRow = Pick<Row<'addresses'>, (typeof COLUMNS)[number]>;

/** A stored address as the contract's Address (spec §3): name is first plus last, trimmed. */
export function toAddress(r: AddressRow): Address {
  return {
    addressId: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    name: fullName(r),
    companyName: r.companyName,
    vatNumber: r.vatNumber,
    addressType: r.addressType,
    email: r.email,
    telephone: r.telephone,
    country: r.country,
    address: r.street,
    addressNumber: r.houseNumber,
    addressNumberSuffix: r.houseNumberSuffix,
    zipCode: r.zipCode,
    city: r.city,
    isBilling: r.isBilling === 1,
    isShipping: r.isShipping === 1,
    extraFields: parseExtraFields(r.extraFields),
  };
}

const addressesOf = (db: Executor, shopperId: number | Expression<number>) =>
  db.selectFrom('addresses').select(COLUMNS).where('shopperId', '=', shopperId).orderBy('id');

/** The shopper's address book in their account (spec §3: addresses). */
export const addressesPart = accountPart(
  (db, shopper) => addressesOf(db, shopper.id),
  (rows) => rows.map(toAddress),
);

function parseExtraFields(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

const extraFieldsJson = (extraFields: Record<string, string>) =>
  Object.keys(extraFields).length > 0 ? JSON.stringify(extraFields) : null;

/** The columns of an address's data, or of the part of it that changed; Kysely leaves out an undefined value. */
const columnsOf = <D extends Partial<AddressData>>(data: D) =>
  Object.fromEntries(ADDRESS_DATA_KEYS.map((key) => [addressColumn(key), data[key]])) as {
    [K in keyof D as K extends AddressDataKey ? ColumnOf<K> : never]: D[K];
  };

/** The named values of `from`: a prepared query's stand-ins are read by name, they cannot be spread. */
const pick = <T, K extends keyof T>(from: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;

const roleValue = (role: AddressRole, on: boolean) =>
  role === 'isBilling' ? { isBilling: on ? 1 : 0 } : { isShipping: on ? 1 : 0 };

export function addressRepository(db: Kysely<Database>, kind: DatabaseKind) {
  const addressAndDefaults = prepared(db, (p: { shopperId: number; addressId: number }) =>
    addressesOf(db, p.shopperId).where((eb) =>
      eb.or([eb('id', '=', p.addressId), eb('isBilling', '=', 1), eb('isShipping', '=', 1)]),
    ),
  );
  const insertAddress = prepared(db, (p: Required<Omit<NewRow<'addresses'>, 'id'>>) =>
    db
      .insertInto('addresses')
      .values({
        shopperId: p.shopperId,
        ...pick(p, DATA_COLUMNS),
        isBilling: p.isBilling,
        isShipping: p.isShipping,
        extraFields: p.extraFields,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
      })
      .returning((eb) => {
        // Read by the insert, but in PostgreSQL a statement does not see its own new row: so the holder
        // of each role other than the new address, which both databases answer alike.
        const otherHolder = (role: AddressRole) =>
          eb
            .selectFrom('addresses as other')
            .select('other.id')
            .whereRef('other.shopperId', '=', 'addresses.shopperId')
            .whereRef('other.id', '!=', 'addresses.id')
            .where(`other.${role}`, '=', 1);
        return [
          ...COLUMNS.map((column) => `addresses.${column}` as const),
          otherHolder('isBilling').as('otherBillingId'),
          otherHolder('isShipping').as('otherShippingId'),
        ];
      }),
  );
  const book = prepared(db, (p: { shopperId: number }) => {
    const shopper = db
      .selectFrom('shoppers')
      .select((eb) =>
        eb
          .exists(eb.selectFrom('addresses').select('addresses.id').whereRef('addresses.shopperId', '=', 'shoppers.id'))
          .as('hasAddresses'),
      )
      .where('shoppers.id', '=', p.shopperId);
    return kind === 'postgres' ? shopper.forUpdate() : shopper;
  });

  /** Takes the role from the shopper's addresses, but for `keeper` (the index allows one holder). */
  const takeRole = (trx: Transaction<Database>, shopperId: number, role: AddressRole, keeper?: number) => {
    const holders = trx.updateTable('addresses').set(roleValue(role, false)).where('shopperId', '=', shopperId);
    return (keeper === undefined ? holders : holders.where('id', '!=', keeper)).where(role, '=', 1).execute();
  };

  /** Gives `id` the role, taking it from the shopper's other addresses first. */
  async function giveRole(trx: Transaction<Database>, shopperId: number, id: number, role: AddressRole, now: string) {
    await takeRole(trx, shopperId, role, id);
    await trx
      .updateTable('addresses')
      .set({ ...roleValue(role, true), updatedAt: now })
      .where('id', '=', id)
      .where('shopperId', '=', shopperId)
      .execute();
  }

  return {
    /**
     * Of the shopper's addresses, the one asked for and the default billing and delivery ones: what
     * a change tells the shop, read without the rest of the book (at most three rows).
     */
    addressAndDefaults: async (shopperId: number, addressId: number, executor: Executor = db): Promise<Address[]> =>
      (await addressAndDefaults.rows({ shopperId, addressId }, executor)).map(toAddress),

    /** One of the shopper's own addresses; another shopper's is as absent as an unknown one. */
    async find(
      shopperId: number,
      id: number,
      executor: Executor = db,
    ): Promise<{ address: Address; extraFields: Record<string, string> } | undefined> {
      const row = await executor
        .selectFrom('addresses')
        .select([...COLUMNS, 'extraFields'])
        .where('id', '=', id)
        .where('shopperId', '=', shopperId)
        .executeTakeFirst();
      return row && { address: toAddress(row), extraFields: parseExtraFields(row.extraFields) };
    },

    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /**
     * Serialises the changes to one shopper's address book until the transaction ends, so that two
     * concurrent "make default" calls cannot both move a role, and answers whether the book has an
     * address, in one statement. PostgreSQL locks the shopper's row; SQLite runs one transaction at
     * a time already (and has no FOR UPDATE). On PostgreSQL the answer is as of the statement's
     * start, possibly before the lock's holder committed: what depends on it must not trust it.
     */
    async lockBook(trx: Transaction<Database>, shopperId: number): Promise<{ hasAddresses: boolean }> {
      const row = await book.first({ shopperId }, trx);
      // Kysely types exists() as a number or boolean: SQLite answers 0 or 1, PostgreSQL true or false.
      return { hasAddresses: Boolean(row?.hasAddresses) };
    },

    /**
     * Adds an address holding the roles given, taken from the shopper's other addresses first;
     * answers it as stored and the defaults it leaves, in the statement that inserts it.
     */
    async insert(
      trx: Transaction<Database>,
      shopperId: number,
      data: AddressData,
      roles: Record<AddressRole, boolean>,
      now: string,
    ): Promise<{ address: Address; defaults: Defaults }> {
      for (const role of ['isBilling', 'isShipping'] as const) {
        if (roles[role]) await takeRole(trx, shopperId, role);
      }
      const row = await insertAddress.first(
        {
          ...columnsOf(data),
          extraFields: extraFieldsJson(data.extraFields),
          shopperId,
          isBilling: roles.isBilling ? 1 : 0,
          isShipping: roles.isShipping ? 1 : 0,
          createdAt: now,
          updatedAt: now,
        },
        trx,
      );
      if (!row) throw new Error('The inserted address was not returned');
      return {
        address: toAddress(row),
        defaults: {
          billingAddressId: roles.isBilling ? row.id : row.otherBillingId,
          shippingAddressId: roles.isShipping ? row.id : row.otherShippingId,
        },
      };
    },

    async update(
      trx: Transaction<Database>,
      shopperId: number,
      id: number,
      changes: Partial<AddressData>,
      now: string,
    ) {
      await trx
        .updateTable('addresses')
        .set({
          ...columnsOf(changes),
          ...(changes.extraFields === undefined ? {} : { extraFields: extraFieldsJson(changes.extraFields) }),
          updatedAt: now,
        })
        .where('id', '=', id)
        .where('shopperId', '=', shopperId)
        .execute();
    },

    /** Gives the address the role (taking it from the others), or takes it away. */
    async setRole(
      trx: Transaction<Database>,
      shopperId: number,
      id: number,
      role: AddressRole,
      on: boolean,
      now: string,
    ) {
      if (on) return giveRole(trx, shopperId, id, role, now);
      await trx
        .updateTable('addresses')
        .set({ ...roleValue(role, false), updatedAt: now })
        .where('id', '=', id)
        .where('shopperId', '=', shopperId)
        .execute();
    },

    /** Deletes one of the shopper's addresses; answers the roles it held, or null if it was not theirs. */
    async remove(
      trx: Transaction<Database>,
      shopperId: number,
      id: number,
    ): Promise<Record<AddressRole, boolean> | null> {
      const row = await trx
        .deleteFrom('addresses')
        .where('id', '=', id)
        .where('shopperId', '=', shopperId)
        .returning(['isBilling', 'isShipping'])
        .executeTakeFirst();
      return row ? { isBilling: row.isBilling === 1, isShipping: row.isShipping === 1 } : null;
    },

    /** The shopper's oldest address. */
    async oldest(trx: Transaction<Database>, shopperId: number): Promise<number | undefined> {
      const row = await trx
        .selectFrom('addresses')
        .select('id')
        .where('shopperId', '=', shopperId)
        .orderBy('createdAt')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },
  };
}

export type AddressRepository = ReturnType<typeof addressRepository>;
