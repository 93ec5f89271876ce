/**
 * A modal dialog on the native <dialog> element: the browser traps focus, closes on Escape and
 * marks the rest of the page inert; focus returns to where it was when it closes.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { iconButtonClass } from './Button';
import styles from './Dialog.module.css';
import { Icon } from './Icon';

export interface DialogProps {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
}

export function Dialog({ open, title, closeLabel, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      (returnFocus.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={iconButtonClass(styles.close)} aria-label={closeLabel} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {open && <div className={styles.body}>{children}</div>}
    </dialog>
  );
}
