/**
 * The address book (spec §2 Address book, Address add and edit; §4 Address delete, Set default;
 * §5 Address form). The server re-validates every address with the shared rules against the
 * shop's own field definitions, then the country, the email and (EU VAT reverse charge) the VAT
 * number. Each shopper has at most one default billing and one default delivery address.
 */
import {
  ADDRESS_DATA_KEYS,
  ADDRESS_FIELDS,
  type Address,
  type AddressInput,
  type AddressUpdate,
  addressProblems,
  type FieldDefinition,
  isInputField,
  isPrivate,
} from '@account/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { fieldErrors, notFound } from '../../errors.js';
import type { EmailCheck } from '../../integrations/email/email-check.js';
import type { VatCheck } from '../../integrations/vat/vat-check.js';
import type { SettingsService } from '../settings/service.js';
import { recordEvent } from '../webhooks/outbox.js';
import type { AddressData, AddressRepository, AddressRole, Defaults } from './repository.js';

export interface AddressServiceOptions {
  repository: AddressRepository;
  settings: Pick<SettingsService, 'stored' | 'hasCountry'>;
  emails: EmailCheck;
  vat: VatCheck;
}

const ROLES: readonly AddressRole[] = ['isBilling', 'isShipping'];

/** Confirmation fields as sent; one left out confirms its own field (a client without it). */
interface Confirmations {
  confirmEmail?: string | undefined;
  confirmTelephone?: string | undefined;
}

const STANDARD_FIELDS = new Set<string>(ADDRESS_FIELDS.map((f) => f.field));

/** The shop's own input fields beyond the address's columns; their values live in extraFields. */
const extraFieldNames = (fields: readonly FieldDefinition[]) =>
  fields.filter((f) => isInputField(f) && !STANDARD_FIELDS.has(f.orderField)).map((f) => f.orderField);

/** The values sent for the shop's extra fields, by their orderField (keys matched case-insensitively). */
function sentExtraFields(sent: Record<string, string> | undefined, fields: readonly FieldDefinition[]) {
  const byLower = new Map(Object.entries(sent ?? {}).map(([key, value]) => [key.toLowerCase(), value]));
  const values: Record<string, string> = {};
  for (const name of extraFieldNames(fields)) {
    const value = byLower.get(name.toLowerCase());
    if (value !== undefined) values[name] = value.trim();
  }
  return values;
}

/** Trimmed, the country code in capitals, and no company data on a private address (§4 Address form). */
function normalised(data: AddressData): AddressData {
  const out = { ...data, country: data.country.trim().toUpperCase() };
  for (const key of ADDRESS_DATA_KEYS) {
    const value = out[key];
    if (typeof value === 'string') Object.assign(out, { [key]: value.trim() });
  }
  if (isPrivate({ AddressType: String(out.addressType) })) {
    out.companyName = '';
    out.vatNumber = '';
  }
  return out;
}

/** The form's values by orderField, as the shared rules read them. */
function valuesOf(data: AddressData, confirm: Confirmations): Record<string, string> {
  const source: Record<string, string> = {
    ...Object.fromEntries(ADDRESS_DATA_KEYS.map((key) => [key, String(data[key])])),
    confirmEmail: (confirm.confirmEmail ?? data.email).trim(),
    confirmTelephone: (confirm.confirmTelephone ?? data.telephone).trim(),
  };
  const values: Record<string, string> = { ...data.extraFields };
  for (const { field, key } of ADDRESS_FIELDS) values[field] = source[key] ?? '';
  return values;
}

const dataOf = (address: Address, extraFields: Record<string, string>): AddressData =>
  ({
    ...Object.fromEntries(ADDRESS_DATA_KEYS.map((key) => [key, address[key]])),
    extraFields,
  }) as AddressData;

export function addressService({ repository, settings, emails, vat }: AddressServiceOptions) {
  /** Every problem of the address, by orderField; empty when it may be saved. */
  async function problemsOf(data: AddressData, confirm: Confirmations): Promise<Record<string, string>> {
    const { addressFields, enableEuVatReverse } = await settings.stored();
    const problems = addressProblems(valuesOf(data, confirm), addressFields);
    const checkVat =
      enableEuVatReverse &&
      data.addressType === 1 &&
      data.vatNumber !== '' &&
      data.country !== '' &&
      !problems.VatNumber &&
      !problems.Country;
    const [countryKnown, emailValid, vatValid] = await Promise.all([
      data.country === '' || problems.Country ? true : settings.hasCountry(data.country),
      data.email === '' || problems.Email ? true : emails.isValid(data.email),
      checkVat ? vat.isValid(data.vatNumber, data.country) : true,
    ]);
    if (!countryKnown) problems.Country = 'ac_CountryRequiredMessage';
    if (!emailValid) problems.Email = 'ac_EmailIsInvalidMessage';
    // A number cannot be valid for a country that does not exist: the country's problem says it.
    if (!vatValid && countryKnown) problems.VatNumber = 'ac_VatNumberIsInvalidMessage';
    return problems;
  }

  async function requireValid(data: AddressData, confirm: Confirmations): Promise<void> {
    const problems = await problemsOf(data, confirm);
    if (Object.keys(problems).length > 0) throw fieldErrors(problems, 'The address has invalid fields');
  }

  /** Records the change for the webhooks (outbox, same transaction): the address as it now is, and the defaults. */
  const tellShop = (
    trx: Transaction<Database>,
    shopperId: number,
    type: 'address.created' | 'address.updated' | 'address.deleted',
    addressId: number,
    address: Address | null,
    defaults: Defaults,
  ) => recordEvent(trx, { shopperId, type, data: { addressId, address, defaults } });

  /** Reads the address and the defaults after a change and tells the shop; answers the address (null once deleted). */
  async function announce(
    trx: Transaction<Database>,
    shopperId: number,
    type: 'address.updated' | 'address.deleted',
    addressId: number,
  ): Promise<Address | null> {
    const book = await repository.addressAndDefaults(shopperId, addressId, trx);
    const address = book.find((a) => a.addressId === addressId) ?? null;
    await tellShop(trx, shopperId, type, addressId, address, {
      billingAddressId: book.find((a) => a.isBilling)?.addressId ?? null,
      shippingAddressId: book.find((a) => a.isShipping)?.addressId ?? null,
    });
    return address;
  }

  return {
    /**
     * Adds an address. The shopper's first address becomes both the default billing and the
     * default delivery address; a later one takes the roles it asks for from the others.
     */
    async create(shopperId: number, input: AddressInput): Promise<Address> {
      const { addressFields } = await settings.stored();
      const data = normalised({
        ...Object.fromEntries(ADDRESS_DATA_KEYS.map((key) => [key, input[key]])),
        extraFields: sentExtraFields(input.extraFields, addressFields),
      } as AddressData);
      await requireValid(data, input);
      return repository.transaction(async (trx) => {
        const first = !(await repository.lockBook(trx, shopperId)).hasAddresses;
        const roles = { isBilling: first || input.isBilling, isShipping: first || input.isShipping };
        const { address, defaults } = await repository.insert(trx, shopperId, data, roles, new Date().toISOString());
        await tellShop(trx, shopperId, 'address.created', address.addressId, address, defaults);
        return address;
      });
    },

    /**
     * Changes only the fields sent, then validates the address as it would be stored. isBilling or
     * isShipping true makes it the default of that kind (taking the role from the other address),
     * false takes the role away. An update that leaves the data as it is (setting a default) is
     * not held to rules the stored address may no longer meet, e.g. after the shop's settings changed.
     */
    async update(shopperId: number, update: AddressUpdate): Promise<Address> {
      const id = update.addressId;
      const stored = await repository.find(shopperId, id);
      if (!stored) throw notFound('No such address');
      const { addressFields } = await settings.stored();
      const before = dataOf(stored.address, stored.extraFields);
      const sent = Object.fromEntries(
        ADDRESS_DATA_KEYS.flatMap((key) => (update[key] === undefined ? [] : [[key, update[key]]])),
      );
      const merged = normalised({
        ...before,
        ...sent,
        extraFields: { ...before.extraFields, ...sentExtraFields(update.extraFields, addressFields) },
      });
      const changes: Partial<AddressData> = Object.fromEntries(
        ADDRESS_DATA_KEYS.filter((key) => merged[key] !== before[key]).map((key) => [key, merged[key]]),
      );
      if (JSON.stringify(merged.extraFields) !== JSON.stringify(before.extraFields)) {
        changes.extraFields = merged.extraFields;
      }
      const confirmationSent = update.confirmEmail !== undefined || update.confirmTelephone !== undefined;
      if (Object.keys(changes).length > 0 || confirmationSent) await requireValid(merged, update);

      const address = await repository.transaction(async (trx) => {
        await repository.lockBook(trx, shopperId);
        // Deleted meanwhile (another tab): nothing to change.
        if (!(await repository.find(shopperId, id, trx))) throw notFound('No such address');
        const now = new Date().toISOString();
        if (Object.keys(changes).length > 0) await repository.update(trx, shopperId, id, changes, now);
        for (const role of ROLES) {
          const wanted = update[role];
          if (wanted !== undefined) await repository.setRole(trx, shopperId, id, role, wanted, now);
        }
        return announce(trx, shopperId, 'address.updated', id);
      });
      if (!address) throw notFound('No such address');
      return address;
    },

    /** Deletes an address; a default role it held goes to the shopper's oldest remaining address. */
    async remove(shopperId: number, id: number): Promise<void> {
      await repository.transaction(async (trx) => {
        await repository.lockBook(trx, shopperId);
        const held = await repository.remove(trx, shopperId, id);
        if (!held) throw notFound('No such address');
        const heir = ROLES.some((role) => held[role]) ? await repository.oldest(trx, shopperId) : undefined;
        if (heir !== undefined) {
          const now = new Date().toISOString();
          for (const role of ROLES) {
            if (held[role]) await repository.setRole(trx, shopperId, heir, role, true, now);
          }
        }
        await announce(trx, shopperId, 'address.deleted', id);
      });
    },

    /** §7 validateVatNumber: the number is valid for the country. */
    vatNumberIsValid(vatNumber: string, country: string): Promise<boolean> {
      return vat.isValid(vatNumber.trim(), country.trim());
    },
  };
}

export type AddressService = ReturnType<typeof addressService>;
