import { useT } from '@/lib/i18n';
import { PageHeader } from '@/ui/PageHeader';

export function OrdersPage() {
  const t = useT();
  return <PageHeader title={t('ac_MyOrders')} description={t('ac_OrdersDescription')} />;
}
