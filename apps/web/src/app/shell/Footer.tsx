import { useSiteConfig } from '../../lib/config-context';
import { useT } from '../../lib/i18n';
import { Icon } from '../../ui/Icon';
import styles from './Footer.module.css';

export function Footer() {
  const t = useT();
  const { companyName } = useSiteConfig();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <ul className={styles.assurances}>
          <li>
            <Icon name="shield" />
            {t('ac_FooterSafe')}
          </li>
          <li>
            <Icon name="lock" />
            {t('ac_FooterSecureCheckout')}
          </li>
        </ul>
        <p>{t('ac_Copyright', { year: new Date().getFullYear(), company: companyName })}</p>
      </div>
    </footer>
  );
}
