/** Breadcrumb (spec §2 Shell): 'Account', then the route's trail entries, then the current page title. */
import { useT } from '../../lib/i18n';
import { AppLink } from '../../lib/navigation';
import { paths } from '../../lib/paths';
import styles from './Breadcrumb.module.css';

export interface Crumb {
  title: string;
  to: string;
}

export function Breadcrumb({ trail, current }: { trail: Crumb[]; current: string | null }) {
  const t = useT();
  const entries: Crumb[] = [{ title: t('ac_Account'), to: paths.overview }, ...trail];
  return (
    <nav className={styles.breadcrumb} aria-label={t('ac_Breadcrumb')}>
      <ol>
        {entries.map((crumb) => (
          <li key={crumb.to}>
            <AppLink to={crumb.to}>{crumb.title}</AppLink>
          </li>
        ))}
        {current && (
          <li>
            <span aria-current="page">{current}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
