/** 'Sign in with a passkey' (issue 20): the browser's own prompt for one of this site's passkeys. */
import { useT } from '@/lib/i18n';
import { Icon } from '@/ui/Icon';
import { signInWithPasskey } from '../api/sign-in';
import { ProviderButton } from './ProviderButton';
import { useProviderSignIn } from './use-provider-sign-in';

export function PasskeySignIn() {
  const t = useT();
  const { withAccount } = useProviderSignIn();
  return (
    <ProviderButton mark={<Icon name="key" />} onClick={() => void withAccount(() => signInWithPasskey())}>
      {t('ac_SignInWithPasskey')}
    </ProviderButton>
  );
}
