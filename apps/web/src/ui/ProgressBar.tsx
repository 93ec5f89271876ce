import styles from './ProgressBar.module.css';

/** A progress bar with its value for assistive technology; `label` names what progresses. */
export function ProgressBar({ value, label, valueText }: { value: number; label: string; valueText?: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
    >
      <div className={styles.fill} style={{ width: `${clamped}%` }} />
    </div>
  );
}
