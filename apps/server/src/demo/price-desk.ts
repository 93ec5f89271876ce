/**
 * The demo shop's price desk (issue 47): on a product's page, buttons that change its price or
 * stock as the shop's own system would, through the integration API's code, so a tester sees a
 * wishlist alert come about (the price falls, the product sells out and comes back).
 */
import { formatMoney, type ProductRecord } from '@account/contract';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const PRICE_DESK_ACTIONS = {
  'lower-price': 'Lower the price by 20 %',
  'sell-out': 'Sell out',
  restock: 'Restock',
} as const;
export type PriceDeskAction = keyof typeof PRICE_DESK_ACTIONS;

export const isPriceDeskAction = (value: string): value is PriceDeskAction => value in PRICE_DESK_ACTIONS;

/** 20 % off, to the cent, never below a cent (a free product stays free). */
const lowered = (amount: number) => (amount === 0 ? 0 : Math.max(0.01, Math.round(amount * 80) / 100));

/** The product as the shop sends it after the action, stamped with the shop's time of the change. */
export function afterPriceDesk(product: ProductRecord, action: PriceDeskAction, now: Date): ProductRecord {
  const updatedAt = now.toISOString();
  switch (action) {
    case 'lower-price':
      return {
        ...product,
        price: { ...product.price, amount: lowered(product.price.amount) },
        prices: product.prices.map((price) => ({ ...price, amount: lowered(price.amount) })),
        updatedAt,
      };
    case 'sell-out':
      return { ...product, availability: 'outOfStock', updatedAt };
    case 'restock':
      return { ...product, availability: 'inStock', updatedAt };
  }
}

/** The desk's part of the product page: its stock, its prices, and what the shop can do. */
export function priceDesk(slug: string, product: ProductRecord): string {
  const prices = [product.price, ...product.prices].map((price) => `<li>${escapeHtml(formatMoney(price))}</li>`);
  const actions = (Object.entries(PRICE_DESK_ACTIONS) as [PriceDeskAction, string][])
    .filter(([action]) => action !== (product.availability === 'outOfStock' ? 'sell-out' : 'restock'))
    .map(
      ([action, title]) =>
        `<form method="post" action="/product/${encodeURIComponent(slug)}/desk/${action}"><button type="submit">${escapeHtml(title)}</button></form>`,
    )
    .join('');
  return `<section aria-labelledby="price-desk"><h2 id="price-desk">Price desk (demo)</h2>
<p>Change the product as the shop would; shoppers with an alert on it hear of a price drop or its return to stock.</p>
<p>Stock: <strong>${escapeHtml(product.availability)}</strong></p><ul>${prices.join('')}</ul>${actions}</section>`;
}
