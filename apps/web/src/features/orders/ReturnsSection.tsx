/**
 * An order's returns on its detail (issue 46): the returns asked for, and 'Return items' while any
 * line may still go back. Nothing shows for an order without either.
 */
import type { Order } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { AppLink } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/ui/Button';
import { Card, CardRows } from '@/ui/Card';
import { orderReturnsQuery, returnOptionsQuery } from './api/returns';
import { ReturnCard } from './ReturnCard';
import styles from './Returns.module.css';

export function ReturnsSection({ order }: { order: Order }) {
  const t = useT();
  const returns = useQuery(orderReturnsQuery(order.id));
  const options = useQuery(returnOptionsQuery(order.id));
  const list = returns.data?.returns ?? [];
  const returnable = options.data?.lines.some((line) => line.why === null) ?? false;
  if (list.length === 0 && !returnable) return null;
  return (
    <Card title={t('ac_Returns')} collapsible>
      <div className={styles.return}>
        {list.length > 0 && (
          <CardRows>
            {list.map((ret) => (
              <ReturnCard key={ret.id} ret={ret} />
            ))}
          </CardRows>
        )}
        {returnable && (
          <div className={styles.actions}>
            <AppLink to={paths.orderReturn(order.id)} className={buttonClass('secondary')}>
              {t('ac_ReturnItems')}
            </AppLink>
          </div>
        )}
      </div>
    </Card>
  );
}
