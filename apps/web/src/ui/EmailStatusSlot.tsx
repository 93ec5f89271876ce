/**
 * The email's verification status (EmailStatus) where an account needs it; most emails are
 * verified, so its code loads only then, not with every profile screen.
 */
import type { Account } from '@account/contract';
import { lazy, Suspense } from 'react';
import { needsEmailVerification, useEmailCodesOn } from '@/lib/email-verification';

const EmailStatus = lazy(async () => ({ default: (await import('./EmailStatus')).EmailStatus }));

export function EmailStatusSlot({ account, openOnMount = false }: { account: Account; openOnMount?: boolean }) {
  const codesOn = useEmailCodesOn();
  if (!codesOn || !needsEmailVerification(account)) return null;
  return (
    <Suspense fallback={null}>
      <EmailStatus account={account} openOnMount={openOnMount} />
    </Suspense>
  );
}
