/**
 * A card; with a title it can be collapsed and expanded with a toggle (starts expanded). The toggle
 * is named by the card's title and tells its state through aria-expanded (disclosure pattern).
 * A body is built when it is first shown and kept from then on: the orders list's cards start
 * collapsed but the first, and their hidden bodies were most of that screen's first render.
 */
import { type ReactNode, useId, useState } from 'react';
import { iconButtonClass } from './Button';
import styles from './Card.module.css';
import { Icon } from './Icon';

export interface CardProps {
  title?: ReactNode;
  /** Heading level of the title, to keep the page outline right. */
  level?: 2 | 3;
  collapsible?: boolean;
  defaultExpanded?: boolean;
  actions?: ReactNode;
  /** A line under the title that stays in sight while the card is collapsed (an order's delivery). */
  summary?: ReactNode;
  /** What the card is for, in muted words at the top of its body. */
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Card({
  title,
  level = 2,
  collapsible = false,
  defaultExpanded = true,
  actions,
  summary,
  description,
  className,
  children,
}: CardProps) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [built, setBuilt] = useState(defaultExpanded);
  const bodyId = useId();
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const body = (
    <>
      {description && <p className={styles.description}>{description}</p>}
      {children}
    </>
  );
  const classes = [styles.card, className].filter(Boolean).join(' ');

  if (title === undefined) {
    return (
      <section className={classes}>
        <div className={styles.bodyOnly}>{body}</div>
      </section>
    );
  }
  return (
    <section className={classes} aria-labelledby={headingId}>
      <div className={styles.header}>
        <Heading className={styles.title} id={headingId}>
          {title}
        </Heading>
        <div className={styles.headerEnd}>
          {actions}
          {collapsible && (
            <button
              type="button"
              className={iconButtonClass(styles.toggle)}
              aria-expanded={expanded}
              aria-controls={bodyId}
              aria-labelledby={headingId}
              onClick={() => {
                setExpanded((value) => !value);
                setBuilt(true);
              }}
            >
              <Icon name="chevronDown" />
            </button>
          )}
        </div>
      </div>
      {summary && <div className={styles.summary}>{summary}</div>}
      <div id={bodyId} className={styles.body} hidden={!expanded}>
        {built && body}
      </div>
    </section>
  );
}

/** A card's list of things alike (addresses, returns), one under the other, a line between each two. */
export function CardRows({ children }: { children: ReactNode }) {
  return <ul className={styles.rows}>{children}</ul>;
}

/** A page's cards (and what goes between them), one under the other at the one spacing. */
export function CardStack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}
