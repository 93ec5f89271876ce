/**
 * What the contract-validated forms share (spec §4 First login, Address form; §5 Profile): the
 * form's own problems show after the first submit, and after it every change revalidates; the
 * server's field errors show until their field changes or the form is sent again; the first
 * invalid field takes the focus; the loading overlay covers the save, and a failed save keeps the
 * shopper on the form with the data intact. One save at a time: while it runs the submit is
 * disabled (`saving`) and a second submit (a double click) sends nothing.
 */
import { type FormEvent, useRef, useState } from 'react';
import { fieldErrorsOf } from './field-errors';
import { useT } from './i18n';
import { useLoading } from './loading';

export interface ValidatedFormOptions {
  /** The form's own problems: a translation key by capitalised field name; empty when valid. */
  problems: Readonly<Record<string, string | null | undefined>>;
  /** A problem to show before the first submit, e.g. an email the server has already rejected. */
  showsAtOnce?(field: string, key: string): boolean;
  /** A check still under way: a submit marks the form submitted and sends nothing yet. */
  waiting?: boolean;
}

export function useValidatedForm({ problems, showsAtOnce, waiting = false }: ValidatedFormOptions) {
  const t = useT();
  const loading = useLoading();
  const ref = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  // A ref as well as the state: two clicks may both arrive before React re-renders the button.
  const savingNow = useRef(false);
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  /** The translated problem to show under a field, or null. */
  const error = (field: string): string | null => {
    const own = problems[field];
    const key = serverErrors[field] ?? (own && (submitted || showsAtOnce?.(field, own)) ? own : null);
    return key ? t(key) : null;
  };

  /** Drops the server's errors of fields the shopper has just changed. */
  const changed = (...fields: string[]) =>
    setServerErrors((current) =>
      fields.some((field) => field in current)
        ? Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field)))
        : current,
    );

  /** Shows errors found by the server (by capitalised field name) and focuses the first. */
  const showServerErrors = (errors: Readonly<Record<string, string>>) => {
    setServerErrors(errors);
    focusFirstInvalid();
  };

  /** A submit handler: checks the form, then runs the save under the loading overlay. */
  const handleSubmit = (save: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (savingNow.current) return;
    setSubmitted(true);
    setServerErrors({});
    if (waiting) return;
    if (Object.values(problems).some(Boolean)) {
      focusFirstInvalid();
      return;
    }
    savingNow.current = true;
    setSaving(true);
    loading.show();
    try {
      await save();
    } catch (failure) {
      showServerErrors(fieldErrorsOf(failure));
    } finally {
      loading.hide();
      savingNow.current = false;
      setSaving(false);
    }
  };

  /** Starts over, for the next question of a form that asks one at a time: nothing shows until its submit. */
  const reset = () => {
    setSubmitted(false);
    setServerErrors({});
  };

  return { ref, error, changed, showServerErrors, handleSubmit, reset, saving };
}

export type ValidatedForm = ReturnType<typeof useValidatedForm>;
