/**
 * Achievements (spec §2 Achievements page, §4 Achievement): each achievement with its icon (or
 * '?'), name, description, progress, claim date, and for a claimable one the reward with a Claim
 * button. After a claim the account reloads and the list is ordered claimed first, newest first,
 * then the unclaimed by progress.
 */
import {
  type Achievement,
  achievementIcon,
  achievementProgressText,
  formatDate,
  orderAchievements,
} from '@account/contract';
import { useId, useState } from 'react';
import { useAccount } from '@/lib/account';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { useSystemMessage } from '@/lib/system-message';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { EmptyState } from '@/ui/EmptyState';
import { PageHeader } from '@/ui/PageHeader';
import { ProgressBar } from '@/ui/ProgressBar';
import { Spinner } from '@/ui/Spinner';
import styles from './AchievementsPage.module.css';
import { useClaimAchievement } from './api/achievements';

function AchievementItem({ achievement }: { achievement: Achievement }) {
  const t = useT();
  const { decimalSep, thousandSep } = useSiteConfig();
  const { mutateAsync: claimAchievement } = useClaimAchievement();
  const { show } = useSystemMessage();
  const [claiming, setClaiming] = useState(false);
  const nameId = useId();
  const icon = achievementIcon(achievement);
  const claimed = Boolean(achievement.claimDate);

  const claim = async () => {
    setClaiming(true);
    try {
      await claimAchievement(achievement);
      show(t('ac_RewardClaimed'));
    } catch {
      // The achievement stays claimable; the shopper can try again.
    } finally {
      setClaiming(false);
    }
  };

  return (
    <li className={`${styles.item} ${claimed ? '' : styles.unclaimed}`}>
      <span className={styles.icon}>{icon ? <img src={icon} alt="" /> : <span aria-hidden="true">?</span>}</span>
      <div className={styles.text}>
        <h2 className={styles.name} id={nameId}>
          {achievement.name}
        </h2>
        {achievement.description && <p className={styles.description}>{achievement.description}</p>}
        {achievement.scaleType !== 0 && (
          <div className={styles.progress}>
            <ProgressBar
              value={achievement.progressPercentage}
              label={t('ac_AchievementProgress', { progress: achievement.name })}
              valueText={achievementProgressText(achievement, { decimalSep, thousandSep })}
            />
            <span className={styles.progressText}>
              {achievementProgressText(achievement, { decimalSep, thousandSep })}
            </span>
          </div>
        )}
        {claimed && (
          <p className={styles.claimed}>
            {t('ac_ClaimedOn', { date: formatDate(achievement.claimDate, 'achievement') })}
          </p>
        )}
      </div>
      {achievement.canClaim && (
        <div className={styles.reward}>
          <span className={styles.rewardLabel}>{t('ac_Reward')}</span>
          <strong>{achievement.reward || '-'}</strong>
          <Button
            onClick={() => void claim()}
            disabled={claiming}
            aria-describedby={nameId}
            aria-label={t('ac_ClaimAchievement', { name: achievement.name })}
          >
            {claiming && <Spinner />}
            {t(claiming ? 'ac_Claiming' : 'ac_Claim')}
          </Button>
        </div>
      )}
    </li>
  );
}

export function AchievementsPage() {
  const t = useT();
  const account = useAccount();
  const achievements = orderAchievements(account.achievements);
  return (
    <>
      <PageHeader title={t('ac_Achievements')} description={t('ac_AchievementsDescription')} />
      <Card>
        {achievements.length === 0 ? (
          <EmptyState icon="trophy" title={t('ac_AchievementsEmptyTitle')} text={t('ac_AchievementsEmptyText')} />
        ) : (
          <ul className={styles.list} aria-label={t('ac_Achievements')}>
            {achievements.map((achievement) => (
              <AchievementItem key={achievement.achievementId} achievement={achievement} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
