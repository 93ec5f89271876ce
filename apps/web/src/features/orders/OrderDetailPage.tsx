/**
 * Order detail (spec §2 Order detail): number, date and time, status, actions, its parcels on the
 * way (issue 46), products, its returns (issue 46), transactions, amounts, addresses and the invoice with its PDF. The id in the path must be a
 * whole number; a bad id, or one that is not the shopper's, shows the not-found state.
 */
import { addressLines, formatDate, type Money, type Order, orderStatus, transactionStatus } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { useCountryName } from '@/lib/localize';
import { useFormatMoney } from '@/lib/money';
import { AppLink, usePageTransition } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { Trans } from '@/lib/trans';
import { Button } from '@/ui/Button';
import { Card, CardStack } from '@/ui/Card';
import { Icon } from '@/ui/Icon';
import { Identifier } from '@/ui/Identifier';
import { LoadFailed } from '@/ui/LoadFailed';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { StatusBadge } from '@/ui/StatusBadge';
import { Table } from '@/ui/Table';
import { downloadInvoice, orderQuery } from './api/orders';
import { DeliverySection } from './DeliverySection';
import { OrderActions } from './OrderActions';
import { OrderProducts } from './OrderProducts';
import styles from './Orders.module.css';
import { parseOrderId } from './order-id';
import { ReturnsSection } from './ReturnsSection';

function BackToOrders() {
  const t = useT();
  return (
    <AppLink to={paths.orders} className={styles.back}>
      <Icon name="chevronLeft" size={16} />
      {t('ac_BackToOrders')}
    </AppLink>
  );
}

function OrderNotFound() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('ac_OrderNotFoundTitle')} description={t('ac_OrderNotFoundMessage')} />
      <BackToOrders />
    </>
  );
}

function PaymentMethod({ method, name }: { method: string; name: string }) {
  const [broken, setBroken] = useState(false);
  // Method codes name the images shipped in public/payment-methods; an unknown one shows a plain card.
  const safe = /^[a-z0-9-]+$/.test(method) && !broken;
  return (
    <span className={styles.method}>
      {safe ? (
        <img
          src={`${import.meta.env.BASE_URL}payment-methods/${method}.svg`}
          alt=""
          width={48}
          height={32}
          onError={() => setBroken(true)}
        />
      ) : (
        <span className={styles.methodFallback} aria-hidden="true">
          <Icon name="ticket" size={18} />
        </span>
      )}
      <span>{name}</span>
    </span>
  );
}

function Amounts({ order }: { order: Order }) {
  const t = useT();
  const money = useFormatMoney();
  const rows: [string, Money][] = [
    ['ac_ServiceFee', order.serviceFee],
    ['ac_ShippingCost', order.shippingCost],
    ['ac_TransactionCost', order.transactionCost],
    ['ac_Discount', order.discount],
    ['ac_SubTotal', order.subTotal],
  ];
  return (
    <dl className={styles.amounts}>
      {rows.map(([key, amount]) => (
        <div key={key}>
          <dt>{t(key)}</dt>
          <dd>{key === 'ac_Discount' && amount.amount > 0 ? `− ${money(amount)}` : money(amount)}</dd>
        </div>
      ))}
      <div className={styles.grandTotal}>
        <dt>{t('ac_TotalPrice')}</dt>
        <dd>{money(order.totalPrice)}</dd>
      </div>
    </dl>
  );
}

function InvoiceCard({ order }: { order: Order }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const { invoice } = order;
  const download = async () => {
    setState('busy');
    try {
      await downloadInvoice(order);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <Card title={t('ac_Invoice')} collapsible>
      {invoice ? (
        <div className={styles.invoice}>
          <dl className={styles.facts}>
            <div>
              <dt>{t('ac_InvoiceNumber')}</dt>
              <dd>
                <Identifier>{invoice.name}</Identifier>
              </dd>
            </div>
            <div>
              <dt>{t('ac_InvoiceDate')}</dt>
              <dd>{formatDate(invoice.date, 'orderDate')}</dd>
            </div>
          </dl>
          <Button
            variant="secondary"
            onClick={() => void download()}
            disabled={state === 'busy'}
            aria-label={t('ac_DownloadInvoice', { number: invoice.name })}
          >
            {state === 'busy' ? <Spinner /> : <Icon name="document" size={18} />}
            {t('ac_DownloadPdf')}
          </Button>
          {state === 'failed' && (
            <p role="alert" className={styles.error}>
              {t('ac_InvoiceDownloadFailed')}
            </p>
          )}
        </div>
      ) : (
        <p className={styles.empty}>{t('ac_NoInvoice')}</p>
      )}
    </Card>
  );
}

function OrderView({ order }: { order: Order }) {
  const t = useT();
  // The parts, not the stored text: the country is named in the shopper's language.
  const countryName = useCountryName();
  const money = useFormatMoney();
  const { navigate } = usePageTransition();
  return (
    <>
      <PageHeader
        title={<Trans k="ac_OrderTitle" values={{ id: <Identifier>{order.orderId}</Identifier> }} />}
        description={t('ac_OrderPlacedOn', {
          date: formatDate(order.created, 'orderDate'),
          time: formatDate(order.created, 'orderTime'),
        })}
      />
      <CardStack>
        <Card title={t('ac_OrderDetailTitle')} collapsible>
          <div className={styles.summary}>
            <dl className={styles.facts}>
              <div>
                <dt>{t('ac_OrderNumber')}</dt>
                <dd>
                  <Identifier>{order.orderId}</Identifier>
                </dd>
              </div>
              <div>
                <dt>{t('ac_OrderDate')}</dt>
                <dd>
                  <time dateTime={order.created}>
                    {formatDate(order.created, 'orderDate')} {formatDate(order.created, 'orderTime')}
                  </time>
                </dd>
              </div>
              <div>
                <dt>{t('ac_Status')}</dt>
                <dd>
                  <StatusBadge status={orderStatus(order.status)} />
                </dd>
              </div>
            </dl>
            <OrderActions order={order} onDeleted={() => navigate(paths.orders)} />
          </div>
        </Card>

        <DeliverySection order={order} />

        <Card title={t('ac_Products')} collapsible>
          <OrderProducts order={order} />
        </Card>

        <ReturnsSection order={order} />

        <Card title={t('ac_Transactions')} collapsible>
          {order.transactions.length === 0 ? (
            <p className={styles.empty}>{t('ac_NoTransactions')}</p>
          ) : (
            <Table
              columns={[
                { label: t('ac_PaymentMethod') },
                { label: t('ac_Status') },
                { label: t('ac_AmountPaid') },
                { label: t('ac_Date') },
              ]}
            >
              <tbody>
                {order.transactions.map((transaction, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: transactions have no id of their own
                  <tr key={index}>
                    <td data-label={t('ac_PaymentMethod')}>
                      <PaymentMethod method={transaction.method} name={transaction.methodName} />
                    </td>
                    <td data-label={t('ac_Status')}>
                      <StatusBadge status={transactionStatus(transaction.status)} />
                    </td>
                    <td data-label={t('ac_AmountPaid')}>{money(transaction.paid)}</td>
                    <td data-label={t('ac_Date')}>
                      {formatDate(transaction.created, 'orderDate')} {formatDate(transaction.created, 'orderTime')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card>

        <Card title={t('ac_OrderSummary')} collapsible>
          <Amounts order={order} />
        </Card>

        <div className={styles.addresses}>
          {(
            [
              ['ac_ShippingAddress', order.shippingAddress],
              ['ac_BillingAddress', order.billingAddress],
            ] as const
          ).map(([key, address]) => (
            <Card key={key} title={t(key)} collapsible>
              {address ? (
                <address className={styles.addressText}>{addressLines(address, countryName).join('\n')}</address>
              ) : (
                <p className={styles.empty}>{t('ac_NoAddress')}</p>
              )}
            </Card>
          ))}
        </div>

        <InvoiceCard order={order} />
        <BackToOrders />
      </CardStack>
    </>
  );
}

export function OrderDetailPage() {
  const t = useT();
  const id = parseOrderId(useParams().id);
  const order = useQuery(orderQuery(id));

  if (id === null) return <OrderNotFound />;
  if (order.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label={t('ac_Loading')} />
      </div>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400)) {
      return <OrderNotFound />;
    }
    return (
      <>
        <PageHeader title={t('ac_OrderDetailTitle')} />
        <LoadFailed message={t('ac_OrdersLoadFailed')} onRetry={order.refetch} />
      </>
    );
  }
  return <OrderView order={order.data} />;
}
