/**
 * The phone verification popup (spec §4 Phone verify popup): idle, sending code, verifying,
 * verified, error. The code is typed into the shared six-box entry (ui/CodeInput), which submits
 * a complete code 1 s after the last typing, once per change of the digits. Success reloads the
 * account, closes the popup and says 'Your phone number is verified'; failure shows the
 * invalid-or-expired message and focuses the last box. Resend waits for the countdown (the
 * server's code lifetime, else 3600 s); a failed resend is ignored and the countdown still starts,
 * for the time left of a code sent earlier when the account reports one (§8).
 */
import type { Account } from '@account/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetchAccount, useSetAccount } from '@/lib/account';
import { useT } from '@/lib/i18n';
import { useSystemMessage } from '@/lib/system-message';
import { Button } from '@/ui/Button';
import { CodeInput, type CodeInputHandle } from '@/ui/CodeInput';
import { emptyCode } from '@/ui/code-entry';
import { Dialog } from '@/ui/Dialog';
import { useSendVerifySms, useVerifyTelephone } from './api/overview';
import styles from './PhoneVerification.module.css';
import { countdownText, DEFAULT_COUNTDOWN_SECONDS, validCodeSeconds } from './resend-countdown';

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
  const fetchAccount = useFetchAccount();
  const { mutateAsync: sendVerifySms } = useSendVerifySms();
  const { mutateAsync: verifyTelephone } = useVerifyTelephone();
  const { show } = useSystemMessage();
  const [phase, setPhase] = useState<Phase>('idle');
  const [code, setCode] = useState<string[]>(emptyCode);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const entry = useRef<CodeInputHandle>(null);
  const started = useRef(false);
  /** Set when the first box should take focus as soon as the boxes can (they are disabled while sending). */
  const [focusFirst, setFocusFirst] = useState(true);

  const startCountdown = useCallback((seconds: number) => setEndsAt(Date.now() + seconds * 1000), []);

  const send = useCallback(async () => {
    setPhase('sending');
    setCode(emptyCode());
    try {
      const { telephoneVerifyExpireIn } = await sendVerifySms();
      startCountdown(telephoneVerifyExpireIn);
    } catch {
      // §8: a failed resend is silently ignored and the countdown still starts: for as long as
      // the code sent earlier still lives, when the account (loaded afresh) reports one.
      const current = await fetchAccount().catch(() => null);
      startCountdown(validCodeSeconds(current) ?? DEFAULT_COUNTDOWN_SECONDS);
    }
    setPhase('idle');
    setFocusFirst(true);
  }, [fetchAccount, sendVerifySms, startCountdown]);

  // Opening sends a code, unless one sent earlier is still valid.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the popup opens
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const left = validCodeSeconds(account);
    if (left) {
      startCountdown(left);
    } else {
      void send();
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

  const verify = async (digits: string) => {
    setPhase('verifying');
    try {
      const verified = await verifyTelephone(digits);
      setPhase('verified');
      setAccount(verified);
      onDone();
      show(t('ac_PhoneVerified'));
    } catch {
      setPhase('error');
    }
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
      <CodeInput
        ref={entry}
        value={code}
        onChange={(next) => {
          setCode(next);
          if (phase === 'error') setPhase('idle');
        }}
        onComplete={(digits) => void verify(digits)}
        invalid={phase === 'error'}
        disabled={phase === 'verifying' || phase === 'sending'}
      />
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
