/** The last order (spec §2 Overview), where its parcels are (issue 46), linking to the orders. */
import { formatDate, type Order, orderStatus } from '@account/contract';
import { useT } from '@/lib/i18n';
import { useFormatMoney } from '@/lib/money';
import { AppLink } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { Card } from '@/ui/Card';
import { DeliveryStatus } from '@/ui/DeliveryStatus';
import { StatusBadge } from '@/ui/StatusBadge';
import styles from './OverviewCards.module.css';
import { ViewAllLink } from './ViewAllLink';

export function LastOrderCard({ order }: { order: Order }) {
  const t = useT();
  const money = useFormatMoney();
  return (
    <Card title={t('ac_LastOrder')} collapsible>
      <div className={styles.order}>
        <div className={styles.orderHead}>
          <AppLink to={paths.order(order.id)} className={styles.orderNumber}>
            {t('ac_OrderTitle', { id: order.orderId })}
          </AppLink>
          <StatusBadge status={orderStatus(order.status)} />
        </div>
        <p className={styles.muted}>
          {formatDate(order.created, 'orderDate')} · {money(order.totalPrice)}
        </p>
        {order.delivery && <DeliveryStatus delivery={order.delivery} />}
        <ul className={styles.thumbs}>
          {order.products.slice(0, 4).map((product, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order may hold the same product twice
            <li key={`${product.productId}-${index}`}>
              {product.image ? <img src={product.image} alt={product.name} /> : <span>{product.name}</span>}
            </li>
          ))}
        </ul>
      </div>
      <ViewAllLink to={paths.orders}>{t('ac_ViewAllOrders')}</ViewAllLink>
    </Card>
  );
}
