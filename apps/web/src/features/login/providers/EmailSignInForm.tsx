/**
 * Sign-in with an emailed code (issue 19): the address, then the code in the shared six-box form.
 * The server answers the same whether or not the address has an account; the code works only in
 * this browser. A correct code completes the sign-in as every provider's does (sign-in-complete).
 */
import { EmailCodeRequestBody } from '@account/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { passkeysSupported } from '@/lib/passkeys';
import { problemsOf } from '@/lib/validate';
import { Button } from '@/ui/Button';
import { CodeForm } from '@/ui/CodeForm';
import { TextField } from '@/ui/Field';
import { cancelPasskeyPrompt, loginWith, signInWithPasskey } from '../api/sign-in';
import loginStyles from '../LoginPage.module.css';
import { useSignInComplete } from '../sign-in-complete';
import styles from './EmailSignInForm.module.css';

export function EmailSignInForm() {
  const t = useT();
  const complete = useSignInComplete();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // The form replaces the button that opened it: focus moves on to what comes next.
  useEffect(() => {
    if (sentTo === null) input.current?.focus();
  }, [sentTo]);

  // Where the browser can, the address field also suggests this site's passkeys (conditional
  // mediation, issue 20): picking one signs in at once. Failures are the shopper's choice to
  // type an address instead, so they pass silently.
  const { passkeys } = useSiteConfig();
  useEffect(() => {
    if (!passkeys || sentTo !== null || !passkeysSupported()) return;
    let active = true;
    let started = false;
    void PublicKeyCredential.isConditionalMediationAvailable?.().then((available) => {
      if (!available || !active) return;
      started = true;
      signInWithPasskey(true)
        .then((account) => active && complete(account))
        .catch(() => {});
    });
    return () => {
      active = false;
      if (started) void cancelPasskeyPrompt();
    };
  }, [passkeys, sentTo, complete]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(EmailCodeRequestBody, { email });
    const found = problems.Email ?? null;
    setProblem(found);
    if (!found) setSentTo(email.trim());
  };

  if (sentTo !== null) {
    return (
      <section className={loginStyles.panel} aria-label={t('ac_SignInWithEmail')}>
        <CodeForm
          instruction={t('ac_EmailSignInCodeSent', { email: sentTo })}
          liveCodeSeconds={null}
          send={async () => (await loginWith.emailCode(sentTo)).emailVerifyExpireIn}
          afterFailedSend={async () => null}
          sendFailedKey="ac_EmailNotSent"
          verify={async (code) => complete(await loginWith.email(sentTo, code))}
        />
        <Button variant="link" onClick={() => setSentTo(null)}>
          {t('ac_UseAnotherEmail')}
        </Button>
      </section>
    );
  }

  return (
    <form className={loginStyles.panel} onSubmit={submit} noValidate aria-label={t('ac_SignInWithEmail')}>
      <p className={styles.instruction}>{t('ac_EmailSignInInstruction')}</p>
      <TextField
        ref={input}
        label={t('ac_Email')}
        name="email"
        type="email"
        autoComplete={passkeys ? 'username webauthn' : 'email'}
        inputMode="email"
        maxLength={250}
        required
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setProblem(null);
        }}
        error={problem ? t(problem) : null}
      />
      <Button type="submit" fullWidth>
        {t('ac_SendCode')}
      </Button>
    </form>
  );
}
