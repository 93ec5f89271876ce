import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useSiteConfig } from '../../lib/config-context';
import { useT } from '../../lib/i18n';
import { useLocale } from '../../lib/locale';
import { AppLink } from '../../lib/navigation';
import { iconButtonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { activeItemId, buildMenu, isActive, type MenuItem } from './menu-items';
import styles from './SideMenu.module.css';

export interface SideMenuProps {
  id: string;
  /** Under 920 px the menu shows only when opened with the toggle. */
  open: boolean;
  onNavigate(): void;
  onLogout(): void;
}

export function SideMenu({ id, open, onNavigate, onLogout }: SideMenuProps) {
  const config = useSiteConfig();
  const t = useT();
  const { pathname } = useLocation();
  const { language } = useLocale();
  const items = useMemo(() => buildMenu(config, language), [config, language]);
  const activeId = activeItemId(items, pathname);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});

  // An item whose sub-item is active opens by itself when the location changes.
  useEffect(() => {
    const parent = items.find((item) => item.subs.some((sub) => isActive(sub, pathname)));
    if (parent) setExpanded((current) => (current[parent.id] ? current : { ...current, [parent.id]: true }));
  }, [pathname, items]);

  const label = (item: MenuItem) => ('key' in item.name ? t(item.name.key) : item.name.text);
  const icon = (item: MenuItem) =>
    typeof item.icon === 'string' ? (
      <Icon name={item.icon} className={styles.icon} />
    ) : (
      // Lazy: the icons of a closed item's pages (and under 920 px of the closed menu) are not
      // displayed, and so neither fetched nor decoded (each SVG a main-thread task of its own).
      <img className={styles.pageIcon} src={item.icon.src} alt="" loading="lazy" />
    );

  const renderLink = (item: MenuItem) => {
    const current = item.id === activeId;
    if (item.action === 'logout') {
      return (
        <button type="button" className={styles.link} onClick={onLogout}>
          {icon(item)}
          {label(item)}
        </button>
      );
    }
    return (
      <AppLink
        to={item.url ?? '/'}
        className={styles.link}
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
      >
        {icon(item)}
        {label(item)}
      </AppLink>
    );
  };

  return (
    <nav id={id} className={styles.nav} aria-label={t('ac_MainNavigation')} data-open={open}>
      <ul className={styles.list}>
        {items.map((item) => {
          if (item.spacer) return <li key={item.id} className={styles.spacer} aria-hidden="true" />;
          const active = item.id === activeId || item.subs.some((sub) => sub.id === activeId);
          const isOpen = expanded[item.id] ?? false;
          const subsId = `${id}-${item.id}-subs`;
          return (
            <li key={item.id} className={active ? styles.active : undefined}>
              <div className={styles.row}>
                {renderLink(item)}
                {item.subs.length > 0 && (
                  <button
                    type="button"
                    className={iconButtonClass(styles.expand)}
                    aria-expanded={isOpen}
                    aria-controls={subsId}
                    aria-label={t('ac_ToggleSubmenu', { name: label(item) })}
                    onClick={() => setExpanded((current) => ({ ...current, [item.id]: !isOpen }))}
                  >
                    <Icon name="chevronDown" />
                  </button>
                )}
              </div>
              {item.subs.length > 0 && (
                <ul id={subsId} className={styles.subList} hidden={!isOpen}>
                  {item.subs.map((sub) => (
                    <li key={sub.id} className={sub.id === activeId ? styles.active : undefined}>
                      {renderLink(sub)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
