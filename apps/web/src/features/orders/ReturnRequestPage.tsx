/**
 * Asking for a return (issue 46), at orders/{id}/return: the order's return options, then the
 * two-step request (ReturnRequestForm), and the way back to the order.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { AppLink } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { Icon } from '@/ui/Icon';
import { LoadFailed } from '@/ui/LoadFailed';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { orderQuery } from './api/orders';
import { returnOptionsQuery } from './api/returns';
import ordersStyles from './Orders.module.css';
import { parseOrderId } from './order-id';
import { ReturnRequestForm } from './ReturnRequestForm';

function BackToOrder({ orderId }: { orderId: number }) {
  const t = useT();
  return (
    <AppLink to={paths.order(orderId)} className={ordersStyles.back}>
      <Icon name="chevronLeft" size={16} />
      {t('ac_BackToOrder')}
    </AppLink>
  );
}

export function ReturnRequestPage() {
  const t = useT();
  const orderId = parseOrderId(useParams().id);
  const options = useQuery({ ...returnOptionsQuery(orderId ?? 0), enabled: orderId !== null });
  const order = useQuery(orderQuery(orderId));

  if (orderId === null || (options.isError && options.error instanceof ApiError && options.error.status < 500)) {
    return <PageHeader title={t('ac_OrderNotFoundTitle')} description={t('ac_OrderNotFoundMessage')} />;
  }
  if (options.isPending) {
    return (
      <div className={ordersStyles.loading}>
        <Spinner label={t('ac_Loading')} />
      </div>
    );
  }
  if (options.isError) {
    return (
      <>
        <PageHeader title={t('ac_ReturnItems')} />
        <LoadFailed message={t('ac_ReturnOptionsLoadFailed')} onRetry={options.refetch} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t('ac_ReturnItems')}
        description={order.data ? `${t('ac_OrderNumber')} ${order.data.orderId}` : undefined}
      />
      <ReturnRequestForm orderId={orderId} options={options.data} order={order.data ?? null} />
      <BackToOrder orderId={orderId} />
    </>
  );
}
