/**
 * "On the way" (issue 46): every parcel of the shopper's orders not delivered yet, first on the
 * overview, each with its order (linked), carrier and where it is in one line. Shown only while
 * there is one.
 */
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { AppLink } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { Trans } from '@/lib/trans';
import { Card } from '@/ui/Card';
import { DeliveryStatus } from '@/ui/DeliveryStatus';
import { Identifier } from '@/ui/Identifier';
import { onTheWayQuery } from './api/overview';
import styles from './OverviewCards.module.css';

export function OnTheWayCard() {
  const t = useT();
  const { data } = useQuery(onTheWayQuery);
  if (!data || data.shipments.length === 0) return null;
  return (
    <Card title={t('ac_OnTheWay')} collapsible>
      <ul className={styles.parcels}>
        {data.shipments.map((shipment) => (
          <li key={shipment.shipmentId} className={styles.parcel}>
            <span className={styles.parcelHead}>
              <AppLink to={paths.order(shipment.orderId)} className={styles.orderNumber}>
                <Trans k="ac_OrderTitle" values={{ id: <Identifier>{shipment.orderNumber}</Identifier> }} />
              </AppLink>
              <span className={styles.muted}>{shipment.carrier}</span>
            </span>
            <DeliveryStatus
              delivery={{
                status: shipment.status,
                at: shipment.statusAt,
                estimatedDelivery: shipment.estimatedDelivery,
              }}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
