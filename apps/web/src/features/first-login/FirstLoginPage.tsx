/**
 * First-login onboarding (spec §2 First-login page, §4 First login success, §5 First login):
 * salutation (Mr by default), names (required only when the server's field list marks them),
 * email (checked with the server 1 s after typing stops), the newsletter subscribe choice (on by
 * default; clearing it clears and disables the newsletter choices), interests and newsletters.
 */
import type { Account, FieldDefinition } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useReloadAccount, useSetAccount } from '@/lib/account';
import { ApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { accountQuery, preferencesQuery } from '@/lib/queries';
import { takeReturnUrl } from '@/lib/return-url';
import { useEmailCheck } from '@/lib/use-email-check';
import { useValidatedForm } from '@/lib/use-validated-form';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { Checkbox, CheckboxGroup } from '@/ui/Checkbox';
import { Form, FormActions } from '@/ui/Form';
import { PageHeader } from '@/ui/PageHeader';
import { ProfileFields, profileBasics } from '@/ui/ProfileFields';
import { useFirstTimeSetting } from './api/first-login';
import styles from './FirstLoginPage.module.css';

const requiredIn = (fields: readonly FieldDefinition[], name: string) =>
  fields.some((f) => f.orderField === name && f.required);

export function FirstLoginPage() {
  const { data: account } = useQuery(accountQuery);
  // Where a finished onboarding goes: set together with the saved account, so one render sees both.
  const [destination, setDestination] = useState<string | null>(null);
  if (!account || account.id <= 0) return <Navigate to={paths.login} replace />;
  // §2: without the first-login flag the page goes to the home route.
  if (!account.firstTimeLogin) return <Navigate to={destination ?? paths.overview} replace />;
  return <Onboarding account={account} onDone={setDestination} />;
}

function Onboarding({ account, onDone }: { account: Account; onDone(destination: string): void }) {
  const t = useT();
  const { mutateAsync: firstTimeSetting } = useFirstTimeSetting();
  const setAccount = useSetAccount();
  const reloadAccount = useReloadAccount();
  const { data: preferences } = useQuery(preferencesQuery);

  const [profile, setProfile] = useState(() => profileBasics(account));
  const [subscribed, setSubscribed] = useState(true);
  const [interestIds, setInterestIds] = useState<number[]>(account.interestIds);
  const [newsletterIds, setNewsletterIds] = useState<number[]>(account.newsletterIds);
  const emailCheck = useEmailCheck(profile.email);

  const fields = account.firstTimeLoginFields;
  const firstNameRequired = requiredIn(fields, 'FirstName');
  const lastNameRequired = requiredIn(fields, 'LastName');

  const problems: Record<string, string | null> = {
    FirstName: firstNameRequired && !profile.firstName.trim() ? 'ac_FirstNameRequiredMessage' : null,
    LastName: lastNameRequired && !profile.lastName.trim() ? 'ac_LastNameRequiredMessage' : null,
    Email: !profile.email.trim()
      ? 'ac_EmailRequiredMessage'
      : emailCheck === 'invalid'
        ? 'ac_EmailInvalidMessage'
        : null,
  };
  // An invalid email shows as soon as the server says so.
  const form = useValidatedForm({ problems, showsAtOnce: (_, key) => key === 'ac_EmailInvalidMessage' });

  const toggle = (list: number[], id: number, on: boolean) =>
    on ? [...new Set([...list, id])] : list.filter((x) => x !== id);

  const onSubscribe = (on: boolean) => {
    setSubscribed(on);
    // §2: clearing the subscribe choice clears the newsletter ids.
    if (!on) setNewsletterIds([]);
  };

  // A check still under way does not hold the shopper up: the server checks the email again.
  const onSubmit = form.handleSubmit(async () => {
    try {
      const saved = await firstTimeSetting({
        ...profile,
        newsSubscribe: subscribed ? newsletterIds : [],
        interestIds,
        newsletterIds: subscribed ? newsletterIds : [],
      });
      // §4 First login success: the account is kept locally, then the stored return URL or home.
      onDone(takeReturnUrl() ?? paths.overview);
      setAccount(saved);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      // Finished meanwhile (another tab): the reloaded account leaves this page.
      await reloadAccount();
    }
  });

  return (
    <>
      <PageHeader title={t('ac_FirstLoginTitle')} description={t('ac_FirstLoginDescription')} />
      <Card>
        <Form ref={form.ref} onSubmit={onSubmit}>
          <ProfileFields
            account={account}
            values={profile}
            onChange={setProfile}
            form={form}
            emailCheck={emailCheck}
            required={{ firstName: firstNameRequired, lastName: lastNameRequired }}
          />
          <div className={styles.section}>
            <Checkbox label={t('ac_NewsSubscribe')} checked={subscribed} onChange={onSubscribe} />
            {preferences && preferences.newsletters.length > 0 && (
              <CheckboxGroup legend={t('ac_Newsletters')}>
                {preferences.newsletters.map((n) => (
                  <Checkbox
                    key={n.id}
                    label={n.name}
                    checked={newsletterIds.includes(n.id)}
                    disabled={!subscribed}
                    onChange={(on) => setNewsletterIds((ids) => toggle(ids, n.id, on))}
                  />
                ))}
              </CheckboxGroup>
            )}
            {!subscribed && <p className={styles.note}>{t('ac_NewslettersNeedSubscription')}</p>}
          </div>
          {preferences && preferences.interests.length > 0 && (
            <div className={styles.section}>
              <CheckboxGroup legend={t('ac_Interests')}>
                {preferences.interests.map((i) => (
                  <Checkbox
                    key={i.id}
                    label={i.name}
                    checked={interestIds.includes(i.id)}
                    onChange={(on) => setInterestIds((ids) => toggle(ids, i.id, on))}
                  />
                ))}
              </CheckboxGroup>
            </div>
          )}
          <FormActions>
            <Button type="submit" disabled={form.saving}>
              {t('ac_SaveAndContinue')}
            </Button>
          </FormActions>
        </Form>
      </Card>
    </>
  );
}
