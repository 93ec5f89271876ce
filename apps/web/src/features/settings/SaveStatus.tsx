/**
 * How a debounced save of the settings' choices went (spec §4 Interests and newsletters): saved
 * automatically, saving, saved, or failed with a retry. The cards' choices point at it with
 * aria-describedby, so a screen reader hears the outcome too.
 */
import type { SaveState } from '@/lib/debounced-save';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui/Button';
import { Spinner } from '@/ui/Spinner';
import styles from './SettingsPage.module.css';

export function SaveStatus({ id, state, retry }: { id: string; state: SaveState; retry(): Promise<void> }) {
  const t = useT();
  return (
    <div id={id} className={styles.status} aria-live="polite">
      {state === 'saving' && (
        <>
          <Spinner /> {t('ac_Saving')}
        </>
      )}
      {state === 'saved' && <span className={styles.saved}>{t('ac_ChangesSaved')}</span>}
      {(state === 'idle' || state === 'pending') && <span>{t('ac_SavedAutomatically')}</span>}
      {state === 'failed' && (
        <span role="alert" className={styles.failed}>
          {t('ac_SettingsSaveFailed')}
          <Button variant="secondary" onClick={() => void retry()}>
            {t('ac_SaveAgain')}
          </Button>
        </span>
      )}
    </div>
  );
}
