/**
 * A six-box code entry (spec §4 Phone verify popup, §5 Verification code): single-digit boxes that
 * advance by themselves, take a pasted code and go back on Backspace. A complete code is handed to
 * `onComplete` 1 s after the last typing, once per change of the digits (see autoSubmitter), so a
 * code that failed is never sent again by itself.
 */
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useT } from '@/lib/i18n';
import styles from './CodeInput.module.css';
import { autoSubmitter, backspace, CODE_LENGTH, typeInto } from './code-entry';

export interface CodeInputHandle {
  focus(box: 'first' | 'last'): void;
}

export interface CodeInputProps {
  value: readonly string[];
  onChange(value: string[]): void;
  /** Called with a complete code once per change of the digits, 1 s after the last typing. */
  onComplete(code: string): void;
  disabled?: boolean;
  invalid?: boolean;
  ref?: Ref<CodeInputHandle>;
}

export function CodeInput({ value, onChange, onComplete, disabled = false, invalid = false, ref }: CodeInputProps) {
  const t = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const latestOnComplete = useRef(onComplete);
  latestOnComplete.current = onComplete;
  const [submitter] = useState(() => autoSubmitter((code) => latestOnComplete.current(code)));

  useImperativeHandle(ref, () => ({
    focus: (box) => boxes.current[box === 'first' ? 0 : CODE_LENGTH - 1]?.focus(),
  }));

  const digits = value.join('');
  useEffect(() => submitter.change(digits), [submitter, digits]);
  useEffect(() => () => submitter.cancel(), [submitter]);

  const apply = (next: { code: string[]; focus: number }) => {
    onChange(next.code);
    boxes.current[next.focus]?.focus();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    // A typed digit always lands in this box and moves on, even when it equals the digit there.
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      apply(typeInto(value, index, event.key));
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      apply(backspace(value, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      boxes.current[index + 1]?.focus();
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(typeInto(value, index, event.clipboardData.getData('text')));
  };

  return (
    <fieldset className={styles.boxes}>
      <legend className="visually-hidden">{t('ac_VerificationCode')}</legend>
      {value.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are fixed positions
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className={styles.box}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={CODE_LENGTH}
          aria-label={t('ac_VerificationCodeDigit', { position: index + 1, total: CODE_LENGTH })}
          aria-invalid={invalid ? true : undefined}
          value={digit}
          disabled={disabled}
          onChange={(event) =>
            apply(typeInto(value, index, event.target.value.replace(digit, '') || event.target.value))
          }
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  );
}
