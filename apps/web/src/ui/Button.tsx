import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link' | 'action' | 'danger';
  fullWidth?: boolean;
}

export function Button({ variant = 'primary', fullWidth, className, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.button, styles[variant], fullWidth ? styles.full : '', className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}

export const buttonClass = (variant: ButtonProps['variant'] = 'primary') => `${styles.button} ${styles[variant]}`;

/** The class of a button that is only an icon; `own` gives it its display, size and shape. */
export const iconButtonClass = (own: string | undefined) => [styles.iconButton, own].filter(Boolean).join(' ');
