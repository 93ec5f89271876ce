/** Latest achievements (spec §2 Overview): at most 3 claimed, newest first, linking to the achievements page. */
import { type Achievement, formatDate, MAX_LATEST_ACHIEVEMENTS } from '@account/contract';
import { useT } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { Card } from '@/ui/Card';
import styles from './OverviewCards.module.css';
import { ViewAllLink } from './ViewAllLink';

export function LatestAchievementsCard({ achievements }: { achievements: Achievement[] }) {
  const t = useT();
  return (
    <Card title={t('ac_LatestAchievements')} collapsible>
      <ul className={styles.list}>
        {achievements.slice(0, MAX_LATEST_ACHIEVEMENTS).map((a) => (
          <li key={a.achievementId} className={styles.achievement}>
            <span className={styles.icon}>
              {a.icon ? <img src={a.icon} alt="" /> : <span aria-hidden="true">?</span>}
            </span>
            <span>
              <strong>{a.name}</strong>
              <br />
              <span className={styles.muted}>{formatDate(a.claimDate, 'achievement')}</span>
            </span>
          </li>
        ))}
      </ul>
      <ViewAllLink to={paths.achievements}>{t('ac_ViewAllAchievements')}</ViewAllLink>
    </Card>
  );
}
