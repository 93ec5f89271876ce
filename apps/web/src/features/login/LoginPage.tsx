/**
 * Login page (spec §2 Login page): heading, instruction, one button per enabled provider (and
 * 'Sign in with email' whenever the shop can send email, issue 19; 'Sign in with a passkey',
 * issue 20) or a disabled 'no provider' button, and the terms links (each in a new tab). In link
 * mode (issue 20, see link-mode.tsx) a signed-in shopper sees the one provider being linked.
 */
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSiteConfig } from '@/lib/config-context';
import { type TextKey, useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { methodName } from '@/lib/method-names';
import { AppLink } from '@/lib/navigation';
import { passkeysSupported } from '@/lib/passkeys';
import { paths } from '@/lib/paths';
import { accountQuery } from '@/lib/queries';
import { Trans } from '@/lib/trans';
import { Icon } from '@/ui/Icon';
import { loginWith } from './api/sign-in';
import styles from './LoginPage.module.css';
import { type LinkMode, LinkModeContext, linkModeFrom } from './link-mode';
import { AppleSignIn } from './providers/AppleSignIn';
import { EmailSignIn } from './providers/EmailSignIn';
import { FacebookSignIn } from './providers/FacebookSignIn';
import { GoogleSignIn } from './providers/GoogleSignIn';
import { PasskeySignIn } from './providers/PasskeySignIn';
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

/**
 * Back from the messaging app's widget: its signed data is in the query (redirect mode). Anyone can
 * craft such a link, so it is only taken out of the address bar here and sent when the shopper
 * confirms with a click (login CSRF, DESIGN §6); a signed-in shopper is never switched by it, and
 * when linking Telegram the data goes with the link's state, which the server checks.
 */
function useTelegramReturn(signedIn: boolean, linkMode: LinkMode | null) {
  const location = useLocation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Record<string, string> | null>(null);
  const linking = linkMode?.provider === 'telegram';
  useEffect(() => {
    const data = telegramReturn(location.search);
    if (!data) return;
    navigate({ search: '' }, { replace: true });
    if (!signedIn || linking) setPending(data);
  }, [location.search, navigate, signedIn, linking]);
  return { pending, dismiss: () => setPending(null) };
}

function TelegramConfirm({ data, onDone }: { data: Record<string, string>; onDone: () => void }) {
  const t = useT();
  const { withAccount } = useProviderSignIn();
  const linkMode = useContext(LinkModeContext);
  const name = [data.first_name, data.last_name].filter(Boolean).join(' ') || (data.username ?? '');
  const confirm = () => {
    onDone();
    const { id = '', auth_date = '', hash = '', first_name, last_name, username, photo_url } = data;
    void withAccount(() =>
      loginWith.telegram({
        id,
        authDate: auth_date,
        hash,
        firstName: first_name,
        lastName: last_name,
        username,
        photoUrl: photo_url,
        ...(linkMode && { state: linkMode.state }),
      }),
    );
  };
  return (
    <section className={styles.panel} aria-labelledby="telegram-confirm">
      <p id="telegram-confirm">{t('ac_TelegramConfirm', { name })}</p>
      <div className={styles.confirmActions}>
        <button type="button" className={styles.provider} onClick={confirm}>
          {t('ac_TelegramContinue')}
        </button>
        <button type="button" className={`${styles.provider} ${styles.outline}`} onClick={onDone}>
          {t('ac_Cancel')}
        </button>
      </div>
    </section>
  );
}

export function LoginPage() {
  const t = useT();
  const config = useSiteConfig();
  const loading = useLoading();
  const location = useLocation();
  const { data: account } = useQuery(accountQuery);
  const signedIn = !!account && account.id > 0;
  // Read once: the messaging app's return clears the query, and link mode must outlast it.
  const [requestedLink] = useState(() => linkModeFrom(location.search));
  const linkMode = signedIn ? requestedLink : null;
  const telegram = useTelegramReturn(signedIn, linkMode);
  if (signedIn && !linkMode) return <Navigate to={paths.overview} replace />;

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
  if (config.emailSignIn) providers.push(['email', <EmailSignIn key="email" />]);
  if (config.passkeys && passkeysSupported()) providers.push(['passkey', <PasskeySignIn key="passkey" />]);
  const shown = linkMode ? providers.filter(([key]) => key === linkMode.provider) : providers;
  const linking = linkMode ? methodName(linkMode.provider, t, config.companyName) : null;

  return (
    <LinkModeContext.Provider value={linkMode}>
      <div className={styles.page}>
        <section className={styles.card} aria-labelledby="login-title">
          <div>
            <h1 id="login-title" className={styles.title} tabIndex={-1} data-page-title>
              {linking ? t('ac_LinkTitle', { provider: linking }) : t('ac_LoginTitle')}
            </h1>
            <p className={styles.instruction}>
              {linking ? t('ac_LinkInstruction', { provider: linking }) : t('ac_LoginInstruction')}
            </p>
          </div>
          {telegram.pending && <TelegramConfirm data={telegram.pending} onDone={telegram.dismiss} />}
          <ul className={styles.providers}>
            {shown.map(([key, node]) => (
              <li key={key}>{node}</li>
            ))}
            {shown.length === 0 && (
              <li>
                <button type="button" className={styles.provider} disabled>
                  {t('ac_NoLoginProvider')}
                </button>
              </li>
            )}
          </ul>
          {linking ? (
            <AppLink to={paths.security} className={styles.back}>
              {t('ac_BackToSecurity')}
            </AppLink>
          ) : (
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
          )}
        </section>
      </div>
    </LinkModeContext.Provider>
  );
}
