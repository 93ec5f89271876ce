import { useT } from '@/lib/i18n';
import { PageHeader } from '@/ui/PageHeader';

export function VouchersPage() {
  const t = useT();
  return <PageHeader title={t('ac_MyVouchers')} description={t('ac_VouchersDescription')} />;
}
