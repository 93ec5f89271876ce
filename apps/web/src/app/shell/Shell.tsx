/**
 * The shell around every screen (spec §2 Shell): header with 'Back to shop', TEST MODE badge,
 * timed banner, loading overlay and page transitions always; side menu, breadcrumb and footer
 * only on navigation pages.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSiteConfig } from '../../lib/config-context';
import { useT } from '../../lib/i18n';
import { useLoading } from '../../lib/loading';
import { useLocale } from '../../lib/locale';
import { usePageTransition } from '../../lib/navigation';
import { accountQuery } from '../../lib/queries';
import { resolveTitle, useRouteMatches } from '../route-handle';
import { Breadcrumb, type Crumb } from './Breadcrumb';
import { Footer } from './Footer';
import { Header } from './Header';
import { LoadingOverlay, SystemMessageBanner, TestModeBadge } from './Overlays';
import styles from './Shell.module.css';
import { SideMenu } from './SideMenu';
import { StepUpHost } from './StepUpHost';
import { useLogout } from './use-logout';

export function Shell() {
  const config = useSiteConfig();
  const t = useT();
  const { language } = useLocale();
  const location = useLocation();
  const loading = useLoading();
  const { phase, pending } = usePageTransition();
  const matches = useRouteMatches();
  const { data: account } = useQuery(accountQuery);
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const logout = useLogout(closeMenu);
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  const leaf = matches.at(-1);
  const context = { params: leaf?.params ?? {}, t, config, language };
  const title = resolveTitle(leaf?.handle, context);
  // A section's own page is the current page, not a step of the trail.
  const trail: Crumb[] = matches
    .slice(0, -1)
    .flatMap((m) => (m.handle?.crumb ? [{ title: t(m.handle.crumb.title), to: m.handle.crumb.to }] : []))
    .filter((crumb) => crumb.to !== location.pathname.replace(/\/$/, ''));
  const before = leaf?.handle?.before;
  if (before) trail.push({ title: t(before.title), to: before.to(leaf.params) });
  const signedIn = Boolean(account && account.id > 0);
  const chrome = signedIn && matches.some((m) => m.handle?.navigation);

  useEffect(() => {
    document.title = title ? `${title} – ${config.companyName}` : config.companyName;
  }, [title, config.companyName]);

  // After each navigation, move focus to the new page's title so assistive technology announces it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setMenuOpen(false);
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('[data-page-title]');
      (heading ?? mainRef.current)?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.pathname]);

  return (
    <div className={styles.app}>
      <a className={styles.skipLink} href="#main">
        {t('ac_SkipToContent')}
      </a>
      {config.isTestingEnvironment && <TestModeBadge />}
      <SystemMessageBanner />
      <Header
        showMenuToggle={chrome}
        menuOpen={menuOpen}
        menuId={menuId}
        onToggleMenu={() => setMenuOpen((open) => !open)}
      />
      <div className={`${styles.body} ${chrome ? '' : styles.bodyPlain}`}>
        {chrome && <SideMenu id={menuId} open={menuOpen} onNavigate={closeMenu} onLogout={logout} />}
        <main id="main" ref={mainRef} tabIndex={-1} className={styles.main} data-phase={phase}>
          {chrome && <Breadcrumb trail={trail} current={title} />}
          <Outlet />
        </main>
      </div>
      {chrome && <Footer />}
      <LoadingOverlay visible={loading.visible || pending} />
      {signedIn && <StepUpHost />}
    </div>
  );
}
