/**
 * Profile-completion wizard (spec §4 Profile wizard, §5 Wizard): the progress bar, the steps with
 * completed ones first, the current question with 'Submit {label}' and 'Next question', and the
 * final 'Your profile is completed'. A save error jumps to the email step with the invalid-email
 * note. A telephone that still needs verifying opens the phone verification; an email that needs
 * confirming (a new address, or verification required by the shop) opens the email code popup.
 * The question is a validated form (useValidatedForm), started over for each step.
 */
import { type Account, FEATURES, hasFeature, type WizardStep } from '@account/contract';
import { lazy, Suspense, useState } from 'react';
import { useUpdateAccount } from '@/lib/account';
import { useSiteConfig } from '@/lib/config-context';
import { needsEmailVerification, useEmailCodesOn } from '@/lib/email-verification';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useT } from '@/lib/i18n';
import { useValidatedForm } from '@/lib/use-validated-form';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { type DateParts, fromIsoDate, toSubmitDate } from '@/ui/date-parts';
import { TextField } from '@/ui/Field';
import { Icon } from '@/ui/Icon';
import { BirthDateField, GenderField } from '@/ui/ProfileFields';
import { ProgressBar } from '@/ui/ProgressBar';
import styles from './ProfileWizard.module.css';
import { stepProblem, wizardState } from './wizard-steps';

interface Props {
  account: Account;
  verificationOn: boolean;
  onVerifyPhone(): void;
}

const FIELD: Record<WizardStep, 'gender' | 'firstName' | 'lastName' | 'email' | 'telephone' | 'birthDate'> = {
  Gender: 'gender',
  FirstName: 'firstName',
  LastName: 'lastName',
  Email: 'email',
  Telephone: 'telephone',
  BirthDate: 'birthDate',
};

// The email code popup opens on request: its code entry loads then, not with the page.
const EmailVerification = lazy(async () => ({
  default: (await import('@/ui/EmailVerification')).EmailVerification,
}));

function initialValue(account: Account, step: WizardStep): string {
  if (step === 'Gender') return String(account.gender || 1);
  if (step === 'BirthDate') return account.birthDate ?? '';
  return account[FIELD[step]] as string;
}

export function ProfileWizard({ account, verificationOn, onVerifyPhone }: Props) {
  const t = useT();
  const { mutateAsync: updateAccount } = useUpdateAccount();
  const [skipped, setSkipped] = useState<WizardStep[]>([]);
  const [forced, setForced] = useState<WizardStep | null>(null);
  const codesOn = useEmailCodesOn();
  const { enableFeatures } = useSiteConfig();
  const emailVerificationOn = codesOn && hasFeature(enableFeatures, FEATURES.emailVerification);
  // null until the popup is first opened; from then on it stays mounted, so closing it returns focus.
  const [verifyingEmail, setVerifyingEmail] = useState<boolean | null>(null);
  const state = wizardState(
    account,
    account.questionFields,
    { telephone: verificationOn, email: emailVerificationOn },
    skipped,
  );
  const currentName = forced ?? state.current?.name ?? null;
  const [values, setValues] = useState<Partial<Record<WizardStep, string>>>({});
  const [dateParts, setDateParts] = useState<DateParts>(() => fromIsoDate(account.birthDate));
  const value = (step: WizardStep) => values[step] ?? initialValue(account, step);
  const answer = (step: WizardStep) => (step === 'BirthDate' ? (toSubmitDate(dateParts) ?? '') : value(step).trim());
  const form = useValidatedForm({
    problems: currentName ? { [currentName]: stepProblem(currentName, answer(currentName)) } : {},
  });
  if (state.steps.length === 0) return null;

  const label = (step: WizardStep) => t(`ac_${step}`);
  const setValue = (step: WizardStep, next: string) => {
    setValues((current) => ({ ...current, [step]: next }));
    form.changed(step);
  };
  const setDate = (next: DateParts) => {
    setDateParts(next);
    form.changed('BirthDate');
  };

  const submit = (step: WizardStep) =>
    form.handleSubmit(async () => {
      const given = answer(step);
      // A verified number that is unchanged only needs verifying, not saving again.
      if (step === 'Telephone' && given === account.telephone) {
        onVerifyPhone();
        return;
      }
      if (step === 'Email' && given === account.email && codesOn && needsEmailVerification(account)) {
        setVerifyingEmail(true);
        return;
      }
      let saved: Account;
      try {
        saved = await updateAccount({ [FIELD[step]]: step === 'Gender' ? Number(given) : given });
      } catch (error) {
        // §4: on a save error the wizard jumps to the email step with an invalid-email note; a
        // reason the server gives for the email (sign in again, address cannot be used) is shown as such.
        setForced('Email');
        form.showServerErrors({ Email: fieldErrorsOf(error).Email ?? 'ac_InvalidEmailAddress' });
        return;
      }
      setForced(null);
      setValues({});
      form.reset();
      if (step === 'Telephone' && verificationOn && !saved.isTelephoneVerified) onVerifyPhone();
      if (step === 'Email' && codesOn && needsEmailVerification(saved)) setVerifyingEmail(true);
    });

  const next = () => {
    if (!currentName) return;
    form.reset();
    setForced(null);
    setSkipped((list) => [...list.filter((s) => s !== currentName), currentName]);
  };

  const question = () => {
    if (!currentName) return null;
    switch (currentName) {
      case 'Gender':
        return (
          <GenderField
            label={t('ac_ProfileWizardQuestionGender')}
            name="wizard-gender"
            value={value('Gender') === '2' ? 2 : 1}
            onChange={(next) => setValue('Gender', String(next))}
            error={form.error('Gender')}
          />
        );
      case 'BirthDate':
        return (
          <BirthDateField
            legend={t('ac_ProfileWizardQuestionBirthDate')}
            value={dateParts}
            onChange={setDate}
            error={form.error('BirthDate')}
          />
        );
      default:
        return (
          <TextField
            label={t(`ac_ProfileWizardQuestion${currentName}`)}
            name={`wizard-${currentName}`}
            type={currentName === 'Email' ? 'email' : currentName === 'Telephone' ? 'tel' : 'text'}
            autoComplete={
              { FirstName: 'given-name', LastName: 'family-name', Email: 'email', Telephone: 'tel' }[currentName]
            }
            maxLength={currentName === 'Telephone' ? 15 : currentName === 'Email' ? 250 : 100}
            value={value(currentName)}
            onChange={(e) => setValue(currentName, e.target.value)}
            error={form.error(currentName)}
          />
        );
    }
  };

  return (
    <Card title={t('ac_ProfileWizardTitle')} collapsible>
      <div className={styles.wizard}>
        <div className={styles.progressRow}>
          <span className={styles.progressText}>{t('ac_ProfileWizardProgress', { percent: state.percent })}</span>
          <ProgressBar value={state.percent} label={t('ac_ProfileWizardTitle')} valueText={`${state.percent}%`} />
        </div>
        <ol className="wrapping-list">
          {state.steps.map((step) => (
            <li
              key={step.name}
              className={`${styles.step} ${step.complete ? styles.done : ''} ${step.name === currentName ? styles.current : ''}`}
              aria-current={step.name === currentName ? 'step' : undefined}
            >
              {step.complete && <Icon name="check" size={16} label={t('ac_StepCompleted')} />}
              {label(step.name)}
            </li>
          ))}
        </ol>
        {currentName ? (
          <form ref={form.ref} className={styles.question} onSubmit={submit(currentName)} noValidate>
            {question()}
            <div className={styles.actions}>
              <Button type="submit" disabled={form.saving}>
                {t('ac_SubmitField', { label: label(currentName) })}
              </Button>
              {state.steps.filter((s) => !s.complete).length > 1 && (
                <Button variant="secondary" onClick={next}>
                  {t('ac_NextQuestion')}
                </Button>
              )}
            </div>
          </form>
        ) : (
          <p className={styles.completed}>
            <Icon name="check" />
            {t('ac_ProfileCompleted')}
          </p>
        )}
      </div>
      {verifyingEmail !== null && (
        <Suspense fallback={null}>
          <EmailVerification account={account} open={verifyingEmail} onClose={() => setVerifyingEmail(false)} />
        </Suspense>
      )}
    </Card>
  );
}
