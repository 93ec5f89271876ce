/**
 * The actions of an order (spec §2 Order detail, §4 Order delete): status 10 offers 'Delete order'
 * with an in-place confirm and 'Finish order'; status 20 offers 'Start payment'. Finishing and
 * paying continue at the shop (accessUrl) in a new tab. Any other order can be bought again
 * (issue 46) when the shop has a cart link.
 */
import { canDeleteOrder, ORDER_STATUS_CREATED, type Order } from '@account/contract';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { useSystemMessage } from '@/lib/system-message';
import { buttonClass } from '@/ui/Button';
import { InlineConfirm } from '@/ui/InlineConfirm';
import { useDeleteOrderMutation } from './api/orders';
import { BuyAgainButton, canBuyAgain } from './BuyAgain';
import styles from './Orders.module.css';

/** Deletes an order under the loading overlay and confirms it with the system message. */
export function useDeleteOrder() {
  const t = useT();
  const loading = useLoading();
  const { mutateAsync: deleteOrder } = useDeleteOrderMutation();
  const { show } = useSystemMessage();
  return async (order: Order): Promise<boolean> => {
    loading.show();
    try {
      await deleteOrder(order);
      show(t('ac_OrderDeleted'));
      return true;
    } catch {
      // §8: request failures pass on unchanged; the order stays where it was.
      return false;
    } finally {
      loading.hide();
    }
  };
}

export function OrderActions({ order, onDeleted }: { order: Order; onDeleted?: () => void }) {
  const t = useT();
  const deleteOrder = useDeleteOrder();
  const { buyAgain } = useSiteConfig();
  const shopLink = (label: string) =>
    order.accessUrl ? (
      <a className={buttonClass('primary')} href={order.accessUrl} target="_blank" rel="noopener">
        {label}
        <span className="visually-hidden"> {t('ac_OpensInNewTab')}</span>
      </a>
    ) : null;

  if (canDeleteOrder(order.status)) {
    return (
      <div className={styles.actions}>
        <InlineConfirm
          className={styles.textAction}
          onConfirm={() =>
            void deleteOrder(order).then((deleted) => {
              if (deleted) onDeleted?.();
            })
          }
        >
          {t('ac_DeleteOrder')}
        </InlineConfirm>
        {shopLink(t('ac_FinishOrder'))}
      </div>
    );
  }
  if (order.status === ORDER_STATUS_CREATED && order.accessUrl) {
    return <div className={styles.actions}>{shopLink(t('ac_StartPayment'))}</div>;
  }
  if (buyAgain && canBuyAgain(order)) {
    return (
      <div className={styles.actions}>
        <BuyAgainButton order={order} />
      </div>
    );
  }
  return null;
}
