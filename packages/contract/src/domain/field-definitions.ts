/**
 * Default server-supplied field lists (spec §3 Address form field definition, §2 First-login,
 * §4 Profile wizard). The server hands out its configured lists, or these when none are set.
 * Labels are translation keys.
 */
import type { FieldDefinition } from './entities.js';
import { FIELD_TYPES } from './field-types.js';
import { LIMITS } from './rules.js';
import { WIZARD_STEPS } from './wizard-steps.js';

export { WIZARD_STEPS, type WizardStep } from './wizard-steps.js';

type FieldSpec = Pick<FieldDefinition, 'orderField' | 'row' | 'width'> & Partial<FieldDefinition>;

// Lets a bundle drop the default lists below where they go unused (the web app's first screen).
/* @__NO_SIDE_EFFECTS__ */
export function field(spec: FieldSpec): FieldDefinition {
  return {
    label: `ac_${spec.orderField}`,
    type: FIELD_TYPES.text,
    required: true,
    options: [],
    value: null,
    minLength: null,
    maxLength: LIMITS.addressTextMaxLength,
    disabled: false,
    invalid: false,
    warningMessage: null,
    errorMessage: null,
    ...spec,
  };
}

export const DEFAULT_ADDRESS_FIELDS: readonly FieldDefinition[] = [
  field({
    orderField: 'AddressType',
    row: 1,
    width: 100,
    type: FIELD_TYPES.radio,
    options: [
      { value: '0', label: 'ac_AddressTypePrivate' },
      { value: '1', label: 'ac_AddressTypeCompany' },
    ],
  }),
  field({ orderField: 'FirstName', row: 2, width: 50 }),
  field({ orderField: 'LastName', row: 2, width: 50 }),
  field({ orderField: 'CompanyName', row: 3, width: 50, required: false, maxLength: LIMITS.companyNameMaxLength }),
  field({ orderField: 'VatNumber', row: 3, width: 50, required: false, maxLength: 32 }),
  field({ orderField: 'Email', row: 4, width: 50 }),
  field({ orderField: 'ConfirmEmail', row: 4, width: 50 }),
  field({
    orderField: 'Telephone',
    row: 5,
    width: 50,
    type: FIELD_TYPES.telephone,
    minLength: LIMITS.phoneMinLength,
  }),
  field({
    orderField: 'ConfirmTelephone',
    row: 5,
    width: 50,
    type: FIELD_TYPES.telephone,
    minLength: LIMITS.phoneMinLength,
  }),
  field({ orderField: 'Country', row: 6, width: 100, type: FIELD_TYPES.dropdown }),
  field({ orderField: 'Address', row: 7, width: 50 }),
  field({ orderField: 'AddressNumber', row: 7, width: 25, type: FIELD_TYPES.numberText }),
  field({ orderField: 'AddressNumberSuffix', row: 7, width: 25, required: false }),
  field({ orderField: 'ZipCode', row: 8, width: 50 }),
  field({ orderField: 'City', row: 8, width: 50 }),
];

/** First-login fields: names are required only when this list marks them (§5 First login). */
export const DEFAULT_FIRST_TIME_LOGIN_FIELDS: readonly FieldDefinition[] = [
  field({ orderField: 'FirstName', row: 1, width: 50, maxLength: LIMITS.sharedTextMaxLength }),
  field({ orderField: 'LastName', row: 1, width: 50, maxLength: LIMITS.sharedTextMaxLength }),
  field({ orderField: 'Email', row: 2, width: 100 }),
];

export const DEFAULT_QUESTION_FIELDS: readonly FieldDefinition[] = WIZARD_STEPS.map((orderField, index) =>
  field({ orderField, row: index + 1, width: 100 }),
);
