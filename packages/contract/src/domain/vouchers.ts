/** Voucher display rules of spec §4 Voucher and §2 Vouchers. */
import { type DateInput, formatDate } from './dates.js';
import type { Voucher } from './entities.js';
import { formatMoney, type MoneySeparators } from './money.js';

/** A translation key, or a number to show as it is. */
export type VoucherText = { key: string } | { count: number };

/** §4: used > 0 reads 'Yes' when limited, else the count; used 0 reads 'Yes' with a redeem date, else 'No'. */
export function voucherUsed(voucher: Pick<Voucher, 'used' | 'limited' | 'redeemDate'>): VoucherText {
  if (voucher.used > 0) return voucher.limited ? { key: 'ac_Yes' } : { count: voucher.used };
  return { key: voucher.redeemDate ? 'ac_Yes' : 'ac_No' };
}

/**
 * §3 Voucher isExpired: the expiry moment has been reached. Both are ISO 8601 UTC timestamps of
 * the same form, so they compare as text (as the server's SQL compares them too).
 */
export const isVoucherExpired = (expireDate: string | null, now: string): boolean =>
  expireDate !== null && expireDate <= now;

/** §4: the expiry as dd/MM/yyyy, or null for 'Does not expire'. */
export const voucherExpiry = (expireDate: DateInput | null): string | null =>
  expireDate ? formatDate(expireDate, 'voucher') || null : null;

/** §2: the claim date as dd/MM/yyyy, or '-'. */
export const voucherClaimDate = (claimDate: DateInput | null): string =>
  (claimDate && formatDate(claimDate, 'voucher')) || '-';

/** §4: the percentage with % when above 0, else the money amount when above 0, else null for 'N/A'. */
export function voucherDiscount(discount: Voucher['discount'], separators?: MoneySeparators): string | null {
  if (discount.percentage > 0) return `${discount.percentage}%`;
  if (discount.amount > 0) return formatMoney({ amount: discount.amount, currency: discount.currency }, separators);
  return null;
}

/** §2: what the right-hand side of a voucher row shows. */
export type VoucherState = 'expired' | 'claimable' | 'claimed';
export function voucherState(voucher: Pick<Voucher, 'isExpired' | 'claimDate'>): VoucherState {
  if (voucher.isExpired) return 'expired';
  return voucher.claimDate ? 'claimed' : 'claimable';
}

export interface VoucherGroup<V> {
  campaignId: number;
  campaign: string;
  /** §2: the sum of the used counts of the group's vouchers. */
  used: number;
  /** The campaign's expiry: the latest of its vouchers', or null when one never expires. */
  expireDate: string | null;
  discount: Voucher['discount'];
  vouchers: V[];
}

/** §2: vouchers grouped by campaign, in the order campaigns first appear. */
export function groupVouchers<V extends Voucher>(vouchers: readonly V[]): VoucherGroup<V>[] {
  const groups = new Map<number, VoucherGroup<V>>();
  for (const voucher of vouchers) {
    const group = groups.get(voucher.campaignId);
    if (!group) {
      groups.set(voucher.campaignId, {
        campaignId: voucher.campaignId,
        campaign: voucher.campaign,
        used: voucher.used,
        expireDate: voucher.expireDate,
        discount: voucher.discount,
        vouchers: [voucher],
      });
      continue;
    }
    group.used += voucher.used;
    group.expireDate =
      group.expireDate === null || voucher.expireDate === null
        ? null
        : Date.parse(voucher.expireDate) > Date.parse(group.expireDate)
          ? voucher.expireDate
          : group.expireDate;
    group.vouchers.push(voucher);
  }
  return [...groups.values()];
}
