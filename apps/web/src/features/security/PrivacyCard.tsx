/**
 * Privacy (issue 21): download everything the account area stores about the shopper as a ZIP, and
 * delete the account. Deleting opens a dialog that says what happens and asks for the confirmation
 * the server wants: the code emailed to a verified address, or the typed word after a recent
 * sign-in (else the shopper signs in again first). Afterwards the shopper is signed out and lands
 * on the shop home, which is told through `account_deleted` in its address.
 */
import type { DeleteAccountResponse, PrivacyInfo } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useSiteConfig } from '@/lib/config-context';
import { signInAgainHere } from '@/lib/confirm-identity';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useT } from '@/lib/i18n';
import { shopHome } from '@/lib/paths';
import { announceLogout } from '@/lib/session-events';
import { useSystemMessage } from '@/lib/system-message';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { CodeForm } from '@/ui/CodeForm';
import { Dialog } from '@/ui/Dialog';
import { TextField } from '@/ui/Field';
import { Spinner } from '@/ui/Spinner';
import { downloadMyData, privacyQuery, useDeleteAccount, useSendDeletionCode } from './api/privacy';
import styles from './PrivacyCard.module.css';

/** The query parameter that tells the shop home the account was deleted ('deleted' or 'scheduled'). */
export const ACCOUNT_DELETED_PARAM = 'account_deleted';

function useDownload() {
  const t = useT();
  const { show } = useSystemMessage();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await downloadMyData();
      show(t('ac_DownloadReady'));
    } catch (error) {
      setProblem(
        t(error instanceof ApiError && error.status === 429 ? 'ac_DownloadLimitReached' : 'ac_DownloadFailed'),
      );
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, start };
}

/** Leaves for the shop home, signed out, saying what became of the account. */
function useLeaveDeleted() {
  const config = useSiteConfig();
  return (result: DeleteAccountResponse) => {
    announceLogout();
    const home = new URL(shopHome(config), window.location.origin);
    home.searchParams.set(ACCOUNT_DELETED_PARAM, result.outcome);
    window.location.assign(home.href);
  };
}

function WordConfirmation({ onDeleted }: { onDeleted(result: DeleteAccountResponse): void }) {
  const t = useT();
  const word = t('ac_DeleteAccountWord');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { mutateAsync: deleteAccount, isPending } = useDeleteAccount();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      onDeleted(await deleteAccount({ confirmation: typed }));
    } catch (error) {
      const key = fieldErrorsOf(error).Confirmation;
      setProblem(t(key ?? 'ac_DeleteAccountFailed'));
    }
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('ac_DeleteAccountTypeWord', { word })}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={problem}
        required
      />
      <Button type="submit" variant="danger" disabled={isPending || typed.trim() === ''}>
        {isPending ? t('ac_DeletingAccount') : t('ac_DeleteAccountPermanently')}
      </Button>
    </form>
  );
}

function DeleteDialog({ info, open, onClose }: { info: PrivacyInfo; open: boolean; onClose(): void }) {
  const t = useT();
  const config = useSiteConfig();
  const leave = useLeaveDeleted();
  const { mutateAsync: sendCode } = useSendDeletionCode();
  const { mutateAsync: deleteAccount } = useDeleteAccount();
  return (
    <Dialog open={open} title={t('ac_DeleteAccountTitle')} closeLabel={t('ac_Close')} onClose={onClose}>
      <div className={styles.dialog}>
        <p className={styles.warning}>{t('ac_DeleteAccountWarning')}</p>
        <p>{t('ac_DeleteMyAccountDescription')}</p>
        <p>{t('ac_DeleteAccountKeptOrders', { company: config.companyName })}</p>
        {info.graceDays > 0 && (
          <p>
            {info.graceDays === 1
              ? t('ac_DeleteAccountGraceOne')
              : t('ac_DeleteAccountGraceMany', { days: info.graceDays })}
          </p>
        )}
        {info.deletionConfirmation === 'emailCode' ? (
          <CodeForm
            instruction={t('ac_DeleteAccountCodeInstruction', { email: info.email ?? '' })}
            liveCodeSeconds={null}
            send={async () => (await sendCode()).emailVerifyExpireIn}
            afterFailedSend={async () => null}
            sendFailedKey="ac_EmailNotSent"
            verify={async (code) => leave(await deleteAccount({ code }))}
          />
        ) : info.signInAgain ? (
          <div className={styles.form}>
            <p role="alert">{t('ac_SignInAgainToDeleteAccount')}</p>
            <Button onClick={() => void signInAgainHere()}>{t('ac_SignInAgain')}</Button>
          </div>
        ) : (
          <WordConfirmation onDeleted={leave} />
        )}
        <Button variant="secondary" onClick={onClose}>
          {t('ac_Cancel')}
        </Button>
      </div>
    </Dialog>
  );
}

export function PrivacyCard() {
  const t = useT();
  const download = useDownload();
  const [deleting, setDeleting] = useState(false);
  const info = useQuery(privacyQuery);
  return (
    <Card title={t('ac_PrivacyTitle')} collapsible>
      <p className={styles.description}>{t('ac_PrivacyDescription')}</p>
      <div className={styles.part}>
        <h3 className={styles.heading}>{t('ac_DownloadMyData')}</h3>
        <p className={styles.description}>{t('ac_DownloadMyDataDescription')}</p>
        <div className={styles.actions} aria-live="polite">
          <Button variant="secondary" onClick={() => void download.start()} disabled={download.busy}>
            {t('ac_DownloadMyData')}
          </Button>
          {download.busy && (
            <span className={styles.busy}>
              <Spinner /> {t('ac_PreparingDownload')}
            </span>
          )}
        </div>
        {download.problem && (
          <p role="alert" className={styles.error}>
            {download.problem}
          </p>
        )}
      </div>
      <div className={styles.part}>
        <h3 className={styles.heading}>{t('ac_DeleteMyAccount')}</h3>
        <p className={styles.description}>{t('ac_DeleteMyAccountDescription')}</p>
        <Button
          variant="danger"
          disabled={!info.data}
          onClick={() => {
            void info.refetch();
            setDeleting(true);
          }}
        >
          {t('ac_DeleteMyAccount')}
        </Button>
      </div>
      {info.data && <DeleteDialog info={info.data} open={deleting} onClose={() => setDeleting(false)} />}
    </Card>
  );
}
