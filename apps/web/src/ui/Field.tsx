/**
 * Form fields with their label, hint and error wired for assistive technology: the error is
 * announced through aria-describedby and aria-invalid, and every control has a visible label.
 * A field is its label plus one body (control, hint, error), so a form grid can line up the
 * controls of a row even when one label wraps.
 */
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import styles from './Field.module.css';

interface Common {
  label: ReactNode;
  /** A translated problem to show under the field. */
  error?: string | null;
  hint?: ReactNode;
  /**
   * Shown under the control when the field may stay empty: after the label it took a second line
   * in the form's narrowest fields (the house number addition, a quarter of the row).
   */
  optionalText?: string;
}

/** A field's translated problem, announced through the control's aria-describedby (`id`). */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <span id={id} className={styles.error}>
      {error}
    </span>
  ) : null;
}

/** The note under an optional field's control, named in its aria-describedby (`id`). */
export function OptionalNote({ id, text }: { id: string; text?: string | undefined }) {
  return text ? (
    <span id={id} className={styles.hint}>
      {text}
    </span>
  ) : null;
}

/** How a field's control is tied to its label, notes and error. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps extends Common {
  id: string | undefined;
  className: string | undefined;
  /** The hint changes as the shopper types (a characters-left count): read out when it does. */
  liveHint?: boolean;
  control(wiring: ControlWiring): ReactNode;
}

/** What every text field shares: the label, then one body of the control, its notes and its error. */
function FieldFrame({ label, error, hint, optionalText, id, className, liveHint, control }: FieldFrameProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const optionalId = `${inputId}-optional`;
  const describedBy =
    [optionalText ? optionalId : '', hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.body}>
        {control({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
        <OptionalNote id={optionalId} text={optionalText} />
        {hint && (
          <span id={hintId} className={styles.hint} aria-live={liveHint ? 'polite' : undefined}>
            {hint}
          </span>
        )}
        <FieldError id={errorId} error={error} />
      </div>
    </div>
  );
}

/** React 19 passes `ref` as a prop, so it reaches the input through the spread. */
export type TextFieldProps = Common & Omit<ComponentPropsWithRef<'input'>, 'children'>;

export function TextField({ label, error, hint, optionalText, id, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, optionalText, id, className }}
      control={(wiring) => <input {...wiring} className={styles.input} {...input} />}
    />
  );
}

export interface ChoiceOption<V extends string | number> {
  value: V;
  label: ReactNode;
}

export interface RadioGroupProps<V extends string | number> extends Common {
  name: string;
  value: V;
  options: ChoiceOption<V>[];
  onChange(value: V): void;
}

export function RadioGroup<V extends string | number>({
  label,
  error,
  name,
  value,
  options,
  onChange,
}: RadioGroupProps<V>) {
  const errorId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.label}>{label}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={String(option.value)} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

export type TextAreaFieldProps = Common & Omit<ComponentPropsWithRef<'textarea'>, 'children'>;

/** A multi-line text field, wired like TextField (a comment to the shop); its hint is read out as it changes. */
export function TextAreaField({ label, error, hint, optionalText, id, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame
      {...{ label, error, hint, optionalText, id, className }}
      liveHint
      control={(wiring) => <textarea {...wiring} className={`${styles.input} ${styles.textarea}`} {...textarea} />}
    />
  );
}
