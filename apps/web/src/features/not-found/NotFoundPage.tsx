/** Not-found page (spec §2): a title and a message saying the page does not exist. */
import { useT } from '@/lib/i18n';
import { AppLink } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { Card } from '@/ui/Card';
import { PageHeader } from '@/ui/PageHeader';

export function NotFoundPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('ac_NotFoundTitle')} description={t('ac_NotFoundMessage')} />
      <Card>
        <AppLink to={paths.overview}>{t('ac_GoToOverview')}</AppLink>
      </Card>
    </>
  );
}
