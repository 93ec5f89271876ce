/**
 * Where the shopper is signed in (issue 20): every live session with its browser, system, sign-in
 * method, times and whether it is on this network, this one marked (versions and the network's
 * address only in its details); any other can be signed out, or all of them at once.
 */
import type { SessionInfo } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { methodName } from '@/lib/method-names';
import { useSystemMessage } from '@/lib/system-message';
import { Button, buttonClass } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { Icon } from '@/ui/Icon';
import { InlineConfirm } from '@/ui/InlineConfirm';
import { Spinner } from '@/ui/Spinner';
import { sessionsQuery, useEndOtherSessions, useEndSession } from './api/security';
import { dateAndTime } from './date-and-time';
import styles from './SecurityPage.module.css';
import { networkFact, sessionName } from './session-names';

const rowAction = buttonClass('action');

const DEVICE_KEYS: Record<string, string> = {
  desktop: 'ac_DeviceDesktop',
  mobile: 'ac_DeviceMobile',
  tablet: 'ac_DeviceTablet',
  tv: 'ac_DeviceTv',
};

/** What is known of a session in full, behind its plain name: versions and the network's address. */
function SessionDetails({ session }: { session: SessionInfo }) {
  const t = useT();
  if (!session.browser && !session.os && !session.clientAddress) return null;
  return (
    <details className={styles.more}>
      <summary>{t('ac_SessionDetails')}</summary>
      <ul className={styles.facts}>
        {session.browser && <li>{t('ac_SessionBrowser', { browser: session.browser })}</li>}
        {session.os && <li>{t('ac_SessionSystem', { os: session.os })}</li>}
        {session.clientAddress && <li>{t('ac_NetworkAddress', { network: session.clientAddress })}</li>}
      </ul>
    </details>
  );
}

/** `here`: the network of the session looking at the list. */
function SessionRow({ session, here }: { session: SessionInfo; here: string | null }) {
  const t = useT();
  const { companyName } = useSiteConfig();
  const { show } = useSystemMessage();
  const end = useEndSession();
  const nameId = useId();
  const name = sessionName(session, t);
  const network = networkFact(session, here, t);
  const device = session.device ? DEVICE_KEYS[session.device] : undefined;
  return (
    <li className={styles.row}>
      <Icon name={session.device === 'mobile' || session.device === 'tablet' ? 'phone' : 'monitor'} size={28} />
      <div className={styles.details}>
        <p className={styles.name} id={nameId}>
          {name}
          {session.current && <span className={styles.badge}>{t('ac_ThisDevice')}</span>}
        </p>
        <ul className={styles.facts}>
          {device && <li>{t(device)}</li>}
          <li>{t('ac_SessionMethod', { method: methodName(session.method, t, companyName) })}</li>
          <li>{t('ac_SignedInOn', { date: dateAndTime(session.signedInAt, t) })}</li>
          <li>
            {session.current ? t('ac_ActiveNow') : t('ac_LastActiveOn', { date: dateAndTime(session.lastActiveAt, t) })}
          </li>
          {network && <li>{network}</li>}
        </ul>
        <SessionDetails session={session} />
        {end.isError && (
          <p role="alert" className={styles.error}>
            {t('ac_GenericError')}
          </p>
        )}
      </div>
      {!session.current && (
        <div className={styles.rowActions}>
          <InlineConfirm
            key={end.submittedAt}
            className={rowAction}
            describedBy={nameId}
            onConfirm={() => end.mutate(session.id, { onSuccess: () => show(t('ac_SessionSignedOut')) })}
          >
            {t('ac_SignOut')}
          </InlineConfirm>
        </div>
      )}
    </li>
  );
}

export function SessionsCard() {
  const t = useT();
  const { show } = useSystemMessage();
  const sessions = useQuery(sessionsQuery);
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;
  const here = list.find((session) => session.current)?.clientAddress ?? null;
  return (
    <Card title={t('ac_Sessions')} collapsible description={t('ac_SessionsDescription')}>
      {sessions.isPending && <Spinner label={t('ac_Loading')} />}
      {sessions.isError && (
        <p role="alert" className={styles.error}>
          {t('ac_SessionsLoadFailed')}
        </p>
      )}
      {list.length > 0 && (
        <ul className={styles.list}>
          {list.map((session) => (
            <SessionRow key={session.id} session={session} here={here} />
          ))}
        </ul>
      )}
      {sessions.isSuccess && (
        <div className={styles.footer}>
          {others > 0 ? (
            <Button
              variant="secondary"
              disabled={endOthers.isPending}
              onClick={() => endOthers.mutate(undefined, { onSuccess: () => show(t('ac_OtherSessionsSignedOut')) })}
            >
              {t('ac_SignOutEverywhereElse')}
            </Button>
          ) : (
            <p className={styles.muted}>{t('ac_NoOtherSessions')}</p>
          )}
          {endOthers.isError && (
            <p role="alert" className={styles.error}>
              {t('ac_GenericError')}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
