/**
 * The order's delivery (issue 46): a card per parcel, asked for when the order's detail opens.
 * An order with no carrier news yet takes no room while it loads, and one without parcels shows
 * nothing at all.
 */
import type { Order } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { Card } from '@/ui/Card';
import { LoadFailed } from '@/ui/LoadFailed';
import { Spinner } from '@/ui/Spinner';
import { orderShipmentsQuery } from './api/orders';
import styles from './Orders.module.css';
import { ShipmentCard } from './ShipmentCard';

export function DeliverySection({ order }: { order: Order }) {
  const t = useT();
  const shipments = useQuery(orderShipmentsQuery(order.id));
  const expected = order.delivery !== null;

  if (shipments.isPending) {
    return expected ? (
      <Card title={t('ac_Delivery')}>
        <div className={styles.loadingPart}>
          <Spinner label={t('ac_Loading')} />
        </div>
      </Card>
    ) : null;
  }
  if (shipments.isError) {
    return <LoadFailed title={t('ac_Delivery')} message={t('ac_ShipmentsLoadFailed')} onRetry={shipments.refetch} />;
  }
  const list = shipments.data.shipments;
  if (list.length === 0) return null;
  return (
    <Card title={t('ac_Delivery')} collapsible>
      <ul className={styles.shipments}>
        {list.map((shipment, index) => (
          <li key={shipment.id}>
            <ShipmentCard shipment={shipment} number={index + 1} total={list.length} products={order.products} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
