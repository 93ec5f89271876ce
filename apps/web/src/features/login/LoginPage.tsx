/**
 * Login page (spec §2 Login page): heading, instruction, one button per enabled provider or a
 * disabled 'no provider' button, and the terms links (each in a new tab).
 */
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { useSiteConfig } from '../../lib/config-context';
import { type TextKey, Trans, useT } from '../../lib/i18n';
import { useLoading } from '../../lib/loading';
import { paths } from '../../lib/paths';
import { accountQuery } from '../../lib/queries';
import { Icon } from '../../ui/Icon';
import styles from './LoginPage.module.css';
import { startSingleSignOn } from './single-sign-on';

const TERMS: Record<'terms' | 'privacy' | 'cookie', { key: TextKey; href: string }> = {
  terms: { key: 'ac_Terms', href: '/terms' },
  privacy: { key: 'ac_Privacy', href: '/privacy' },
  cookie: { key: 'ac_Cookie', href: '/cookie' },
};

function TermsLink({ term }: { term: keyof typeof TERMS }) {
  const t = useT();
  const { key, href } = TERMS[term];
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {t(key)}
      <span className="visually-hidden"> {t('ac_OpensInNewTab')}</span>
    </a>
  );
}

export function LoginPage() {
  const t = useT();
  const config = useSiteConfig();
  const loading = useLoading();
  const { data: account } = useQuery(accountQuery);
  if (account && account.id > 0) return <Navigate to={paths.overview} replace />;

  const singleSignOn = config.singleSignOn;
  const onSingleSignOn = async () => {
    if (!singleSignOn) return;
    loading.show();
    // §4: on failure only the loading state is hidden; on success the browser leaves the page.
    if (!(await startSingleSignOn(singleSignOn))) loading.hide();
  };
  const hasProvider = Boolean(singleSignOn);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <div>
          <h1 id="login-title" className={styles.title} tabIndex={-1} data-page-title>
            {t('ac_LoginTitle')}
          </h1>
          <p className={styles.instruction}>{t('ac_LoginInstruction')}</p>
        </div>
        <ul className={styles.providers}>
          {singleSignOn && (
            <li>
              <button type="button" className={styles.provider} onClick={onSingleSignOn}>
                <Icon name="lock" />
                {t('ac_LoginWithCompany', { company: config.companyName })}
              </button>
            </li>
          )}
          {!hasProvider && (
            <li>
              <button type="button" className={styles.provider} disabled>
                {t('ac_NoLoginProvider')}
              </button>
            </li>
          )}
        </ul>
        <p className={styles.terms}>
          <Trans
            k="ac_LoginTerms"
            values={{
              terms: <TermsLink term="terms" />,
              privacy: <TermsLink term="privacy" />,
              cookie: <TermsLink term="cookie" />,
            }}
          />
        </p>
      </section>
    </div>
  );
}
