/**
 * Checkboxes with their label, alone or as a group with a legend (the settings' interests and
 * newsletters, the first-login consents). Beside ui/Field, so the screens with text fields only do
 * not load them.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './Field.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  label: ReactNode;
  onChange(checked: boolean): void;
}

export function Checkbox({ label, onChange, ...input }: CheckboxProps) {
  return (
    <label className={styles.choice}>
      <input type="checkbox" onChange={(event) => onChange(event.target.checked)} {...input} />
      <span>{label}</span>
    </label>
  );
}

/** A group of checkboxes with a legend, e.g. the interests or newsletters of the shop. */
export function CheckboxGroup({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.options}>{children}</div>
    </fieldset>
  );
}
