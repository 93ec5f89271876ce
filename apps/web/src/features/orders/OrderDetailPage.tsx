import { useT } from '@/lib/i18n';
import { PageHeader } from '@/ui/PageHeader';

export function OrderDetailPage() {
  const t = useT();
  return <PageHeader title={t('ac_OrderDetailTitle')} description={t('ac_OrderDetailDescription')} />;
}
