import { useT } from '@/lib/i18n';
import { PageHeader } from '@/ui/PageHeader';

export function AchievementsPage() {
  const t = useT();
  return <PageHeader title={t('ac_Achievements')} description={t('ac_AchievementsDescription')} />;
}
