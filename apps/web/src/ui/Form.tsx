/** The layout pieces of the account area's forms: fields in rows of two, actions at the end. */
import { type FormHTMLAttributes, forwardRef, type ReactNode } from 'react';
import styles from './Form.module.css';

export const Form = forwardRef<HTMLFormElement, FormHTMLAttributes<HTMLFormElement>>(function Form(props, ref) {
  return <form ref={ref} className={styles.form} noValidate {...props} />;
});

/** Two fields side by side (stacked on narrow screens). */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
