/**
 * An order's or a parcel's delivery in one line (issue 46): "Out for delivery today", "Delivery
 * problem — see details", with a mark of its tone that never carries the meaning alone.
 */
import { type DeliveryState, deliveryLine } from '@/lib/delivery-line';
import { useT } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import styles from './DeliveryStatus.module.css';
import { Icon, type IconName } from './Icon';

const ICONS: Record<ReturnType<typeof deliveryLine>['tone'], IconName> = {
  done: 'check',
  onTheWay: 'truck',
  attention: 'alert',
};

export function DeliveryStatus({ delivery, className }: { delivery: DeliveryState; className?: string }) {
  const t = useT();
  const { language } = useLocale();
  // "Today" is the day the line is drawn.
  const line = deliveryLine(delivery, new Date(), language);
  return (
    <span className={[styles.status, styles[line.tone], className].filter(Boolean).join(' ')}>
      <Icon name={ICONS[line.tone]} size={18} />
      <span>
        {t(line.key, line.params)}
        {line.parcels && <span className={styles.parcels}> · {t('ac_ParcelsDelivered', line.parcels)}</span>}
      </span>
    </span>
  );
}
