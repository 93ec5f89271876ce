/**
 * Login page (spec §2 Login page): heading, instruction, one button per enabled provider or a
 * disabled 'no provider' button, and the terms links (each in a new tab).
 */
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { call } from '@/lib/api';
import { useSiteConfig } from '@/lib/config-context';
import { type TextKey, Trans, useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { paths } from '@/lib/paths';
import { accountQuery } from '@/lib/queries';
import { Icon } from '@/ui/Icon';
import styles from './LoginPage.module.css';
import { AppleSignIn } from './providers/AppleSignIn';
import { FacebookSignIn } from './providers/FacebookSignIn';
import { GoogleSignIn } from './providers/GoogleSignIn';
import { Auth0SignIn, SteamSignIn } from './providers/RedirectSignIn';
import { TelegramSignIn, telegramReturn } from './providers/TelegramSignIn';
import { useProviderSignIn } from './providers/use-provider-sign-in';
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

/** Back from the messaging app's widget: its signed data is in the query (redirect mode). */
function useTelegramReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const { withAccount } = useProviderSignIn();
  const handled = useRef(false);
  useEffect(() => {
    const data = telegramReturn(location.search);
    if (!data || handled.current) return;
    handled.current = true;
    navigate({ search: '' }, { replace: true });
    const { id = '', auth_date = '', hash = '', first_name, last_name, username, photo_url } = data;
    void withAccount(() =>
      call('loginTelegram', {
        body: {
          id,
          authDate: auth_date,
          hash,
          firstName: first_name,
          lastName: last_name,
          username,
          photoUrl: photo_url,
        },
      }),
    );
  }, [location.search, navigate, withAccount]);
}

export function LoginPage() {
  const t = useT();
  const config = useSiteConfig();
  const loading = useLoading();
  const { data: account } = useQuery(accountQuery);
  useTelegramReturn();
  if (account && account.id > 0) return <Navigate to={paths.overview} replace />;

  const singleSignOn = config.singleSignOn;
  const onSingleSignOn = async () => {
    if (!singleSignOn) return;
    loading.show();
    // §4: on failure only the loading state is hidden; on success the browser leaves the page.
    if (!(await startSingleSignOn(singleSignOn))) loading.hide();
  };
  const providers: [key: string, node: ReactNode][] = [];
  if (singleSignOn) {
    providers.push([
      'sso',
      <button key="sso" type="button" className={styles.provider} onClick={onSingleSignOn}>
        <Icon name="lock" />
        {t('ac_LoginWithCompany', { company: config.companyName })}
      </button>,
    ]);
  }
  if (config.googleClientId) {
    providers.push([
      'google',
      <GoogleSignIn
        key="google"
        clientId={config.googleClientId}
        oneTap={config.googleOneTouch}
        locale={config.currentLanguage}
      />,
    ]);
  }
  if (config.facebookAppId)
    providers.push(['facebook', <FacebookSignIn key="facebook" appId={config.facebookAppId} />]);
  if (config.appleClientId) {
    providers.push([
      'apple',
      <AppleSignIn key="apple" clientId={config.appleClientId} redirectUrl={config.appleRedirectUrl} />,
    ]);
  }
  if (config.auth0) providers.push(['auth0', <Auth0SignIn key="auth0" />]);
  if (config.steam) providers.push(['steam', <SteamSignIn key="steam" />]);
  if (config.telegram && config.telegramId) {
    providers.push([
      'telegram',
      <TelegramSignIn key="telegram" botName={config.telegramId} redirectUrl={config.telegramRedirectUrl} />,
    ]);
  }

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
          {providers.map(([key, node]) => (
            <li key={key}>{node}</li>
          ))}
          {providers.length === 0 && (
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
