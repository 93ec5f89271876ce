/**
 * Settings (spec §2 Settings, §4 Interests and newsletters): country, language and currency
 * pickers saved at once through PATCH /localize; interests, newsletters and notifications (issue
 * 47) toggled on screen and saved 2 s after the last click. A new language switches every text
 * without reloading the page.
 */
import type { LocalizeData, NewsletterItem, PreferenceItem } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAccount, useReloadAccount } from '@/lib/account';
import { type SaveOptions, useDebouncedSave } from '@/lib/debounced-save';
import { useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { useLocale } from '@/lib/locale';
import { useCountryName } from '@/lib/localize';
import { localizeQuery, preferencesQuery } from '@/lib/queries';
import { useSystemMessage } from '@/lib/system-message';
import { TIMING } from '@/lib/timing';
import { Card, CardStack } from '@/ui/Card';
import { Checkbox, CheckboxGroup } from '@/ui/Checkbox';
import { flagUrl } from '@/ui/flags';
import { PageHeader } from '@/ui/PageHeader';
import { Picker } from '@/ui/Picker';
import { Spinner } from '@/ui/Spinner';
import { notificationsQuery } from './api/notifications';
import { useUpdateInterests, useUpdateLocalize, useUpdateNewsletters } from './api/settings';
import { NotificationsCard } from './NotificationsCard';
import { SaveStatus } from './SaveStatus';
import styles from './SettingsPage.module.css';

type LocaleField = 'country' | 'language' | 'currency';

function LocalisationCard({ data }: { data: LocalizeData }) {
  const t = useT();
  const countryName = useCountryName();
  const { mutateAsync: updateLocalize } = useUpdateLocalize();
  const loading = useLoading();
  const reloadAccount = useReloadAccount();
  const { setLanguage } = useLocale();
  const { show } = useSystemMessage();
  const [failed, setFailed] = useState(false);

  const update = async (field: LocaleField, code: string) => {
    if (code === data.setting[field]) return;
    setFailed(false);
    loading.show();
    try {
      const { country, language, currency } = data.setting;
      const next = await updateLocalize({ country, language, currency, [field]: code });
      if (field === 'language') setLanguage(next.setting.language);
      await reloadAccount();
      show(t('ac_SettingsSaved'));
    } catch {
      setFailed(true);
    } finally {
      loading.hide();
    }
  };

  const common = { emptyText: t('ac_NoMatches'), openLabel: t('ac_ShowOptions') };
  return (
    <Card title={t('ac_Localisation')} collapsible description={t('ac_LocalisationDescription')}>
      <div className={styles.pickers}>
        <Picker
          {...common}
          label={t('ac_Country')}
          options={data.countries.map((c) => ({
            id: c.code,
            name: countryName(c.code, c.name),
            image: flagUrl(c.code),
          }))}
          value={data.setting.country}
          onChange={(code) => void update('country', code)}
        />
        <Picker
          {...common}
          label={t('ac_Language')}
          options={data.languages.map((l) => ({ id: l.code, name: l.name }))}
          value={data.setting.language}
          onChange={(code) => void update('language', code)}
        />
        <Picker
          {...common}
          label={t('ac_Currency')}
          options={data.currencies.map((c) => ({
            id: c.currency.iSO4217,
            name: c.name,
            detail: c.currency.sign,
          }))}
          value={data.setting.currency}
          onChange={(code) => void update('currency', code)}
        />
      </div>
      {failed && (
        <p role="alert" className={styles.error}>
          {t('ac_SettingsSaveFailed')}
        </p>
      )}
    </Card>
  );
}

/** A card of checkboxes saved 2 s after the last click, telling the shopper how the save went. */
function PreferenceCard({
  title,
  description,
  legend,
  items,
  initial,
  save,
}: {
  title: string;
  /** Shown above the choices; without a legend the description names the group. */
  description: string;
  legend?: string;
  items: (PreferenceItem | NewsletterItem)[];
  initial: number[];
  save(ids: number[], options: SaveOptions): Promise<unknown>;
}) {
  const statusId = useId();
  const { value, change, state, retry } = useDebouncedSave(initial, save, TIMING.preferencesSaveMs);
  const toggle = (id: number, on: boolean) =>
    change(on ? [...value.filter((v) => v !== id), id] : value.filter((v) => v !== id));
  return (
    <Card title={title} collapsible description={legend && description}>
      <CheckboxGroup legend={legend ?? description}>
        {items.map((item) => (
          <Checkbox
            key={item.id}
            label={
              'mailType' in item && item.mailType ? (
                <>
                  {item.name} <span className={styles.mailType}>({item.mailType})</span>
                </>
              ) : (
                item.name
              )
            }
            checked={value.includes(item.id)}
            aria-describedby={statusId}
            onChange={(on) => toggle(item.id, on)}
          />
        ))}
      </CheckboxGroup>
      <SaveStatus id={statusId} state={state} retry={retry} />
    </Card>
  );
}

export function SettingsPage() {
  const t = useT();
  const account = useAccount();
  const localize = useQuery(localizeQuery);
  const preferences = useQuery(preferencesQuery);
  const notifications = useQuery(notificationsQuery);
  const { mutateAsync: saveInterests } = useUpdateInterests();
  const { mutateAsync: saveNewsletters } = useUpdateNewsletters();

  return (
    <>
      <PageHeader title={t('ac_Settings')} description={t('ac_SettingsDescription')} />
      <CardStack>
        {localize.data ? (
          <LocalisationCard data={localize.data} />
        ) : (
          <Card>
            <Spinner label={t('ac_Loading')} />
          </Card>
        )}
        {preferences.data && preferences.data.interests.length > 0 && (
          <PreferenceCard
            title={t('ac_Interests')}
            description={t('ac_InterestsDescription')}
            items={preferences.data.interests}
            initial={account.interestIds}
            save={(ids, options) => saveInterests({ ids, ...options })}
          />
        )}
        {preferences.data && preferences.data.newsletters.length > 0 && (
          <PreferenceCard
            title={t('ac_EmailPreferences')}
            description={t('ac_EmailPreferencesDescription')}
            legend={t('ac_MailType')}
            items={preferences.data.newsletters}
            initial={account.newsletterIds}
            save={(ids, options) => saveNewsletters({ ids, ...options })}
          />
        )}
        {notifications.data && <NotificationsCard settings={notifications.data} />}
        {notifications.isError && (
          <Card title={t('ac_Notifications')}>
            <p role="alert" className={styles.error}>
              {t('ac_NotificationsLoadFailed')}
            </p>
          </Card>
        )}
      </CardStack>
    </>
  );
}
