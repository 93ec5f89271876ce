/**
 * The Apple-style sign-in: the server hands out a single-use nonce (remembered for this browser),
 * Apple's script signs the shopper in a popup, and the identity token goes to POST /login/apple,
 * where its signature, issuer, audience, expiry and nonce are checked.
 */
import { useEffect } from 'react';
import { useT } from '@/lib/i18n';
import { loadScript } from '@/lib/load-script';
import { appleNonce, loginWith } from '../api/sign-in';
import { MARKS, ProviderButton } from './ProviderButton';
import { useProviderSignIn } from './use-provider-sign-in';

export const APPLE_SCRIPT = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

export function AppleSignIn({ clientId, redirectUrl }: { clientId: string; redirectUrl: string | null }) {
  const t = useT();
  const { withAccount } = useProviderSignIn();

  useEffect(() => {
    loadScript(APPLE_SCRIPT).catch(() => {});
  }, []);

  const onClick = () =>
    withAccount(async () => {
      await loadScript(APPLE_SCRIPT);
      const apple = window.AppleID;
      if (!apple) throw new Error('Apple sign-in is unavailable');
      const { nonce } = await appleNonce();
      apple.auth.init({
        clientId,
        scope: 'name email',
        redirectURI: redirectUrl ?? `${window.location.origin}/account/login`,
        state: crypto.randomUUID(),
        nonce,
        usePopup: true,
      });
      const result = await apple.auth.signIn();
      return loginWith.apple(result.authorization.id_token);
    });

  return (
    <ProviderButton mark={MARKS.apple} onClick={onClick}>
      {t('ac_LoginWithApple')}
    </ProviderButton>
  );
}
