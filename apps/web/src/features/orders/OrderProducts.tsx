/** The products of an order: image, category, name, price and the product's shipment status (§2 Order detail). */
import { canViewCode, type Order, shipmentStatus } from '@account/contract';
import { useT } from '@/lib/i18n';
import { useFormatMoney } from '@/lib/money';
import { StatusBadge } from '@/ui/StatusBadge';
import { Thumbnail } from '@/ui/Thumbnail';
import { BuyAgainButton, canBuyAgain } from './BuyAgain';
import styles from './Orders.module.css';

export function OrderProducts({ order }: { order: Order }) {
  const t = useT();
  const money = useFormatMoney();
  return (
    <ul className={styles.products}>
      {order.products.map((product, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an order may hold the same product twice
        <li key={`${product.productId}-${index}`} className={styles.product}>
          <Thumbnail image={product.image} className={styles.thumb} />
          <span className={styles.productText}>
            {product.categoryName && <span className={styles.category}>{product.categoryName}</span>}
            {product.url ? (
              <a href={product.url} className={styles.productName}>
                {product.name}
              </a>
            ) : (
              <span className={styles.productName}>{product.name}</span>
            )}
            <StatusBadge status={shipmentStatus(product.status)} />
          </span>
          <span className={styles.productEnd}>
            <span className={styles.price}>{money(product.price)}</span>
            {order.accessUrl && (
              <a href={order.accessUrl} target="_blank" rel="noopener" className={styles.textAction}>
                {t(canViewCode(order.status, product.productType) ? 'ac_ViewCode' : 'ac_ViewOrder')}
                <span className="visually-hidden">
                  {' '}
                  {product.name} {t('ac_OpensInNewTab')}
                </span>
              </a>
            )}
            {canBuyAgain(order) && <BuyAgainButton order={order} line={index} />}
          </span>
        </li>
      ))}
    </ul>
  );
}
