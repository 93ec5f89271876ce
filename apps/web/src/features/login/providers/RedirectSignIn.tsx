/** Providers that answer {redirectUrl} (spec §7): the games platform (OpenID 2.0) and the auth0-style login. */

import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { loginWith } from '../api/sign-in';
import { MARKS, ProviderButton } from './ProviderButton';
import { useProviderSignIn } from './use-provider-sign-in';

export function SteamSignIn() {
  const t = useT();
  const { withRedirect } = useProviderSignIn();
  return (
    <ProviderButton mark={MARKS.steam} onClick={() => withRedirect(loginWith.steam)}>
      {t('ac_LoginWithSteam')}
    </ProviderButton>
  );
}

/** The auth0-style button is labelled with the company name (spec §1). */
export function Auth0SignIn() {
  const t = useT();
  const { companyName } = useSiteConfig();
  const { withRedirect } = useProviderSignIn();
  return (
    <ProviderButton mark={MARKS.key} onClick={() => withRedirect(loginWith.auth0)}>
      {t('ac_LoginWithAuth0', { company: companyName })}
    </ProviderButton>
  );
}
