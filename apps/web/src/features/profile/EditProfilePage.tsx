import { useT } from '@/lib/i18n';
import { PageHeader } from '@/ui/PageHeader';

export function EditProfilePage() {
  const t = useT();
  return <PageHeader title={t('ac_EditProfileTitle')} description={t('ac_EditProfileDescription')} />;
}
