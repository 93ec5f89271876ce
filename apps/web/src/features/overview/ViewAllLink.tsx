import { AppLink } from '@/lib/navigation';
import { Icon } from '@/ui/Icon';
import styles from './OverviewCards.module.css';

/** An overview card's way on to the page that shows all of what the card shows a few of. */
export function ViewAllLink({ to, children }: { to: string; children: string }) {
  return (
    <AppLink to={to} className={styles.more}>
      {children}
      <Icon name="chevronRight" size={16} />
    </AppLink>
  );
}
