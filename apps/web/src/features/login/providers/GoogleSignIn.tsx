/**
 * Sign in with Google (spec §2 Login page): only when a client id is configured; the button is
 * rendered by Google's Identity Services script, width 600 (at most the space there is), and One
 * Tap is offered when googleOneTouch is on. The ID token goes to POST /login/google.
 */
import { useEffect, useRef } from 'react';
import { loadScript } from '@/lib/load-script';
import { loginWith } from '../api/sign-in';
import styles from '../LoginPage.module.css';
import { useProviderSignIn } from './use-provider-sign-in';

export const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const BUTTON_WIDTH = 600;

export function GoogleSignIn({ clientId, oneTap, locale }: { clientId: string; oneTap: boolean; locale: string }) {
  const container = useRef<HTMLDivElement>(null);
  const { withAccount } = useProviderSignIn();
  const signIn = useRef(withAccount);
  signIn.current = withAccount;

  useEffect(() => {
    let cancelled = false;
    loadScript(GOOGLE_SCRIPT)
      .then(() => {
        const id = window.google?.accounts.id;
        const parent = container.current;
        if (cancelled || !id || !parent) return;
        id.initialize({
          client_id: clientId,
          callback: ({ credential }) => signIn.current(() => loginWith.google(credential, clientId)),
          cancel_on_tap_outside: true,
        });
        id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          width: Math.min(BUTTON_WIDTH, parent.clientWidth || BUTTON_WIDTH),
          locale,
        });
        if (oneTap) id.prompt();
      })
      .catch(() => {
        // The provider's script is unreachable: its button simply does not appear.
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, oneTap, locale]);

  return <div ref={container} className={styles.googleButton} />;
}
