/**
 * Confirm it's you (issue 44): shown when a call that changes how the account is signed in to was
 * refused for an old sign-in (lib/step-up.ts). The shopper confirms with a code emailed to their
 * verified address, and the refused call is repeated at once; or signs in again and comes back to
 * this page; or cancels, and the call fails as refused.
 */
import { useQuery } from '@tanstack/react-query';
import { useSetAccount } from '../../lib/account';
import {
  confirmByEmailQuery,
  confirmWithCode,
  sendConfirmationCode,
  signInAgainHere,
} from '../../lib/confirm-identity';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { CodeForm } from '../../ui/CodeForm';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import styles from './StepUpDialog.module.css';

/** Loaded when first asked (StepUpHost): the code form is not part of the first screen's code. */
export default function StepUpDialog({ finish }: { finish(confirmed: boolean): void }) {
  const t = useT();
  const setAccount = useSetAccount();
  const email = useQuery(confirmByEmailQuery);

  return (
    <Dialog open title={t('ac_ConfirmItsYouTitle')} closeLabel={t('ac_Close')} onClose={() => finish(false)}>
      <div className={styles.body}>
        <p>{t('ac_ConfirmItsYouText')}</p>
        {email.isPending ? (
          <Spinner />
        ) : (
          <>
            {email.data && (
              <CodeForm
                instruction={t('ac_ConfirmItsYouCode', { email: email.data })}
                liveCodeSeconds={null}
                send={() => sendConfirmationCode(email.data ?? '')}
                afterFailedSend={async () => null}
                sendFailedKey="ac_EmailNotSent"
                verify={async (code) => {
                  setAccount(await confirmWithCode(email.data ?? '', code));
                  finish(true);
                }}
              />
            )}
            {email.data && <p>{t('ac_ConfirmItsYouSignInAgain')}</p>}
            <div className={styles.actions}>
              <Button variant={email.data ? 'secondary' : 'primary'} onClick={() => void signInAgainHere()}>
                {t('ac_SignInAgain')}
              </Button>
              <Button variant="secondary" onClick={() => finish(false)}>
                {t('ac_Cancel')}
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
