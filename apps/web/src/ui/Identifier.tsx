import styles from './Identifier.module.css';

/**
 * An order or invoice number, a voucher code, a phone number: read and copied as one piece, so it
 * never breaks over two lines (the text around it wraps instead). `code` marks a code to type in.
 */
export function Identifier({ children, code, className }: { children: string; code?: boolean; className?: string }) {
  const Element = code ? 'code' : 'span';
  return <Element className={[styles.identifier, className].filter(Boolean).join(' ')}>{children}</Element>;
}
