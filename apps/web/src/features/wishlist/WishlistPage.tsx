/**
 * Wishlist (spec §2 Wishlist, §4 Wishlist clear): the saved products with image, category and
 * name linking to the product, the price, 'more info' in a new tab and remove; 'Clear list' asks
 * 'Are you sure? Yes / No' first. After a removal the account reloads. Issue 47: each product's
 * state (back in stock, a lower price, out of stock…) and alert, and the alerts of the whole list;
 * an alert is saved at once and shows the server's answer.
 */
import type { Product, ProductAvailability, TranslationKey, WishlistItemAlert } from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useAccount } from '@/lib/account';
import { useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { useFormatMoney } from '@/lib/money';
import { useSystemMessage } from '@/lib/system-message';
import { buttonClass } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { Checkbox } from '@/ui/Checkbox';
import { EmptyState } from '@/ui/EmptyState';
import { Icon } from '@/ui/Icon';
import { InlineConfirm } from '@/ui/InlineConfirm';
import { PageHeader } from '@/ui/PageHeader';
import { Table } from '@/ui/Table';
import { Thumbnail } from '@/ui/Thumbnail';
import {
  useRemoveWishlist,
  useUpdateWishlistAlert,
  useUpdateWishlistAlerts,
  wishlistAlertsQuery,
} from './api/wishlist';
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

/** What the state line says of a product that is not plainly in stock. */
const AVAILABILITY_LABELS: Readonly<Record<Exclude<ProductAvailability, 'inStock'>, TranslationKey>> = {
  lowStock: 'ac_WishlistLowStock',
  outOfStock: 'ac_WishlistOutOfStock',
  discontinued: 'ac_WishlistDiscontinued',
};

/** The product's state under its name: back in stock or how scarce, and a price that dropped. */
function ItemState({ product, alert }: { product: Product; alert: WishlistItemAlert }) {
  const t = useT();
  const money = useFormatMoney();
  const availability = alert.availability;
  return (
    <>
      {alert.backInStock ? (
        <span className={styles.good}>{t('ac_WishlistBackInStock')}</span>
      ) : (
        availability !== 'inStock' && <span className={styles.scarce}>{t(AVAILABILITY_LABELS[availability])}</span>
      )}
      {alert.previousPrice && (
        <span className={styles.good}>
          {t('ac_WishlistPriceDropped', { from: money(alert.previousPrice), to: money(product.price) })}
        </span>
      )}
    </>
  );
}

/**
 * A box saved at once: it shows the click straight away (the save's pending state comes a render
 * later, and the box would flick back meanwhile) until the save settles; then the server's answer.
 */
function useChoice(saved: boolean) {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const choose = (value: boolean, save: (settled: { onSettled: () => void }) => void) => {
    setChosen(value);
    save({ onSettled: () => setChosen(null) });
  };
  return [chosen ?? saved, choose] as const;
}

/**
 * One product's alert, saved at once: while the save is under way the box shows the choice and
 * waits; a failure says so and the box goes back to what the server last answered.
 */
function AlertSwitch({ product, alert }: { product: Product; alert: WishlistItemAlert }) {
  const t = useT();
  const { mutate, isPending, isError } = useUpdateWishlistAlert();
  const [checked, choose] = useChoice(alert.alert);
  return (
    <>
      <Checkbox
        label={t('ac_AlertMe')}
        aria-label={t('ac_AlertMeAbout', { name: product.name })}
        checked={checked}
        disabled={isPending}
        onChange={(enabled) => choose(enabled, (settled) => mutate({ productId: product.productId, enabled }, settled))}
      />
      {isError && (
        <span role="alert" className={styles.error}>
          {t('ac_WishlistAlertSaveFailed')}
        </span>
      )}
    </>
  );
}

function WishRow({ product, alert }: { product: Product; alert: WishlistItemAlert | undefined }) {
  const t = useT();
  const money = useFormatMoney();
  const remove = useRemoveWishes();
  const nameId = useId();
  return (
    <tr>
      <td>
        <div className={styles.product}>
          <Thumbnail image={product.image} className={styles.thumb} />
          <span className={styles.names}>
            {product.categoryName && (
              <span className={styles.category}>
                <ProductLink product={product}>{product.categoryName}</ProductLink>
              </span>
            )}
            <span className={styles.name} id={nameId}>
              <ProductLink product={product}>{product.name}</ProductLink>
            </span>
            {alert && <ItemState product={product} alert={alert} />}
            {alert && (
              <span className={styles.alert}>
                <AlertSwitch product={product} alert={alert} />
              </span>
            )}
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

/** The alerts of the whole list, the items added later included; saved at once like an item's. */
function AllAlertsSwitch({ all }: { all: boolean }) {
  const t = useT();
  const { mutate, isPending, isError } = useUpdateWishlistAlerts();
  const [checked, choose] = useChoice(all);
  return (
    <>
      <Checkbox
        label={t('ac_WishlistAlertsAll')}
        checked={checked}
        disabled={isPending}
        onChange={(enabled) => choose(enabled, (settled) => mutate(enabled, settled))}
      />
      {isError && (
        <span role="alert" className={styles.error}>
          {t('ac_WishlistAlertSaveFailed')}
        </span>
      )}
    </>
  );
}

export function WishlistPage() {
  const t = useT();
  const account = useAccount();
  const remove = useRemoveWishes();
  const products = account.wishProducts;
  const alerts = useQuery(wishlistAlertsQuery);
  const alertOf = (product: Product) => alerts.data?.items.find((item) => item.productId === product.productId);
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
        {products.length > 0 && alerts.data && (
          <div className={styles.listAlerts}>
            <AllAlertsSwitch all={alerts.data.all} />
          </div>
        )}
        {products.length > 0 && alerts.isError && (
          <p role="alert" className={styles.error}>
            {t('ac_WishlistAlertsLoadFailed')}
          </p>
        )}
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
                <WishRow key={product.productId} product={product} alert={alertOf(product)} />
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </>
  );
}
