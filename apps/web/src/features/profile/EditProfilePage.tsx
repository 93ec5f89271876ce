/**
 * Edit profile (spec §2 Edit profile, §5 Profile, Date field): salutation, names, email and its
 * confirmation, telephone and its confirmation, birth date in three parts. The rules are the
 * contract's own profile model (the server runs it too); the email is checked with the server 1 s
 * after typing stops and Save waits for that check. Cancel and 'Save profile' go home.
 */
import { ProfileModel } from '@account/contract';
import { useState } from 'react';
import { useAccount, useUpdateAccount } from '@/lib/account';
import { needsEmailVerification, VERIFY_EMAIL_STATE } from '@/lib/email-verification';
import { useT } from '@/lib/i18n';
import { usePageTransition } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { useSystemMessage } from '@/lib/system-message';
import { useEmailCheck } from '@/lib/use-email-check';
import { useValidatedForm } from '@/lib/use-validated-form';
import { problemsOf } from '@/lib/validate';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { DateField } from '@/ui/DateField';
import { type DateParts, fromIsoDate, toSubmitDate } from '@/ui/date-parts';
import { EmailStatusSlot } from '@/ui/EmailStatusSlot';
import { RadioGroup, TextField } from '@/ui/Field';
import { Form, FormActions, FormRow } from '@/ui/Form';
import { PageHeader } from '@/ui/PageHeader';

export function EditProfilePage() {
  const t = useT();
  const account = useAccount();
  const { mutateAsync: updateAccount } = useUpdateAccount();
  const { navigate } = usePageTransition();
  const { show } = useSystemMessage();

  const [gender, setGender] = useState<1 | 2>(account.gender === 2 ? 2 : 1);
  const [firstName, setFirstName] = useState(account.firstName);
  const [lastName, setLastName] = useState(account.lastName);
  const [email, setEmail] = useState(account.email);
  const [confirmEmail, setConfirmEmail] = useState(account.email);
  const [telephone, setTelephone] = useState(account.telephone);
  const [confirmTelephone, setConfirmTelephone] = useState(account.telephone);
  const [birth, setBirth] = useState<DateParts>(() => fromIsoDate(account.birthDate));
  const emailCheck = useEmailCheck(email === account.email ? '' : email);

  const model = {
    gender,
    firstName,
    lastName,
    email,
    confirmEmail,
    telephone,
    confirmTelephone,
    birthDate: toSubmitDate(birth),
  };
  const problems = problemsOf(ProfileModel, model);
  if (emailCheck === 'invalid') problems.Email = 'ac_EmailIsInvalidMessage';
  const checking = emailCheck === 'pending' || emailCheck === 'checking';

  // An invalid email shows as soon as the server has said so.
  const form = useValidatedForm({
    problems,
    showsAtOnce: (field) => field === 'Email' && emailCheck === 'invalid',
    waiting: checking,
  });
  const change =
    <T,>(setter: (value: T) => void, ...fields: string[]) =>
    (value: T) => {
      setter(value);
      form.changed(...fields);
    };

  const onSubmit = form.handleSubmit(async () => {
    const saved = await updateAccount(model);
    show(t('ac_ProfileSaved'));
    // A new address to confirm: the overview opens the code popup at once.
    const newAddress = saved.pendingEmail !== account.pendingEmail || saved.email !== account.email;
    navigate(paths.overview, newAddress && needsEmailVerification(saved) ? { state: VERIFY_EMAIL_STATE } : undefined);
  });

  return (
    <>
      <PageHeader title={t('ac_EditProfileTitle')} description={t('ac_EditProfileDescription')} />
      <Card>
        <Form ref={form.ref} onSubmit={onSubmit}>
          <RadioGroup<1 | 2>
            label={t('ac_Gender')}
            name="gender"
            value={gender}
            onChange={change(setGender, 'Gender')}
            options={[
              { value: 1, label: t('ac_GenderMr') },
              { value: 2, label: t('ac_GenderMrs') },
            ]}
            error={form.error('Gender')}
          />
          <FormRow>
            <TextField
              label={t('ac_FirstName')}
              autoComplete="given-name"
              required
              maxLength={100}
              value={firstName}
              onChange={(e) => change(setFirstName, 'FirstName')(e.target.value)}
              error={form.error('FirstName')}
            />
            <TextField
              label={t('ac_LastName')}
              autoComplete="family-name"
              required
              maxLength={100}
              value={lastName}
              onChange={(e) => change(setLastName, 'LastName')(e.target.value)}
              error={form.error('LastName')}
            />
          </FormRow>
          <FormRow>
            <TextField
              label={t('ac_Email')}
              type="email"
              autoComplete="email"
              required
              maxLength={250}
              value={email}
              onChange={(e) => change(setEmail, 'Email')(e.target.value)}
              hint={emailCheck === 'checking' ? t('ac_CheckingEmail') : undefined}
              error={form.error('Email')}
            />
            <TextField
              label={t('ac_ConfirmEmail')}
              type="email"
              autoComplete="email"
              required
              maxLength={250}
              value={confirmEmail}
              onChange={(e) => change(setConfirmEmail, 'ConfirmEmail')(e.target.value)}
              error={form.error('ConfirmEmail')}
            />
          </FormRow>
          <EmailStatusSlot account={account} />
          <FormRow>
            <TextField
              label={t('ac_Telephone')}
              type="tel"
              autoComplete="tel"
              required
              maxLength={15}
              value={telephone}
              onChange={(e) => change(setTelephone, 'Telephone')(e.target.value)}
              error={form.error('Telephone')}
            />
            <TextField
              label={t('ac_ConfirmTelephone')}
              type="tel"
              autoComplete="tel"
              required
              maxLength={15}
              value={confirmTelephone}
              onChange={(e) => change(setConfirmTelephone, 'ConfirmTelephone')(e.target.value)}
              error={form.error('ConfirmTelephone')}
            />
          </FormRow>
          <DateField
            legend={t('ac_BirthDate')}
            labels={{ day: t('ac_Day'), month: t('ac_Month'), year: t('ac_Year') }}
            placeholders={{
              day: t('ac_DayPlaceholder'),
              month: t('ac_MonthPlaceholder'),
              year: t('ac_YearPlaceholder'),
            }}
            value={birth}
            onChange={change(setBirth, 'BirthDate')}
            error={form.error('BirthDate')}
          />
          <FormActions>
            <Button variant="secondary" onClick={() => navigate(paths.overview)}>
              {t('ac_Cancel')}
            </Button>
            <Button type="submit" disabled={checking || form.saving}>
              {t('ac_SaveProfile')}
            </Button>
          </FormActions>
        </Form>
      </Card>
    </>
  );
}
