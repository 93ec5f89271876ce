/**
 * Entering a one-time code (spec §4 Phone verify popup; issue 19: the emailed code), for every code
 * alike: idle, sending code, verifying, error. The code is typed into the six-box entry
 * (CodeInput), which submits a complete code 1 s after the last typing, once per change of the
 * digits. Failure shows the reason and focuses the last box. Resend waits for the countdown.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useT } from '@/lib/i18n';
import { Button } from './Button';
import styles from './CodeForm.module.css';
import { CodeInput, type CodeInputHandle } from './CodeInput';
import { emptyCode } from './code-entry';
import { countdownText } from './countdown';

type Phase = 'idle' | 'sending' | 'verifying' | 'error';

export interface CodeFormProps {
  instruction: ReactNode;
  /** Sends a code; resolves with the seconds it lives. */
  send(): Promise<number>;
  /**
   * After a send that failed: the countdown to start anyway (spec §8 for the phone), or null to
   * show that the code could not be sent.
   */
  afterFailedSend(): Promise<number | null>;
  /** Checks the code; rejects when it is wrong (a field error's key is shown when it has one). */
  verify(code: string): Promise<void>;
  /** Seconds a code sent earlier still lives: opening then sends none. */
  liveCodeSeconds: number | null;
  /** The text a failed send shows. */
  sendFailedKey: string;
}

export function CodeForm({
  instruction,
  send,
  afterFailedSend,
  verify,
  liveCodeSeconds,
  sendFailedKey,
}: CodeFormProps) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [code, setCode] = useState<string[]>(emptyCode);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const entry = useRef<CodeInputHandle>(null);
  const started = useRef(false);
  /** Set when the first box should take focus as soon as the boxes can (they are disabled while sending). */
  const [focusFirst, setFocusFirst] = useState(true);

  // From this moment, not from the last tick (or the opening): else a send that took a while
  // showed a second more than the code lives (10:01 for 600 s), then skipped 10:00.
  const startCountdown = useCallback((seconds: number) => {
    const start = Date.now();
    setNow(start);
    setEndsAt(start + seconds * 1000);
  }, []);

  const sendCode = useCallback(async () => {
    setPhase('sending');
    setProblem(null);
    setCode(emptyCode());
    try {
      startCountdown(await send());
      setPhase('idle');
    } catch {
      const seconds = await afterFailedSend().catch(() => null);
      if (seconds === null) {
        setProblem(sendFailedKey);
        setPhase('error');
      } else {
        startCountdown(seconds);
        setPhase('idle');
      }
    }
    setFocusFirst(true);
  }, [afterFailedSend, send, sendFailedKey, startCountdown]);

  // Opening sends a code, unless one sent earlier is still valid.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the form opens
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (liveCodeSeconds) {
      startCountdown(liveCodeSeconds);
    } else {
      void sendCode();
    }
  }, []);

  useEffect(() => {
    if (!focusFirst || phase === 'sending') return;
    entry.current?.focus('first');
    setFocusFirst(false);
  }, [focusFirst, phase]);

  // After the commit that enables the boxes again: focusing from the failed call itself could
  // land while they are still disabled (as they are while verifying) and be lost.
  useEffect(() => {
    if (phase === 'error') entry.current?.focus('last');
  }, [phase]);

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const check = async (digits: string) => {
    setPhase('verifying');
    setProblem(null);
    try {
      await verify(digits);
      setPhase('idle');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setProblem(fields.Email ?? 'ac_InvalidVerifyCodeOrVerifyCodeIsExpired');
      setPhase('error');
    }
  };

  const secondsLeft = endsAt === null ? 0 : Math.max(0, (endsAt - now) / 1000);
  const status =
    phase === 'sending'
      ? t('ac_SendingCode')
      : phase === 'verifying'
        ? t('ac_VerifyingCode')
        : phase === 'error' && problem
          ? t(problem)
          : '';

  return (
    <div className={styles.content}>
      <p>{instruction}</p>
      <CodeInput
        ref={entry}
        value={code}
        onChange={(next) => {
          setCode(next);
          if (phase === 'error') setPhase('idle');
        }}
        onComplete={(digits) => void check(digits)}
        invalid={phase === 'error' && problem !== sendFailedKey}
        disabled={phase === 'verifying' || phase === 'sending'}
      />
      <p className={`${styles.status} ${phase === 'error' ? styles.error : ''}`} role="status" aria-live="polite">
        {status}
      </p>
      <div className={styles.resend}>
        {secondsLeft > 0 && <span>{t('ac_ResendCodeIn', { time: countdownText(secondsLeft) })}</span>}
        <Button variant="link" disabled={secondsLeft > 0 || phase === 'sending'} onClick={() => void sendCode()}>
          {t('ac_ResendCode')}
        </Button>
      </div>
    </div>
  );
}
