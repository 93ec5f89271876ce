/**
 * One return as the shopper follows it (issue 46): its number and status, when it was asked for,
 * its lines, the shop's label when there is one, the refund or the reason it was rejected, every
 * step so far (newest first), and cancelling it (in place) while the shop has not acted on it yet.
 */
import { formatDate, type Return } from '@account/contract';
import { useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { useFormatMoney } from '@/lib/money';
import { AppLink } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { useSystemMessage } from '@/lib/system-message';
import { Icon } from '@/ui/Icon';
import { Identifier } from '@/ui/Identifier';
import { InlineConfirm } from '@/ui/InlineConfirm';
import { StatusBadge } from '@/ui/StatusBadge';
import { useCancelReturnMutation } from './api/returns';
import ordersStyles from './Orders.module.css';
import styles from './Returns.module.css';
import { returnStatus } from './return-request';

function useCancelReturn() {
  const t = useT();
  const loading = useLoading();
  const { mutateAsync: cancel } = useCancelReturnMutation();
  const { show } = useSystemMessage();
  return async (ret: Return) => {
    loading.show();
    try {
      await cancel(ret);
      show(t('ac_ReturnCancelled'));
    } catch {
      // §8: request failures pass on unchanged; the return stays as it was.
    } finally {
      loading.hide();
    }
  };
}

export interface ReturnCardProps {
  ret: Return;
  /** Names and links the order (the list of all returns). */
  withOrder?: boolean;
  /** The number's heading level: under the order's Returns card, or on a page of its own. */
  level?: 2 | 3;
}

export function ReturnCard({ ret, withOrder = false, level = 3 }: ReturnCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const SubHeading = level === 2 ? 'h3' : 'h4';
  const t = useT();
  const money = useFormatMoney();
  const cancel = useCancelReturn();
  const numberId = `return-${ret.id}`;
  return (
    <li className={styles.return}>
      <div className={styles.head}>
        <Heading className={styles.number} id={numberId}>
          {t('ac_ReturnNumber', { number: ret.number })}
        </Heading>
        <StatusBadge status={returnStatus(ret.status)} />
      </div>
      <p className={styles.muted}>
        {withOrder && (
          <>
            <AppLink to={paths.order(ret.orderId)}>
              {t('ac_OrderNumber')} <Identifier>{ret.orderNumber}</Identifier>
            </AppLink>
            {' · '}
          </>
        )}
        <time dateTime={ret.created}>{t('ac_ReturnRequestedOn', { date: formatDate(ret.created, 'orderDate') })}</time>
      </p>
      <ul className={styles.lines}>
        {ret.lines.map((line) => (
          <li key={line.line}>
            {t('ac_QuantityOf', { quantity: line.quantity, name: line.name })} — {line.reason.label}
          </li>
        ))}
      </ul>
      <SubHeading className={styles.historyTitle}>{t('ac_ReturnHistory')}</SubHeading>
      <ol className={styles.history}>
        {ret.events.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two steps may share a status and a moment
          <li key={index}>
            <span className={styles.historyStatus}>{t(returnStatus(event.status).key)}</span>{' '}
            <time dateTime={event.at} className={styles.muted}>
              {formatDate(event.at, 'orderDate')}
            </time>
            {event.note && <span className={styles.muted}> — {event.note}</span>}
          </li>
        ))}
      </ol>
      {ret.rejectReason && <p>{t('ac_ReturnRejectedBecause', { reason: ret.rejectReason })}</p>}
      {ret.refund && <p>{t('ac_ReturnRefundedTo', { amount: money(ret.refund.amount), to: ret.refund.to })}</p>}
      {(ret.label || ret.status === 'requested') && (
        <div className={styles.actions}>
          {ret.label && (
            <a className={styles.link} href={ret.label.url} target="_blank" rel="noopener" aria-describedby={numberId}>
              <Icon name="document" size={18} />
              {t(ret.label.kind === 'pdf' ? 'ac_ReturnLabelPdf' : 'ac_ReturnLabelQr')}
              <span className="visually-hidden"> {t('ac_OpensInNewTab')}</span>
            </a>
          )}
          {ret.status === 'requested' && (
            <InlineConfirm
              className={ordersStyles.textAction}
              describedBy={numberId}
              onConfirm={() => void cancel(ret)}
            >
              {t('ac_CancelReturn')}
            </InlineConfirm>
          )}
        </div>
      )}
    </li>
  );
}
