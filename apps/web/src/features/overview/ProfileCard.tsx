/**
 * 'This is you' (spec §2 Overview): avatar with upload, the profile text, an edit link to
 * /edit-profile and up to 16 achievement coins.
 */
import {
  type Account,
  type Achievement,
  AVATAR_TYPES,
  formatDate,
  fullName,
  LIMITS,
  MAX_ACHIEVEMENT_COINS,
} from '@account/contract';
import { type ChangeEvent, useId, useState } from 'react';
import { useSetAccount } from '@/lib/account';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useT } from '@/lib/i18n';
import { AppLink } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { useSystemMessage } from '@/lib/system-message';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { EmailStatusSlot } from '@/ui/EmailStatusSlot';
import { Identifier } from '@/ui/Identifier';
import { ProgressBar } from '@/ui/ProgressBar';
import styles from './ProfileCard.module.css';

interface Props {
  account: Account;
  coins: Achievement[];
  verificationOn: boolean;
  onVerifyPhone(): void;
  /** Open the email code popup at once (arriving from a save of a new address). */
  verifyEmailNow?: boolean;
}

const initials = (account: Account) =>
  `${account.firstName.charAt(0)}${account.lastName.charAt(0)}`.toUpperCase() || account.email.charAt(0).toUpperCase();

/** §5 Avatar upload: at most 512000 bytes, jpg/jpeg/png only, checked before uploading. */
function fileProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'ac_InvalidFileType';
  if (file.size > LIMITS.avatarMaxBytes) return 'ac_InvalidFileSize';
  return null;
}

function AvatarUpload({ account }: { account: Account }) {
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  const setAccount = useSetAccount();
  const { show } = useSystemMessage();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const name = fullName(account) || account.email;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const local = fileProblem(file);
    setProblem(local);
    if (local) return;
    setProgress(0);
    try {
      // The upload code loads when a picture is chosen, not with the overview.
      const { uploadFile } = await import('@/lib/upload');
      const { imageUrl } = await uploadFile('uploadImage', file, setProgress);
      // The new avatar shows at once; no page reload.
      setAccount({ ...account, imageUrl });
      show(t('ac_ProfilePictureUpdated'));
    } catch (error) {
      setProblem(fieldErrorsOf(error).AttachFile ?? 'ac_GenericError');
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className={styles.avatarColumn}>
      {account.imageUrl ? (
        <img className={styles.avatar} src={account.imageUrl} alt={t('ac_ProfilePictureOf', { name })} />
      ) : (
        <span className={styles.initials} aria-hidden="true">
          {initials(account)}
        </span>
      )}
      <input
        id={inputId}
        className={styles.fileInput}
        type="file"
        accept="image/png,image/jpeg"
        aria-describedby={hintId}
        onChange={onFile}
        disabled={progress !== null}
      />
      <label htmlFor={inputId} className={styles.uploadLabel}>
        {t('ac_ChangeProfilePicture')}
      </label>
      <span id={hintId} className={styles.hint}>
        {t('ac_ProfilePictureHint')}
      </span>
      {progress !== null && (
        <div className={styles.progress}>
          <ProgressBar value={progress} label={t('ac_ProfilePicture')} />
          <span aria-live="polite">{t('ac_UploadingProfilePicture', { percent: progress })}</span>
        </div>
      )}
      {problem && (
        <p className={styles.error} role="alert">
          {t(problem)}
        </p>
      )}
    </div>
  );
}

export function ProfileCard({ account, coins, verificationOn, onVerifyPhone, verifyEmailNow = false }: Props) {
  const t = useT();
  const birthday = formatDate(account.birthDate, 'achievement');
  const needsVerification = verificationOn && account.telephone && !account.isTelephoneVerified;
  const shown = coins.slice(0, MAX_ACHIEVEMENT_COINS);
  return (
    <Card title={t('ac_ThisIsYou')} collapsible>
      <div className={styles.person}>
        <AvatarUpload account={account} />
        <div className={styles.details}>
          <p className={styles.name}>{fullName(account) || account.email}</p>
          <div className={styles.facts}>
            {account.email && <span>{account.email}</span>}
            {account.telephone && (
              <span className={styles.phone}>
                <Identifier>{account.telephone}</Identifier>
                {needsVerification && <span className={styles.unverified}>{t('ac_PhoneNotVerified')}</span>}
              </span>
            )}
            {birthday && <span>{birthday}</span>}
          </div>
          <EmailStatusSlot account={account} openOnMount={verifyEmailNow} />
          <div className={styles.phone}>
            <AppLink to={paths.editProfile}>{t('ac_EditYourProfile')}</AppLink>
            {needsVerification && (
              <Button variant="secondary" onClick={onVerifyPhone}>
                {t('ac_VerifyPhoneNumber')}
              </Button>
            )}
          </div>
        </div>
      </div>
      {shown.length > 0 && (
        <div className={styles.coins}>
          <h3 className={styles.coinsTitle}>{t('ac_YourAchievements')}</h3>
          <ul className="wrapping-list">
            {shown.map((achievement) => (
              <li key={achievement.achievementId} className={styles.coin} title={achievement.name}>
                {achievement.icon ? (
                  <img src={achievement.icon} alt={achievement.name} />
                ) : (
                  <span role="img" aria-label={achievement.name}>
                    ?
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
