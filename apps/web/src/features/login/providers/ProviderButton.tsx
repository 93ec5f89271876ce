import type { ReactNode } from 'react';
import styles from '../LoginPage.module.css';

/** One sign-in button in the providers' list, with the provider's mark. */
export function ProviderButton({
  mark,
  children,
  onClick,
  variant = 'outline',
}: {
  mark: ReactNode;
  children: ReactNode;
  onClick(): void;
  variant?: 'brand' | 'outline';
}) {
  return (
    <button
      type="button"
      className={`${styles.provider} ${variant === 'outline' ? styles.outline : ''}`}
      onClick={onClick}
    >
      <span className={styles.mark} aria-hidden="true">
        {mark}
      </span>
      {children}
    </button>
  );
}

/** Simple monochrome marks drawn for the buttons (no third-party artwork). */
export const MARKS = {
  facebook: (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="#1877f2" aria-hidden="true">
      <path d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
    </svg>
  ),
  apple: (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
      <path d="M16.4 12.6c0-2.5 2-3.7 2.1-3.8-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.2 1-4.1 2.5-1.8 3-.5 7.5 1.3 10 .8 1.2 1.8 2.6 3.1 2.5 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.4-.9-2.4-4zM14 5.2c.7-.8 1.1-1.9 1-3-1 0-2.1.6-2.8 1.4-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.5 2.8-1.3z" />
    </svg>
  ),
  steam: (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="#1b2838" aria-hidden="true">
      <path d="M12 0a12 12 0 0 0-12 11l6.4 2.7a3.4 3.4 0 0 1 2-.6l2.9-4.1v-.1a4.5 4.5 0 1 1 4.5 4.5h-.1l-4.1 3a3.4 3.4 0 0 1-6.7.7L.5 15.3A12 12 0 1 0 12 0zM7.6 18.2l-1.5-.6a2.5 2.5 0 1 0 1.4-3.3l1.5.6a1.9 1.9 0 0 1-1.4 3.3zm7.9-6.4a3 3 0 1 0 0-6 3 3 0 0 0 0 6z" />
    </svg>
  ),
  key: (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
      <path d="M7 14a2 2 0 1 1 0-4 2 2 0 0 1 0 4zm5.6-4A6 6 0 1 0 12.6 14H16v3h3v-3h2v-4z" />
    </svg>
  ),
};
