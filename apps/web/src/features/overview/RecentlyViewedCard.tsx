/** Recently viewed products (spec §2 Overview), each removable. */
import type { Product } from '@account/contract';
import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { useFormatMoney } from '@/lib/money';
import { Card } from '@/ui/Card';
import { Icon } from '@/ui/Icon';
import { useRemoveLastViewed } from './api/overview';
import styles from './OverviewCards.module.css';

export function RecentlyViewedCard({ products }: { products: Product[] }) {
  const t = useT();
  const money = useFormatMoney();
  const { mutateAsync: removeLastViewed } = useRemoveLastViewed();
  const [removing, setRemoving] = useState<number | null>(null);

  const remove = async (productId: number) => {
    setRemoving(productId);
    try {
      await removeLastViewed(productId);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Card title={t('ac_RecentlyViewedProducts')} collapsible>
      <ul className={styles.products}>
        {products.map((product) => (
          <li key={product.productId} className={styles.product}>
            {product.image && <img src={product.image} alt="" />}
            <span className={styles.muted}>{product.categoryName}</span>
            {product.url ? (
              <a className={styles.productName} href={product.url}>
                {product.name}
              </a>
            ) : (
              <span className={styles.productName}>{product.name}</span>
            )}
            <span>{money(product.price)}</span>
            <button
              type="button"
              className={styles.remove}
              aria-label={t('ac_RemoveItem', { name: product.name })}
              disabled={removing === product.productId}
              onClick={() => void remove(product.productId)}
            >
              <Icon name="close" size={16} />
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
