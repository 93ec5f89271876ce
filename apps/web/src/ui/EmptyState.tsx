/**
 * What a page shows when it has nothing to list yet (issue 44): the same on every page, an icon, a
 * title and one line, and a way back to the shop where the things to list come from.
 */
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { shopHome } from '@/lib/paths';
import styles from './EmptyState.module.css';
import { Icon, type IconName } from './Icon';

export interface EmptyStateProps {
  icon: IconName;
  title: string;
  text: string;
  /** Heading level of the title, to keep the page outline right. */
  level?: 2 | 3;
}

export function EmptyState({ icon, title, text, level = 2 }: EmptyStateProps) {
  const t = useT();
  const config = useSiteConfig();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.empty}>
      <span className={styles.icon} aria-hidden="true">
        <Icon name={icon} size={28} />
      </span>
      <Heading className={styles.title}>{title}</Heading>
      <p className={styles.text}>{text}</p>
      <a className={styles.shop} href={shopHome(config)}>
        {t('ac_ContinueShopping')}
      </a>
    </div>
  );
}
