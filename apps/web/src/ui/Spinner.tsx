import styles from './Spinner.module.css';

/** A spinner; with a label it also announces the loading state to screen readers. */
export function Spinner({ label }: { label?: string }) {
  if (!label) return <span className={styles.spinner} aria-hidden="true" />;
  return (
    <span role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
