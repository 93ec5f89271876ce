/**
 * Wishlist (spec §2 Wishlist, §4 Wishlist clear): the saved products with image, category and
 * name linking to the product, the price, 'more info' in a new tab and remove; 'Clear list' asks
 * 'Are you sure? Yes / No' first. After a removal the account reloads.
 */
import type { Product } from '@account/contract';
import { type ReactNode, useId } from 'react';
import { useAccount } from '@/lib/account';
import { useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { useFormatMoney } from '@/lib/money';
import { useSystemMessage } from '@/lib/system-message';
import { buttonClass } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { EmptyState } from '@/ui/EmptyState';
import { Icon } from '@/ui/Icon';
import { InlineConfirm } from '@/ui/InlineConfirm';
import { PageHeader } from '@/ui/PageHeader';
import { Table } from '@/ui/Table';
import { useRemoveWishlist } from './api/wishlist';
import styles from './WishlistPage.module.css';

const rowAction = buttonClass('action');

function useRemoveWishes() {
  const loading = useLoading();
  const { mutateAsync: removeWishlist } = useRemoveWishlist();
  const { show } = useSystemMessage();
  return async (products: readonly Product[], message?: string) => {
    loading.show();
    try {
      await removeWishlist(products);
      if (message) show(message);
    } catch {
      // §8: failures pass on unchanged; the list stays as it was.
    } finally {
      loading.hide();
    }
  };
}

function ProductLink({ product, children }: { product: Product; children: ReactNode }) {
  return product.url ? <a href={product.url}>{children}</a> : children;
}

function WishRow({ product }: { product: Product }) {
  const t = useT();
  const money = useFormatMoney();
  const remove = useRemoveWishes();
  const nameId = useId();
  return (
    <tr>
      <td>
        <div className={styles.product}>
          <span className={styles.thumb}>{product.image && <img src={product.image} alt="" loading="lazy" />}</span>
          <span className={styles.names}>
            {product.categoryName && (
              <span className={styles.category}>
                <ProductLink product={product}>{product.categoryName}</ProductLink>
              </span>
            )}
            <span className={styles.name} id={nameId}>
              <ProductLink product={product}>{product.name}</ProductLink>
            </span>
          </span>
        </div>
      </td>
      <td className={styles.price}>{money(product.price)}</td>
      <td className={styles.options}>
        {product.url && (
          <a href={product.url} target="_blank" rel="noopener" className={rowAction}>
            {t('ac_MoreInfo')}
            <span className="visually-hidden">
              {' '}
              {product.name} {t('ac_OpensInNewTab')}
            </span>
          </a>
        )}
        <button
          type="button"
          className={rowAction}
          aria-label={t('ac_RemoveItem', { name: product.name })}
          onClick={() => void remove([product])}
        >
          <Icon name="close" size={16} />
          {t('ac_Remove')}
        </button>
      </td>
    </tr>
  );
}

export function WishlistPage() {
  const t = useT();
  const account = useAccount();
  const remove = useRemoveWishes();
  const products = account.wishProducts;
  return (
    <>
      <PageHeader title={t('ac_MyWishlist')} description={t('ac_WishlistDescription')} />
      <Card
        title={t('ac_MyWishlist')}
        collapsible
        actions={
          products.length > 0 && (
            <InlineConfirm className={rowAction} onConfirm={() => void remove(products, t('ac_WishlistCleared'))}>
              {t('ac_ClearList')}
            </InlineConfirm>
          )
        }
      >
        {products.length === 0 ? (
          <EmptyState icon="heart" level={3} title={t('ac_WishlistEmptyTitle')} text={t('ac_WishlistEmptyText')} />
        ) : (
          <Table
            className={styles.table}
            columns={[
              { label: t('ac_Product') },
              { label: t('ac_Price'), className: styles.price },
              { label: t('ac_Options'), className: styles.options },
            ]}
          >
            <tbody>
              {products.map((product) => (
                <WishRow key={product.productId} product={product} />
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </>
  );
}
