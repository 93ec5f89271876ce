import { useT } from '@/lib/i18n';
import { PageHeader } from '@/ui/PageHeader';

export function AddressBookPage() {
  const t = useT();
  return <PageHeader title={t('ac_AddressBook')} description={t('ac_AddressBookDescription')} />;
}
