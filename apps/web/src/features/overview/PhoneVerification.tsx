/**
 * The phone verification popup (spec §4 Phone verify popup): idle, sending code, verifying,
 * verified, error. Six single-digit boxes advance by themselves, take a pasted code and go back
 * on Backspace; a complete code is submitted 1 s after the last typing. Success reloads the
 * account, closes the popup and says 'Your phone number is verified'; failure shows the
 * invalid-or-expired message and focuses the last box. Resend waits for the countdown (the
 * server's code lifetime, else 3600 s); a failed resend is ignored and the countdown still starts.
 */
import type { Account } from '@account/contract';
import { type ClipboardEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useSetAccount } from '@/lib/account';
import { useT } from '@/lib/i18n';
import { useSystemMessage } from '@/lib/system-message';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { useSendVerifySms, useVerifyTelephone } from './api/overview';
import {
  AUTO_SUBMIT_DELAY_MS,
  backspace,
  CODE_LENGTH,
  countdownText,
  DEFAULT_COUNTDOWN_SECONDS,
  emptyCode,
  isComplete,
  typeInto,
} from './code-input';
import styles from './PhoneVerification.module.css';

type Phase = 'idle' | 'sending' | 'verifying' | 'verified' | 'error';

interface Props {
  account: Account;
  open: boolean;
  onClose(): void;
}

export function PhoneVerification({ account, open, onClose }: Props) {
  const t = useT();
  return (
    <Dialog open={open} title={t('ac_VerifyPhoneTitle')} closeLabel={t('ac_Close')} onClose={onClose}>
      <VerificationForm account={account} onDone={onClose} />
    </Dialog>
  );
}

function VerificationForm({ account, onDone }: { account: Account; onDone(): void }) {
  const t = useT();
  const setAccount = useSetAccount();
  const { mutateAsync: sendVerifySms } = useSendVerifySms();
  const { mutateAsync: verifyTelephone } = useVerifyTelephone();
  const { show } = useSystemMessage();
  const [phase, setPhase] = useState<Phase>('idle');
  const [code, setCode] = useState<string[]>(emptyCode);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const started = useRef(false);
  /** Set when the first box should take focus as soon as the boxes can (they are disabled while sending). */
  const [focusFirst, setFocusFirst] = useState(true);

  const startCountdown = useCallback(
    (seconds: number | null | undefined) => setEndsAt(Date.now() + (seconds ?? DEFAULT_COUNTDOWN_SECONDS) * 1000),
    [],
  );

  const send = useCallback(async () => {
    setPhase('sending');
    setCode(emptyCode());
    try {
      const { telephoneVerifyExpireIn } = await sendVerifySms();
      startCountdown(telephoneVerifyExpireIn);
    } catch {
      // §8: a failed resend is silently ignored and the countdown still starts.
      startCountdown(null);
    }
    setPhase('idle');
    setFocusFirst(true);
  }, [sendVerifySms, startCountdown]);

  // Opening sends a code, unless one sent earlier is still valid.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the popup opens
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (account.hasValidTelephoneVerificationCode) {
      startCountdown(account.telephoneVerifyExpireIn);
    } else {
      void send();
    }
  }, []);

  useEffect(() => {
    if (!focusFirst || phase === 'sending') return;
    boxes.current[0]?.focus();
    setFocusFirst(false);
  }, [focusFirst, phase]);

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const verify = useCallback(
    async (digits: string) => {
      setPhase('verifying');
      try {
        const verified = await verifyTelephone(digits);
        setPhase('verified');
        setAccount(verified);
        onDone();
        show(t('ac_PhoneVerified'));
      } catch {
        setPhase('error');
        requestAnimationFrame(() => boxes.current[CODE_LENGTH - 1]?.focus());
      }
    },
    [onDone, setAccount, show, t, verifyTelephone],
  );

  // §4: once all six digits are there, submit 1 s after the last typing.
  useEffect(() => {
    if (!isComplete(code) || phase === 'verifying') return;
    const timer = setTimeout(() => void verify(code.join('')), AUTO_SUBMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code, phase, verify]);

  const apply = (next: { code: string[]; focus: number }) => {
    setCode(next.code);
    if (phase === 'error') setPhase('idle');
    boxes.current[next.focus]?.focus();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    // A typed digit always lands in this box and moves on, even when it equals the digit there.
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      apply(typeInto(code, index, event.key));
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      apply(backspace(code, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      boxes.current[index + 1]?.focus();
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(typeInto(code, index, event.clipboardData.getData('text')));
  };

  const secondsLeft = endsAt === null ? 0 : Math.max(0, (endsAt - now) / 1000);
  const status =
    phase === 'sending'
      ? t('ac_SendingCode')
      : phase === 'verifying'
        ? t('ac_VerifyingCode')
        : phase === 'error'
          ? t('ac_InvalidVerifyCodeOrVerifyCodeIsExpired')
          : '';

  return (
    <div className={styles.content}>
      <p>{t('ac_VerifyPhoneInstruction', { phone: account.telephone })}</p>
      <fieldset className={styles.boxes}>
        <legend className="visually-hidden">{t('ac_VerificationCode')}</legend>
        {code.map((digit, index) => (
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
            aria-invalid={phase === 'error' ? true : undefined}
            value={digit}
            disabled={phase === 'verifying' || phase === 'sending'}
            onChange={(event) =>
              apply(typeInto(code, index, event.target.value.replace(digit, '') || event.target.value))
            }
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </fieldset>
      <p className={`${styles.status} ${phase === 'error' ? styles.error : ''}`} role="status" aria-live="polite">
        {status}
      </p>
      <div className={styles.resend}>
        {secondsLeft > 0 && <span>{t('ac_ResendCodeIn', { time: countdownText(secondsLeft) })}</span>}
        <Button variant="link" disabled={secondsLeft > 0 || phase === 'sending'} onClick={() => void send()}>
          {t('ac_ResendCode')}
        </Button>
      </div>
    </div>
  );
}
