/** The shell's overlays: TEST MODE badge, timed success banner and loading overlay. */
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useSystemMessage } from '../../lib/system-message';
import { TIMING } from '../../lib/timing';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import styles from './Overlays.module.css';

export function TestModeBadge() {
  const t = useT();
  return (
    <p className={styles.testMode} role="note">
      {t('ac_TestModeBadge')}
    </p>
  );
}

export function SystemMessageBanner() {
  const t = useT();
  const { state, close } = useSystemMessage();
  return (
    <div role="status" aria-live="polite">
      {state.text && (
        <div className={styles.message}>
          <Icon name="check" />
          <span className={styles.messageText}>{state.text}</span>
          <span className={styles.countdown} aria-hidden="true">
            {t('ac_MessageClosesIn', { seconds: state.secondsLeft })}
          </span>
          <button type="button" className={styles.dismiss} onClick={close} aria-label={t('ac_DismissMessage')}>
            <Icon name="close" />
          </button>
        </div>
      )}
    </div>
  );
}

/** Shown while loading; fades out over 400 ms (spec §9 Loading hide) when the work is done. */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  const t = useT();
  const [rendered, setRendered] = useState(visible);
  useEffect(() => {
    if (visible) {
      setRendered(true);
      return;
    }
    const timer = setTimeout(() => setRendered(false), TIMING.loadingHideMs);
    return () => clearTimeout(timer);
  }, [visible]);
  if (!rendered) return null;
  return (
    <div className={styles.overlay} data-hiding={!visible} aria-busy={visible}>
      <Spinner label={t('ac_Loading')} />
    </div>
  );
}
