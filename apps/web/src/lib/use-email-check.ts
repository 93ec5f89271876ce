/**
 * The server's email check, run 1 s after typing stops (spec §5, §9 email check delay). Only the
 * latest value's answer counts; a failed call for another reason than "invalid" counts as unknown.
 */
import { useEffect, useState } from 'react';
import { ApiError, call } from './api';

export type EmailCheckState = 'idle' | 'pending' | 'checking' | 'valid' | 'invalid';

export const EMAIL_CHECK_DELAY_MS = 1000;

/** The server's email check (spec §7 POST /setting/validateEmail): resolves when valid, fails with 400 when not. */
export const validateEmail = (email: string, signal?: AbortSignal) =>
  call('validateEmail', { body: { email }, signal });

export function useEmailCheck(email: string, delayMs = EMAIL_CHECK_DELAY_MS): EmailCheckState {
  const [state, setState] = useState<EmailCheckState>('idle');

  useEffect(() => {
    const value = email.trim();
    if (!value) {
      setState('idle');
      return;
    }
    setState('pending');
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState('checking');
      try {
        await validateEmail(value, controller.signal);
        setState('valid');
      } catch (error) {
        if (controller.signal.aborted) return;
        setState(error instanceof ApiError && error.status === 400 ? 'invalid' : 'idle');
      }
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email, delayMs]);

  return state;
}
