import { useT } from '../../lib/i18n';
import { PageHeader } from '../../ui/PageHeader';

export function FirstLoginPage() {
  const t = useT();
  return <PageHeader title={t('ac_FirstLoginTitle')} description={t('ac_FirstLoginDescription')} />;
}
