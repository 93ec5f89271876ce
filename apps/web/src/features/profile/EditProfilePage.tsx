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
import { fromIsoDate, toSubmitDate } from '@/ui/date-parts';
import { Form, FormActions } from '@/ui/Form';
import { PageHeader } from '@/ui/PageHeader';
import { ProfileFields, profileBasics } from '@/ui/ProfileFields';

export function EditProfilePage() {
  const t = useT();
  const account = useAccount();
  const { mutateAsync: updateAccount } = useUpdateAccount();
  const { navigate } = usePageTransition();
  const { show } = useSystemMessage();

  const [profile, setProfile] = useState(() => ({
    ...profileBasics(account),
    confirmEmail: account.email,
    telephone: account.telephone,
    confirmTelephone: account.telephone,
    birth: fromIsoDate(account.birthDate),
  }));
  const emailCheck = useEmailCheck(profile.email === account.email ? '' : profile.email);

  const { birth, ...fields } = profile;
  const model = { ...fields, birthDate: toSubmitDate(birth) };
  const problems = problemsOf(ProfileModel, model);
  if (emailCheck === 'invalid') problems.Email = 'ac_EmailIsInvalidMessage';
  const checking = emailCheck === 'pending' || emailCheck === 'checking';

  // An invalid email shows as soon as the server has said so.
  const form = useValidatedForm({
    problems,
    showsAtOnce: (field) => field === 'Email' && emailCheck === 'invalid',
    waiting: checking,
  });

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
          <ProfileFields account={account} values={profile} onChange={setProfile} form={form} emailCheck={emailCheck} />
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
