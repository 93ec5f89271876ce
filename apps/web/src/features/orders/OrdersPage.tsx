/**
 * Orders list (spec §2 Orders list, §4 Order list): a search box with a Search button (Enter
 * searches too) that starts again at page 1, order cards with the first one expanded on first load,
 * 'Load more' while pages remain, and a loading indicator. The search lives in the URL so going
 * back from an order returns to the same results. Each card says where its parcels are in one line
 * (issue 46).
 */
import { formatDate, type Order, orderStatus } from '@account/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '@/lib/i18n';
import { useFormatMoney } from '@/lib/money';
import { AppLink } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { Trans } from '@/lib/trans';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { DeliveryStatus } from '@/ui/DeliveryStatus';
import { EmptyState } from '@/ui/EmptyState';
import { TextField } from '@/ui/Field';
import { Icon } from '@/ui/Icon';
import { Identifier } from '@/ui/Identifier';
import { LoadFailed } from '@/ui/LoadFailed';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { StatusBadge } from '@/ui/StatusBadge';
import { ordersQuery } from './api/orders';
import { OrderActions } from './OrderActions';
import { OrderProducts } from './OrderProducts';
import styles from './Orders.module.css';

function OrderCard({ order, expanded }: { order: Order; expanded: boolean }) {
  const t = useT();
  const money = useFormatMoney();
  return (
    <Card
      title={<Trans k="ac_OrderTitle" values={{ id: <Identifier>{order.orderId}</Identifier> }} />}
      level={2}
      collapsible
      defaultExpanded={expanded}
      actions={<StatusBadge status={orderStatus(order.status)} />}
      summary={order.delivery && <DeliveryStatus delivery={order.delivery} />}
    >
      <div className={styles.cardBody}>
        <p className={styles.meta}>
          <span>
            {t('ac_OrderPlacedOn', {
              date: formatDate(order.created, 'orderDate'),
              time: formatDate(order.created, 'orderTime'),
            })}
          </span>
          <span className={styles.total}>
            {t('ac_Total')}: {money(order.totalPrice)}
          </span>
        </p>
        <OrderProducts order={order} />
        <div className={styles.cardFoot}>
          <AppLink to={paths.order(order.id)} className={styles.detailLink}>
            {t('ac_ViewOrderDetails')}
            <span className="visually-hidden"> {order.orderId}</span>
            <Icon name="chevronRight" size={16} />
          </AppLink>
          <OrderActions order={order} />
        </div>
      </div>
    </Card>
  );
}

export function OrdersPage() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('query') ?? '';
  const [typed, setTyped] = useState(query);

  const orders = useInfiniteQuery(ordersQuery(query));
  // The cards render as a transition, in slices between which the browser stays responsive,
  // instead of one long task when a page of orders arrives.
  const data = useDeferredValue(orders.data);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim();
    setSearchParams(next ? { query: next } : {}, { replace: true });
  };

  const pages = data?.pages ?? [];
  const list = pages.flatMap((page) => page.data);
  const total = pages.at(-1)?.meta.total ?? 0;
  const shownQuery = pages[0]?.query ?? query;
  const searching = orders.isFetching && !orders.isFetchingNextPage;

  return (
    <>
      <PageHeader title={t('ac_MyOrders')} description={t('ac_OrdersDescription')} />
      <p>
        <AppLink to={paths.returns} className={styles.detailLink}>
          {t('ac_MyReturns')}
          <Icon name="chevronRight" size={16} />
        </AppLink>
      </p>
      <search>
        <form className={styles.search} onSubmit={search}>
          <TextField
            label={t('ac_SearchOrders')}
            type="search"
            name="query"
            value={typed}
            placeholder={t('ac_SearchOrdersPlaceholder')}
            maxLength={200}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit">{t('ac_Search')}</Button>
        </form>
      </search>

      <div className={styles.results} aria-busy={orders.isFetching}>
        {orders.isError && !orders.data ? (
          <LoadFailed message={t('ac_OrdersLoadFailed')} onRetry={orders.refetch} />
        ) : !data ? (
          <div className={styles.loading}>
            <Spinner label={t('ac_LoadingOrders')} />
          </div>
        ) : list.length === 0 ? (
          <Card>
            {query ? (
              <EmptyState icon="box" title={t('ac_OrdersNotFoundTitle')} text={t('ac_OrdersNotFoundText')} />
            ) : (
              <EmptyState icon="box" title={t('ac_OrdersEmptyTitle')} text={t('ac_OrdersEmptyText')} />
            )}
          </Card>
        ) : (
          <>
            <p className={styles.count} aria-live="polite">
              {searching ? t('ac_LoadingOrders') : t('ac_OrdersShown', { shown: list.length, total })}
            </p>
            <ul className={styles.cards}>
              {list.map((order, index) => (
                <li key={`${shownQuery}-${order.id}`}>
                  <OrderCard order={order} expanded={index === 0} />
                </li>
              ))}
            </ul>
          </>
        )}
        {data && orders.hasNextPage && (
          <div className={styles.more}>
            <Button
              variant="secondary"
              onClick={() => void orders.fetchNextPage()}
              disabled={orders.isFetchingNextPage}
            >
              {orders.isFetchingNextPage ? <Spinner label={t('ac_LoadingOrders')} /> : null}
              {t('ac_LoadMore')}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
