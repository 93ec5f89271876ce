/**
 * The address form's rules (spec §5 Address form, §4 Address form), written once for the web
 * form and the server: they read the server-supplied field definitions, so a shop's own field
 * list is validated the same way on both sides.
 */
import type { Address, FieldDefinition } from './entities.js';
import { FIELD_TYPES } from './field-types.js';
import { isValidForCallingCode } from './phone-number.js';
import { LIMITS } from './rules.js';

/** Form values by the field's orderField; AddressType is '0' or '1', Telephone '{code} {number}'. */
export type AddressValues = Readonly<Record<string, string>>;

const INPUT_TYPES: readonly number[] = [
  FIELD_TYPES.text,
  FIELD_TYPES.dropdown,
  FIELD_TYPES.radio,
  FIELD_TYPES.numberText,
  FIELD_TYPES.telephone,
];
/** Fields that only a company address has (§5: not required for a private address). */
export const COMPANY_FIELDS: readonly string[] = ['CompanyName', 'VatNumber'];
const PHONE_FIELDS: readonly string[] = ['Telephone', 'ConfirmTelephone'];

export const isInputField = (field: FieldDefinition) => INPUT_TYPES.includes(field.type);
export const isPrivate = (values: AddressValues) => (values.AddressType ?? '0') !== '1';

/** '{code} {number}' -> its parts; a value without a code is all number. */
export function splitPhone(value: string): { code: string; number: string } {
  const match = /^(\+\d{1,4})\s+(.*)$/.exec(value.trim());
  return match ? { code: match[1] ?? '', number: match[2] ?? '' } : { code: '', number: value.trim() };
}

/** §5 Phone field: only digits are kept, at most 20; stored as '{code} {number}', empty without a number. */
export function joinPhone(code: string, number: string): string {
  const digits = number.replace(/\D/g, '').slice(0, LIMITS.phoneNumberMaxLength);
  return digits ? `${code} ${digits}`.trim() : '';
}

/** §5: the user's default country when the list has it (case-insensitive), otherwise the first. */
export function preselectedCountry(codes: readonly string[], defaultCountry: string | null | undefined): string {
  const wanted = (defaultCountry ?? '').toLowerCase();
  return codes.find((code) => code.toLowerCase() === wanted) ?? codes[0] ?? '';
}

/** §5: a required country list of one option or none is disabled (and preselected). */
export const countryPickerDisabled = (field: FieldDefinition, optionCount: number) =>
  field.required && optionCount <= 1;

/**
 * The problems of an address: field (orderField) -> translation key. Hidden company fields of a
 * private address are not checked.
 */
export function addressProblems(values: AddressValues, fields: readonly FieldDefinition[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const privateAddress = isPrivate(values);
  for (const field of fields) {
    const name = field.orderField;
    if (!isInputField(field)) continue;
    if (privateAddress && COMPANY_FIELDS.includes(name)) continue;
    const raw = (values[name] ?? '').trim();
    const phone = field.type === FIELD_TYPES.telephone || PHONE_FIELDS.includes(name);
    const value = phone ? splitPhone(raw).number.replace(/\D/g, '') : raw;
    if (!value) {
      if (field.required) problems[name] = `ac_${name}RequiredMessage`;
      continue;
    }
    const minLength = phone && field.required ? Math.max(field.minLength ?? 0, LIMITS.phoneMinLength) : field.minLength;
    const maxLength = phone ? LIMITS.phoneNumberMaxLength : field.maxLength || LIMITS.addressTextMaxLength;
    if (minLength && value.length < minLength) problems[name] = `ac_${name}InvalidMinLengthMessage`;
    else if (value.length > maxLength) problems[name] = 'ac_FieldInvalidMaxLengthMessage';
    // A confirmation is only compared with the number it repeats, which carries this check.
    else if (phone && name !== 'ConfirmTelephone' && !isValidForCallingCode(splitPhone(raw).code, value)) {
      problems[name] = 'ac_TelephoneInvalidMessage';
    }
  }
  const present = (name: string) => fields.some((f) => f.orderField === name);
  if (present('ConfirmEmail') && !problems.ConfirmEmail) {
    if ((values.ConfirmEmail ?? '').trim().toLowerCase() !== (values.Email ?? '').trim().toLowerCase()) {
      problems.ConfirmEmail = 'ac_EmailAdressesDontMatch';
    }
  }
  if (present('ConfirmTelephone') && !problems.ConfirmTelephone) {
    if ((values.ConfirmTelephone ?? '').trim() !== (values.Telephone ?? '').trim()) {
      problems.ConfirmTelephone = 'ac_TelephoneNumbersDontMatch';
    }
  }
  return problems;
}

/**
 * The address's own fields, written once for the form, the rules and the server: the form's
 * orderField and the contract's key (Address, AddressInput). A confirmation is compared with the
 * field it confirms and never stored. Any other input field is a shop's extra field.
 */
export const ADDRESS_FIELDS = [
  { field: 'FirstName', key: 'firstName' },
  { field: 'LastName', key: 'lastName' },
  { field: 'CompanyName', key: 'companyName' },
  { field: 'VatNumber', key: 'vatNumber' },
  { field: 'AddressType', key: 'addressType' },
  { field: 'Email', key: 'email' },
  { field: 'ConfirmEmail', key: 'confirmEmail', confirms: 'email' },
  { field: 'Telephone', key: 'telephone' },
  { field: 'ConfirmTelephone', key: 'confirmTelephone', confirms: 'telephone' },
  { field: 'Country', key: 'country' },
  { field: 'Address', key: 'address' },
  { field: 'AddressNumber', key: 'addressNumber' },
  { field: 'AddressNumberSuffix', key: 'addressNumberSuffix' },
  { field: 'ZipCode', key: 'zipCode' },
  { field: 'City', key: 'city' },
] as const satisfies readonly (
  | { field: string; key: keyof Address }
  | { field: string; key: string; confirms: keyof Address }
)[];

/** The keys of an address's stored data: the Address without its id, name, roles and extra fields. */
export const ADDRESS_DATA_KEYS = ADDRESS_FIELDS.flatMap((f) => ('confirms' in f ? [] : [f.key]));
export type AddressDataKey = (typeof ADDRESS_DATA_KEYS)[number];

/** The form's text inputs that are the address's own, orderField -> key (AddressType is the type's '0' or '1'). */
export const ADDRESS_COLUMNS: Readonly<Record<string, Exclude<(typeof ADDRESS_FIELDS)[number]['key'], 'addressType'>>> =
  Object.fromEntries(ADDRESS_FIELDS.flatMap((f) => (f.key === 'addressType' ? [] : [[f.field, f.key]])));
