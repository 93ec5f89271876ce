/**
 * Profile-completion wizard (spec §4 Profile wizard, §5 Wizard): the progress bar, the steps with
 * completed ones first, the current question with 'Submit {label}' and 'Next question', and the
 * final 'Your profile is completed'. A save error jumps to the email step with the invalid-email
 * note. A telephone that still needs verifying opens the phone verification; an email that needs
 * confirming (a new address, or verification required by the shop) opens the email code popup.
 */
import { type Account, FEATURES, hasFeature, type WizardStep } from '@account/contract';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useUpdateAccount } from '@/lib/account';
import { useSiteConfig } from '@/lib/config-context';
import { needsEmailVerification, useEmailCodesOn } from '@/lib/email-verification';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { DateField } from '@/ui/DateField';
import { type DateParts, fromIsoDate, toSubmitDate } from '@/ui/date-parts';
import { RadioGroup, TextField } from '@/ui/Field';
import { Icon } from '@/ui/Icon';
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
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
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
  if (state.steps.length === 0) return null;

  const label = (step: WizardStep) => t(`ac_${step}`);
  const value = (step: WizardStep) => values[step] ?? initialValue(account, step);
  const setValue = (step: WizardStep, next: string) => setValues((current) => ({ ...current, [step]: next }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!currentName) return;
    const answer = currentName === 'BirthDate' ? (toSubmitDate(dateParts) ?? '') : value(currentName).trim();
    const local = stepProblem(currentName, answer);
    setProblem(local);
    if (local) return;
    // A verified number that is unchanged only needs verifying, not saving again.
    const unchangedPhone = currentName === 'Telephone' && answer === account.telephone;
    if (unchangedPhone) {
      onVerifyPhone();
      return;
    }
    if (currentName === 'Email' && answer === account.email && codesOn && needsEmailVerification(account)) {
      setVerifyingEmail(true);
      return;
    }
    setSaving(true);
    try {
      const body = { [FIELD[currentName]]: currentName === 'Gender' ? Number(answer) : answer };
      const saved = await updateAccount(body);
      setForced(null);
      setValues({});
      if (currentName === 'Telephone' && verificationOn && !saved.isTelephoneVerified) onVerifyPhone();
      if (currentName === 'Email' && codesOn && needsEmailVerification(saved)) setVerifyingEmail(true);
    } catch (error) {
      // §4: on a save error the wizard jumps to the email step with an invalid-email note.
      setForced('Email');
      // A reason the server gives for the email (sign in again, address cannot be used) is shown as such.
      setProblem(fieldErrorsOf(error).Email ?? 'ac_InvalidEmailAddress');
    } finally {
      setSaving(false);
    }
  };

  const next = () => {
    if (!currentName) return;
    setProblem(null);
    setForced(null);
    setSkipped((list) => [...list.filter((s) => s !== currentName), currentName]);
  };

  const question = () => {
    if (!currentName) return null;
    switch (currentName) {
      case 'Gender':
        return (
          <RadioGroup<string>
            label={t('ac_ProfileWizardQuestionGender')}
            name="wizard-gender"
            value={value('Gender')}
            onChange={(v) => setValue('Gender', v)}
            options={[
              { value: '1', label: t('ac_GenderMr') },
              { value: '2', label: t('ac_GenderMrs') },
            ]}
          />
        );
      case 'BirthDate':
        return (
          <DateField
            legend={t('ac_ProfileWizardQuestionBirthDate')}
            labels={{ day: t('ac_Day'), month: t('ac_Month'), year: t('ac_Year') }}
            placeholders={{
              day: t('ac_DayPlaceholder'),
              month: t('ac_MonthPlaceholder'),
              year: t('ac_YearPlaceholder'),
            }}
            value={dateParts}
            onChange={setDateParts}
            error={problem ? t(problem) : null}
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
            error={problem ? t(problem) : null}
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
        <ol className={styles.steps}>
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
          <form className={styles.question} onSubmit={submit} noValidate>
            {question()}
            <div className={styles.actions}>
              <Button type="submit" disabled={saving}>
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
