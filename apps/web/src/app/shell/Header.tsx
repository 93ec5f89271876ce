import type { MouseEvent } from 'react';
import { useSiteConfig } from '../../lib/config-context';
import { useT } from '../../lib/i18n';
import { Icon } from '../../ui/Icon';
import { backToShopHref, goBackToShop } from './back-to-shop';
import styles from './Header.module.css';

export interface HeaderProps {
  /** Shows the Menu/Close toggle (navigation pages under 920 px). */
  showMenuToggle: boolean;
  menuOpen: boolean;
  menuId: string;
  onToggleMenu(): void;
}

export function Header({ showMenuToggle, menuOpen, menuId, onToggleMenu }: HeaderProps) {
  const config = useSiteConfig();
  const t = useT();
  const onBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    goBackToShop(config);
  };
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <a className={styles.back} href={backToShopHref(config)} onClick={onBack}>
          <span className={styles.backText}>
            <Icon name="chevronLeft" />
            <span className={styles.backLabel}>{t('ac_BackToShop')}</span>
          </span>
          <span className={styles.divider} aria-hidden="true" />
          {config.logo ? (
            <img className={styles.logo} src={config.logo} alt={config.companyName} />
          ) : (
            <span className={styles.company}>{config.companyName}</span>
          )}
        </a>
        {showMenuToggle && (
          <button
            type="button"
            className={styles.menuToggle}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={onToggleMenu}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} />
            {menuOpen ? t('ac_Close') : t('ac_Menu')}
          </button>
        )}
      </div>
    </header>
  );
}
