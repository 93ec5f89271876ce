/**
 * Buy again (issue 46): the order's products, or one line, go to the shop's cart. When all could
 * be added the shopper goes straight on to the cart; otherwise a dialog says which products stay
 * out and why, and offers the cart with the rest.
 */
import { type BuyAgain, canDeleteOrder, ORDER_STATUS_CREATED, type Order } from '@account/contract';
import { useState } from 'react';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { Button, buttonClass } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { fetchBuyAgain } from './api/buy-again';
import styles from './Orders.module.css';

const REASON_KEY = {
  outOfStock: 'ac_BuyAgainOutOfStock',
  discontinued: 'ac_BuyAgainDiscontinued',
  unknown: 'ac_BuyAgainUnknown',
} as const;

/** An order placed and paid for, with products: not one still waiting to be finished or paid. */
export const canBuyAgain = (order: Order) =>
  order.products.length > 0 && !canDeleteOrder(order.status) && order.status !== ORDER_STATUS_CREATED;

/** Goes to the shop's cart (a page of the shop, so the whole window). */
const goTo = (url: string) => window.location.assign(url);

export function BuyAgainButton({ order, line }: { order: Order; line?: number }) {
  const t = useT();
  const loading = useLoading();
  const { buyAgain } = useSiteConfig();
  const [answer, setAnswer] = useState<BuyAgain | null>(null);
  if (!buyAgain) return null;

  const product = line === undefined ? undefined : order.products[line];
  const start = async () => {
    loading.show();
    try {
      const found = await fetchBuyAgain(order, line === undefined ? undefined : [line]);
      if (found.cartUrl && found.leftOut.length === 0) goTo(found.cartUrl);
      else setAnswer(found);
    } catch {
      // §8: request failures pass on unchanged (the system message says so).
    } finally {
      loading.hide();
    }
  };

  return (
    <>
      {product ? (
        <button type="button" className={styles.textAction} onClick={() => void start()}>
          {t('ac_BuyAgain')}
          <span className="visually-hidden"> {product.name}</span>
        </button>
      ) : (
        <Button variant="secondary" onClick={() => void start()}>
          {t('ac_BuyAgain')}
        </Button>
      )}
      <Dialog
        open={answer !== null}
        title={t(answer?.cartUrl ? 'ac_BuyAgainLeftOutTitle' : 'ac_BuyAgain')}
        closeLabel={t('ac_Close')}
        onClose={() => setAnswer(null)}
      >
        {answer && (
          <div className={styles.buyAgain}>
            <p>{t(answer.added.length > 0 ? 'ac_BuyAgainLeftOut' : 'ac_BuyAgainNothing')}</p>
            <ul>
              {answer.leftOut.map((left) => (
                <li key={left.line}>
                  <strong>{left.name}</strong>: {t(REASON_KEY[left.reason])}
                </li>
              ))}
            </ul>
            <div className={styles.actions}>
              {answer.cartUrl && (
                <a className={buttonClass('primary')} href={answer.cartUrl}>
                  {t('ac_BuyAgainContinue')}
                </a>
              )}
              <Button variant="secondary" onClick={() => setAnswer(null)}>
                {t('ac_Close')}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
