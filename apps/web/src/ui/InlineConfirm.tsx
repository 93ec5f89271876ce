/**
 * An action that asks 'Are you sure? Yes / No' in place before it runs (spec §2 Address book,
 * Order detail, Wishlist). Focus moves to 'No' when the question appears and back to the action
 * when it is answered No, so keyboard users never lose their place.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useT } from '@/lib/i18n';
import styles from './InlineConfirm.module.css';

export interface InlineConfirmProps {
  /** The action's own content, e.g. 'Delete'. */
  children: ReactNode;
  onConfirm(): void;
  /** Class of the action button and of Yes / No, so they match the surrounding actions. */
  className?: string;
  /** Names what the action acts on, e.g. the address's first line. */
  describedBy?: string;
}

export function InlineConfirm({ children, onConfirm, className, describedBy }: InlineConfirmProps) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const noRef = useRef<HTMLButtonElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);

  useEffect(() => {
    if (asking) noRef.current?.focus();
    else if (answered.current) actionRef.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={actionRef}
        type="button"
        className={className}
        aria-describedby={describedBy}
        onClick={() => setAsking(true)}
      >
        {children}
      </button>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would restyle this inline question
    <span className={styles.confirm} role="group" aria-label={t('ac_AreYouSure')}>
      <span className={styles.question} aria-hidden="true">
        {t('ac_AreYouSure')}
      </span>
      <button type="button" className={`${className ?? ''} ${styles.yes}`} onClick={onConfirm}>
        {t('ac_Yes')}
      </button>
      <button
        ref={noRef}
        type="button"
        className={className}
        onClick={() => {
          answered.current = true;
          setAsking(false);
        }}
      >
        {t('ac_No')}
      </button>
    </span>
  );
}
