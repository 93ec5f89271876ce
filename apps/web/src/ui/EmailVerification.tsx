/**
 * The email verification popup (issue 19): the shared code form (ui/CodeForm) with the emailed
 * code, sent to the address waiting for confirmation or to the unverified email. Success puts the
 * answered account in place, closes the popup and says so.
 */
import type { Account } from '@account/contract';
import { useSendEmailCode, useVerifyEmail } from '@/lib/email-codes';
import { useT } from '@/lib/i18n';
import { useSystemMessage } from '@/lib/system-message';
import { CodeForm } from './CodeForm';
import { Dialog } from './Dialog';

interface Props {
  account: Account;
  open: boolean;
  onClose(): void;
}

export function EmailVerification({ account, open, onClose }: Props) {
  const t = useT();
  const { mutateAsync: sendEmailCode } = useSendEmailCode();
  const { mutateAsync: verifyEmail } = useVerifyEmail();
  const { show } = useSystemMessage();
  return (
    <Dialog open={open} title={t('ac_VerifyEmailTitle')} closeLabel={t('ac_Close')} onClose={onClose}>
      <CodeForm
        instruction={t('ac_VerifyEmailInstruction', { email: account.pendingEmail ?? account.email })}
        liveCodeSeconds={null}
        send={async () => (await sendEmailCode()).emailVerifyExpireIn}
        afterFailedSend={async () => null}
        sendFailedKey="ac_EmailNotSent"
        verify={async (code) => {
          await verifyEmail(code);
          onClose();
          show(t('ac_EmailVerified'));
        }}
      />
    </Dialog>
  );
}
