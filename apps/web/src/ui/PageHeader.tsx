import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

/**
 * A page's title and description. The title takes focus after navigation (tabIndex -1) so
 * screen-reader users hear where they are.
 */
export function PageHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title} tabIndex={-1} data-page-title>
        {title}
      </h1>
      {description && <p className={styles.description}>{description}</p>}
    </header>
  );
}
