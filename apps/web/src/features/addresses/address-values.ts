/** Between the address entity, the form's values (by orderField) and the body the server takes. */
import {
  ADDRESS_COLUMNS,
  type Address,
  type AddressValues,
  type BodyIn,
  COMPANY_FIELDS,
  type FieldDefinition,
  isInputField,
  isPrivate,
} from '@account/contract';

type Column = (typeof ADDRESS_COLUMNS)[keyof typeof ADDRESS_COLUMNS];

/** The form's first values: an existing address, or an empty one in the shopper's own country. */
export function initialValues(address: Address | null, defaults: { country: string }): Record<string, string> {
  if (!address) return { AddressType: '0', Country: defaults.country };
  const values: Record<string, string> = {
    ...address.extraFields,
    // §4 Address form: in edit, the type is company when a company name or VAT number exists.
    AddressType: address.companyName || address.vatNumber ? '1' : '0',
    ConfirmEmail: address.email,
    ConfirmTelephone: address.telephone,
  };
  for (const [field, column] of Object.entries(ADDRESS_COLUMNS)) {
    if (column !== 'confirmEmail' && column !== 'confirmTelephone')
      values[field] = address[column as Exclude<Column, 'confirmEmail' | 'confirmTelephone'>];
  }
  return values;
}

/** The body of POST/PATCH /address: the address's own columns, and a shop's extra fields. */
export function toBody(values: AddressValues, fields: readonly FieldDefinition[]): BodyIn<'createAddress'> {
  const privateAddress = isPrivate(values);
  const body: Record<string, string> = {};
  const extraFields: Record<string, string> = {};
  for (const field of fields.filter(isInputField)) {
    const name = field.orderField;
    if (name === 'AddressType') continue;
    const value = privateAddress && COMPANY_FIELDS.includes(name) ? '' : (values[name] ?? '').trim();
    const column = ADDRESS_COLUMNS[name as keyof typeof ADDRESS_COLUMNS];
    if (column) body[column] = value;
    else extraFields[name] = value;
  }
  return {
    ...body,
    addressType: privateAddress ? 0 : 1,
    ...(Object.keys(extraFields).length > 0 ? { extraFields } : {}),
  };
}
