/**
 * The phone verification popup (spec §4 Phone verify popup): the shared code form (ui/CodeForm)
 * with the SMS code. Success reloads the account, closes the popup and says 'Your phone number is
 * verified'. Resend waits for the countdown (the server's code lifetime, else 3600 s); a failed
 * send is ignored and the countdown still starts, for the time left of a code sent earlier when
 * the account reports one (§8).
 */
import type { Account } from '@account/contract';
import { useFetchAccount, useSetAccount } from '@/lib/account';
import { useT } from '@/lib/i18n';
import { useSystemMessage } from '@/lib/system-message';
import { Trans } from '@/lib/trans';
import { CodeForm } from '@/ui/CodeForm';
import { Dialog } from '@/ui/Dialog';
import { Identifier } from '@/ui/Identifier';
import { useSendVerifySms, useVerifyTelephone } from './api/overview';
import { DEFAULT_COUNTDOWN_SECONDS, validCodeSeconds } from './resend-countdown';

interface Props {
  account: Account;
  open: boolean;
  onClose(): void;
}

export function PhoneVerification({ account, open, onClose }: Props) {
  const t = useT();
  const setAccount = useSetAccount();
  const fetchAccount = useFetchAccount();
  const { mutateAsync: sendVerifySms } = useSendVerifySms();
  const { mutateAsync: verifyTelephone } = useVerifyTelephone();
  const { show } = useSystemMessage();
  return (
    <Dialog open={open} title={t('ac_VerifyPhoneTitle')} closeLabel={t('ac_Close')} onClose={onClose}>
      <CodeForm
        instruction={
          <Trans k="ac_VerifyPhoneInstruction" values={{ phone: <Identifier>{account.telephone}</Identifier> }} />
        }
        liveCodeSeconds={validCodeSeconds(account)}
        send={async () => (await sendVerifySms()).telephoneVerifyExpireIn}
        afterFailedSend={async () =>
          validCodeSeconds(await fetchAccount().catch(() => null)) ?? DEFAULT_COUNTDOWN_SECONDS
        }
        sendFailedKey="ac_InvalidVerifyCodeOrVerifyCodeIsExpired"
        verify={async (code) => {
          setAccount(await verifyTelephone(code));
          onClose();
          show(t('ac_PhoneVerified'));
        }}
      />
    </Dialog>
  );
}
