/**
 * Notifications (issue 47): one row per event, a checkbox per channel, saved 2 s after the last
 * click as the interests and newsletters are; the save carries only the choices that changed.
 * Security notices by email stay on, and text messages wait for a verified number and a shop
 * that sends them.
 */
import {
  channelsOf,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationChoice,
  type NotificationEvent,
  type NotificationSettings,
  type TranslationKey,
} from '@account/contract';
import { useId } from 'react';
import { type SaveOptions, useDebouncedSave } from '@/lib/debounced-save';
import { useT } from '@/lib/i18n';
import { AppLink } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { TIMING } from '@/lib/timing';
import { Card } from '@/ui/Card';
import { Checkbox } from '@/ui/Checkbox';
import { Table } from '@/ui/Table';
import { useUpdateNotifications } from './api/notifications';
import { SaveStatus } from './SaveStatus';
import styles from './SettingsPage.module.css';

const EVENT_LABELS: Readonly<Record<NotificationEvent, TranslationKey>> = {
  orderConfirmed: 'ac_NotificationOrderConfirmed',
  orderShipped: 'ac_NotificationOrderShipped',
  outForDelivery: 'ac_NotificationOutForDelivery',
  delivered: 'ac_NotificationDelivered',
  deliveryProblem: 'ac_NotificationDeliveryProblem',
  returnUpdate: 'ac_NotificationReturnUpdate',
  backInStock: 'ac_NotificationBackInStock',
  priceDrop: 'ac_NotificationPriceDrop',
  security: 'ac_NotificationSecurity',
};

const CHANNEL_LABELS: Readonly<Record<NotificationChannel, TranslationKey>> = {
  email: 'ac_NotificationChannelEmail',
  sms: 'ac_NotificationChannelSms',
};

/** A checkbox's name: the column header alone would not say which event it is of. */
const CHOICE_LABELS: Readonly<Record<NotificationChannel, TranslationKey>> = {
  email: 'ac_NotificationByEmail',
  sms: 'ac_NotificationBySms',
};

type SmsUnavailable = NonNullable<NotificationSettings['smsUnavailable']>;

const SMS_UNAVAILABLE_LABELS: Readonly<Record<SmsUnavailable, TranslationKey>> = {
  noTransport: 'ac_SmsUnavailableNoTransport',
  noPhone: 'ac_SmsUnavailableNoPhone',
  phoneNotVerified: 'ac_SmsUnavailablePhoneNotVerified',
};

type Choices = NotificationSettings['choices'];
type Place = Pick<NotificationChoice, 'event' | 'channel'>;

const samePlace = (a: Place, b: Place) => a.event === b.event && a.channel === b.channel;

/** What differs from the saved choices: all the PATCH carries, since the others stay as they are. */
function changedChoices(saved: Choices, chosen: Choices): NotificationChoice[] {
  return chosen
    .filter((choice) => !choice.locked && saved.find((s) => samePlace(s, choice))?.enabled !== choice.enabled)
    .map(({ event, channel, enabled }) => ({ event, channel, enabled }));
}

export function NotificationsCard({ settings }: { settings: NotificationSettings }) {
  const t = useT();
  const statusId = useId();
  const lockedId = useId();
  const smsId = useId();
  const { mutateAsync: update } = useUpdateNotifications();
  // The cached settings are what the server last answered: the changes are counted from them.
  const save = (chosen: Choices, { keepalive }: SaveOptions) => {
    const choices = changedChoices(settings.choices, chosen);
    return choices.length > 0 ? update({ choices, keepalive }) : Promise.resolve();
  };
  const { value, change, state, retry } = useDebouncedSave(settings.choices, save, TIMING.preferencesSaveMs);
  const toggle = (place: Place, enabled: boolean) =>
    change(value.map((choice) => (samePlace(choice, place) ? { ...choice, enabled } : choice)));

  const smsUnavailable = settings.smsUnavailable;
  const anyLocked = value.some((choice) => choice.locked);
  const describedBy = (choice: Choices[number]) =>
    [statusId, choice.locked && lockedId, choice.channel === 'sms' && smsUnavailable && smsId]
      .filter(Boolean)
      .join(' ');

  return (
    <Card title={t('ac_Notifications')} collapsible description={t('ac_NotificationsDescription')}>
      <Table
        className={styles.notifications}
        columns={[
          { label: t('ac_Notification') },
          ...NOTIFICATION_CHANNELS.map((channel) => ({ label: t(CHANNEL_LABELS[channel]), className: styles.channel })),
        ]}
      >
        <tbody>
          {NOTIFICATION_EVENTS.map((event) => (
            <tr key={event}>
              <th scope="row">{t(EVENT_LABELS[event])}</th>
              {NOTIFICATION_CHANNELS.map((channel) => {
                const choice = channelsOf(event).includes(channel)
                  ? value.find((c) => samePlace(c, { event, channel }))
                  : undefined;
                return (
                  <td key={channel} className={styles.channel} data-label={t(CHANNEL_LABELS[channel])}>
                    {choice ? (
                      <Checkbox
                        label={
                          <span className="visually-hidden">
                            {t(CHOICE_LABELS[channel], { event: t(EVENT_LABELS[event]) })}
                          </span>
                        }
                        checked={choice.enabled}
                        disabled={choice.locked || (channel === 'sms' && smsUnavailable !== null)}
                        aria-describedby={describedBy(choice)}
                        onChange={(on) => toggle(choice, on)}
                      />
                    ) : (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">{t('ac_NotificationNotOffered')}</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
      <div className={styles.notes}>
        {anyLocked && <p id={lockedId}>{t('ac_NotificationsSecurityLocked')}</p>}
        {smsUnavailable && (
          <p id={smsId}>
            {t(SMS_UNAVAILABLE_LABELS[smsUnavailable])}
            {smsUnavailable !== 'noTransport' && (
              <>
                {' '}
                <AppLink to={paths.editProfile}>{t('ac_EditYourProfile')}</AppLink>
              </>
            )}
          </p>
        )}
        <p>{t('ac_NotificationsWishlistNote')}</p>
      </div>
      <SaveStatus id={statusId} state={state} retry={retry} />
    </Card>
  );
}
