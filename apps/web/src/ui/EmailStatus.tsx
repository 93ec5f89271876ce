/**
 * What the profile shows of the email's verification (issue 19): an unverified email with
 * 'Verify', or a new address waiting for its code with 'Verify' and 'Keep current address'.
 * Nothing when the email is verified, or when the shop cannot send email.
 */
import type { Account } from '@account/contract';
import { lazy, Suspense, useState } from 'react';
import { useCancelEmailChange } from '@/lib/email-codes';
import { needsEmailVerification, useEmailCodesOn } from '@/lib/email-verification';
import { useT } from '@/lib/i18n';
import { useSystemMessage } from '@/lib/system-message';
import { Button } from './Button';
import styles from './EmailStatus.module.css';

// The popup opens on request: its code entry loads then, not with the page.
const EmailVerification = lazy(async () => ({ default: (await import('./EmailVerification')).EmailVerification }));

export function EmailStatus({ account, openOnMount = false }: { account: Account; openOnMount?: boolean }) {
  const t = useT();
  const codesOn = useEmailCodesOn();
  const { show } = useSystemMessage();
  const { mutateAsync: cancel, isPending: cancelling } = useCancelEmailChange();
  // null until the popup is first opened; from then on it stays mounted, so closing it returns focus.
  const [verifying, setVerifying] = useState<boolean | null>(openOnMount ? true : null);
  if (!codesOn || !needsEmailVerification(account)) return null;

  const keepCurrent = async () => {
    await cancel();
    show(t('ac_EmailChangeCancelled'));
  };

  return (
    <div className={styles.status}>
      {account.pendingEmail !== null ? (
        <>
          <p className={styles.pending}>{t('ac_EmailChangePending', { email: account.pendingEmail })}</p>
          <p className={styles.hint}>{t('ac_EmailChangePendingHint', { email: account.email })}</p>
        </>
      ) : (
        <span className={styles.badge}>{t('ac_EmailNotVerified')}</span>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setVerifying(true)}>
          {t('ac_VerifyEmail')}
        </Button>
        {account.pendingEmail !== null && (
          <Button variant="link" disabled={cancelling} onClick={() => void keepCurrent()}>
            {t('ac_KeepCurrentEmail')}
          </Button>
        )}
      </div>
      {verifying !== null && (
        <Suspense fallback={null}>
          <EmailVerification account={account} open={verifying} onClose={() => setVerifying(false)} />
        </Suspense>
      )}
    </div>
  );
}
