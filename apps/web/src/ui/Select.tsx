/** A native select with its label and error wired like the text fields (spec §3 Address form field definition: dropdown). */
import { type ComponentPropsWithRef, useId } from 'react';
import { FieldError } from './Field';
import fieldStyles from './Field.module.css';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'children' | 'onChange'> & {
  label: string;
  options: readonly SelectOption[];
  /** The text of an empty first choice; without it a value must be chosen. */
  emptyOption?: string;
  error?: string | null;
  onChange(value: string): void;
};

export function Select({ label, options, emptyOption, error, onChange, id, ...select }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={selectId}>
        {label}
      </label>
      <div className={fieldStyles.body}>
        <select
          id={selectId}
          className={fieldStyles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          {...select}
        >
          {emptyOption !== undefined && <option value="">{emptyOption}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError id={errorId} error={error} />
      </div>
    </div>
  );
}
