import { useT } from '@/lib/i18n';
import { PageHeader } from '@/ui/PageHeader';

export function AddressFormPage() {
  const t = useT();
  return <PageHeader title={t('ac_AddAddressTitle')} description={t('ac_AddAddressDescription')} />;
}
