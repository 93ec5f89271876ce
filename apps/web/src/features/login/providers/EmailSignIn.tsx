/**
 * 'Sign in with email' (issue 19): the button; the form (address, then the six-box code) loads on
 * the first click, so the login page's first screen does not carry it.
 */
import { lazy, Suspense, useState } from 'react';
import { useT } from '@/lib/i18n';
import { Icon } from '@/ui/Icon';
import styles from '../LoginPage.module.css';

const EmailSignInForm = lazy(async () => ({ default: (await import('./EmailSignInForm')).EmailSignInForm }));

export function EmailSignIn() {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <Suspense fallback={null}>
        <EmailSignInForm />
      </Suspense>
    );
  }
  return (
    <button type="button" className={`${styles.provider} ${styles.outline}`} onClick={() => setOpen(true)}>
      <Icon name="mail" />
      {t('ac_SignInWithEmail')}
    </button>
  );
}
