/**
 * The social-network sign-in (spec §2 Login page): the SDK is loaded when an app id is
 * configured; the button asks for the scopes email and public_profile and sends the access token
 * to POST /login/facebook.
 */
import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n';
import { loadScript } from '@/lib/load-script';
import { loginWith } from '../api/sign-in';
import { MARKS, ProviderButton } from './ProviderButton';
import { useProviderSignIn } from './use-provider-sign-in';

export const FACEBOOK_SCRIPT = 'https://connect.facebook.net/en_US/sdk.js';
const GRAPH_VERSION = 'v19.0';

export function FacebookSignIn({ appId }: { appId: string }) {
  const t = useT();
  const { withAccount } = useProviderSignIn();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    window.fbAsyncInit = () => {
      window.FB?.init({ appId, version: GRAPH_VERSION, xfbml: false, cookie: false });
      setReady(true);
    };
    loadScript(FACEBOOK_SCRIPT).catch(() => setReady(false));
    if (window.FB) window.fbAsyncInit();
  }, [appId]);

  const onClick = () => {
    const sdk = window.FB;
    if (!ready || !sdk) return;
    sdk.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        if (token) void withAccount(() => loginWith.facebook(token));
      },
      { scope: 'email,public_profile' },
    );
  };

  return (
    <ProviderButton mark={MARKS.facebook} onClick={onClick}>
      {t('ac_LoginWithFacebook')}
    </ProviderButton>
  );
}
