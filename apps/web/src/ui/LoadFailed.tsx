/**
 * What a screen or card shows when its data could not be loaded: the message, read out at once,
 * and a way to ask again. The same everywhere, so that a failed load always looks and reads alike.
 */
import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import { Button } from './Button';
import { Card } from './Card';

export interface LoadFailedProps {
  /** The card's title, where the card has one when it loads (the order's delivery). */
  title?: ReactNode;
  message: string;
  /** Asks again: the query's refetch. */
  onRetry: () => Promise<unknown>;
}

export function LoadFailed({ title, message, onRetry }: LoadFailedProps) {
  const t = useT();
  return (
    <Card title={title}>
      <p role="alert">{message}</p>
      <Button variant="secondary" onClick={() => void onRetry()}>
        {t('ac_TryAgain')}
      </Button>
    </Card>
  );
}
