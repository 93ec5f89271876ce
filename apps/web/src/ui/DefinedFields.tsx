/**
 * A form's fields rendered from the server's field definitions (spec §3 Address form field
 * definition): sorted by row, each as wide as its definition says, of its definition's type, with
 * a label that is a translation key ('ac_…') or the shop's own text. A screen passes the values,
 * the errors and, for a field it shows its own way, a `render` override.
 */
import { FIELD_TYPES, type FieldDefinition } from '@account/contract';
import type { ReactNode } from 'react';
import { type TextKey, useT } from '@/lib/i18n';
import styles from './DefinedFields.module.css';
import { RadioGroup, TextField } from './Field';
import { PhoneInput } from './PhoneInput';
import { Select } from './Select';

const WIDTH = { 25: styles.w25, 50: styles.w50, 100: styles.w100 } as const;

/** The browser's autofill name of the fields every shop names alike. */
const AUTOCOMPLETE: Record<string, string> = {
  FirstName: 'given-name',
  LastName: 'family-name',
  CompanyName: 'organization',
  Email: 'email',
  ConfirmEmail: 'email',
  Address: 'address-line1',
  AddressNumber: 'address-line2',
  ZipCode: 'postal-code',
  City: 'address-level2',
};

export interface DefinedFieldsProps {
  fields: readonly FieldDefinition[];
  values: Readonly<Record<string, string>>;
  onChange(name: string, value: string): void;
  /** The translated problem of a field, or null. */
  error(name: string): string | null;
  /** The region whose calling code starts an empty telephone field. */
  phoneRegion: string;
  /** Fields left out, e.g. a private address's company fields. */
  hidden?(field: FieldDefinition): boolean;
  /** A field the screen renders itself (given its translated label); undefined falls back to the definition's type. */
  render?(field: FieldDefinition, label: string): ReactNode | undefined;
}

export function DefinedFields({ fields, values, onChange, error, phoneRegion, hidden, render }: DefinedFieldsProps) {
  const t = useT();
  const text = (label: string) => (label.startsWith('ac_') ? t(label as TextKey) : label);
  const sorted = [...fields].sort((a, b) => a.row - b.row);

  const renderField = (field: FieldDefinition) => {
    const name = field.orderField;
    const label = text(field.label);
    const own = render?.(field, label);
    if (own !== undefined) return own;
    switch (field.type) {
      case FIELD_TYPES.heading:
        return <h2 className={styles.heading}>{label}</h2>;
      case FIELD_TYPES.paragraph:
        return <p className={styles.paragraph}>{label}</p>;
      case FIELD_TYPES.divider:
        return <hr className={styles.divider} />;
      case FIELD_TYPES.radio:
        return (
          <RadioGroup<string>
            label={label}
            name={name}
            value={values[name] ?? field.options[0]?.value ?? ''}
            onChange={(value) => onChange(name, value)}
            options={field.options.map((o) => ({ value: o.value, label: text(o.label) }))}
            error={error(name)}
          />
        );
      case FIELD_TYPES.dropdown:
        return (
          <Select
            id={`field-${name}`}
            label={label}
            value={values[name] ?? ''}
            disabled={field.disabled}
            options={field.options.map((o) => ({ value: o.value, label: text(o.label) }))}
            emptyOption={field.required ? undefined : '—'}
            error={error(name)}
            onChange={(value) => onChange(name, value)}
          />
        );
      case FIELD_TYPES.telephone:
        return (
          <PhoneInput
            label={label}
            value={values[name] ?? ''}
            defaultRegion={phoneRegion}
            required={field.required}
            error={error(name)}
            onChange={(value) => onChange(name, value)}
          />
        );
      default:
        return (
          <TextField
            label={label}
            error={error(name)}
            required={field.required}
            optionalText={field.required ? undefined : t('ac_Optional')}
            name={name}
            value={values[name] ?? ''}
            maxLength={field.maxLength || undefined}
            disabled={field.disabled}
            inputMode={field.type === FIELD_TYPES.numberText ? 'numeric' : undefined}
            type={name === 'Email' || name === 'ConfirmEmail' ? 'email' : 'text'}
            autoComplete={AUTOCOMPLETE[name]}
            onChange={(event) => onChange(name, event.target.value)}
          />
        );
    }
  };

  return (
    <div className={styles.grid}>
      {sorted.map((field) =>
        hidden?.(field) ? null : (
          <div key={`${field.row}-${field.orderField}`} className={WIDTH[field.width] ?? styles.w100}>
            {renderField(field)}
          </div>
        ),
      )}
    </div>
  );
}
