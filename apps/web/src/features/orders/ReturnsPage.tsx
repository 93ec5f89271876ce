/** All the shopper's returns (issue 46), newest first, each with its order. */
import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n';
import { Card, CardRows } from '@/ui/Card';
import { EmptyState } from '@/ui/EmptyState';
import { LoadFailed } from '@/ui/LoadFailed';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { returnsQuery } from './api/returns';
import ordersStyles from './Orders.module.css';
import { ReturnCard } from './ReturnCard';

export function ReturnsPage() {
  const t = useT();
  const returns = useQuery(returnsQuery);
  return (
    <>
      <PageHeader title={t('ac_MyReturns')} />
      {returns.isPending ? (
        <div className={ordersStyles.loading}>
          <Spinner label={t('ac_Loading')} />
        </div>
      ) : returns.isError ? (
        <LoadFailed message={t('ac_ReturnsLoadFailed')} onRetry={returns.refetch} />
      ) : returns.data.returns.length === 0 ? (
        <EmptyState icon="box" title={t('ac_ReturnsEmptyTitle')} text={t('ac_ReturnsEmptyText')} />
      ) : (
        <Card>
          <CardRows>
            {[...returns.data.returns]
              .sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id)
              .map((ret) => (
                <ReturnCard key={ret.id} ret={ret} withOrder level={2} />
              ))}
          </CardRows>
        </Card>
      )}
    </>
  );
}
