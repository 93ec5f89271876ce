import type { StatusInfo } from '@account/contract';
import { useT } from '@/lib/i18n';
import styles from './StatusBadge.module.css';

/** A status from the §4 tables: its translated label in its colour. */
export function StatusBadge({ status }: { status: StatusInfo }) {
  const t = useT();
  const text = t(status.key);
  return (
    <span className={`${styles.badge} ${styles[status.colour]}`}>{text.startsWith('[') ? status.label : text}</span>
  );
}
