/** A birth date in three parts, day, month and year (spec §2 Edit profile, §5 Date field). */

import { useId } from 'react';
import styles from './DateField.module.css';
import { type DateParts, onlyDigits, settlePart } from './date-parts';
import { FieldError } from './Field';
import fieldStyles from './Field.module.css';

export interface DateFieldProps {
  legend: string;
  labels: Record<keyof DateParts, string>;
  placeholders: Record<keyof DateParts, string>;
  value: DateParts;
  onChange(value: DateParts): void;
  error?: string | null;
}

const ORDER: (keyof DateParts)[] = ['day', 'month', 'year'];

export function DateField({ legend, labels, placeholders, value, onChange, error }: DateFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={fieldStyles.group} aria-describedby={error ? errorId : undefined}>
      <legend className={fieldStyles.label}>{legend}</legend>
      <div className={styles.parts}>
        {ORDER.map((part) => (
          <div key={part} className={`${styles.part} ${styles[part]}`}>
            <label className={styles.partLabel} htmlFor={`${id}-${part}`}>
              {labels[part]}
            </label>
            <input
              id={`${id}-${part}`}
              className={fieldStyles.input}
              inputMode="numeric"
              autoComplete={part === 'day' ? 'bday-day' : part === 'month' ? 'bday-month' : 'bday-year'}
              placeholder={placeholders[part]}
              maxLength={part === 'year' ? 4 : 2}
              value={value[part]}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onChange({ ...value, [part]: onlyDigits(event.target.value, part) })}
              onBlur={() => onChange({ ...value, [part]: settlePart(value[part], part) })}
            />
          </div>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
