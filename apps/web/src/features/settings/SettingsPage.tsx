import { useT } from '@/lib/i18n';
import { PageHeader } from '@/ui/PageHeader';

export function SettingsPage() {
  const t = useT();
  return <PageHeader title={t('ac_Settings')} description={t('ac_SettingsDescription')} />;
}
