/**
 * Vouchers (spec §2 Vouchers, §4 Voucher): the 'My vouchers' card with the vouchers grouped by
 * campaign. A group row shows the campaign, the used total, the expiry and the discount and folds
 * its vouchers in and out; each voucher shows its code (or the prompt to claim it), whether it was
 * used, its claim date, and the expired mark, the claim action or the claimed mark.
 */
import {
  groupVouchers,
  type Voucher,
  type VoucherGroup,
  voucherClaimDate,
  voucherDiscount,
  voucherExpiry,
  voucherState,
  voucherUsed,
} from '@account/contract';
import { useId, useState } from 'react';
import { useAccount } from '@/lib/account';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { useSystemMessage } from '@/lib/system-message';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { EmptyState } from '@/ui/EmptyState';
import { Icon } from '@/ui/Icon';
import { Identifier } from '@/ui/Identifier';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { Table } from '@/ui/Table';
import { useClaimVoucherById } from './api/vouchers';
import { ClaimByCode } from './ClaimByCode';
import styles from './VouchersPage.module.css';

function useVoucherTexts() {
  const t = useT();
  const { decimalSep, thousandSep } = useSiteConfig();
  return {
    used: (voucher: Voucher) => {
      const used = voucherUsed(voucher);
      return 'key' in used ? t(used.key) : String(used.count);
    },
    expiry: (date: string | null) => voucherExpiry(date) ?? t('ac_DoesNotExpire'),
    discount: (discount: Voucher['discount']) =>
      voucherDiscount(discount, { decimalSep, thousandSep }) ?? t('ac_NotAvailable'),
  };
}

/** Claims the code of one voucher; §8: a failure silently re-enables the action. */
function useClaimVoucher() {
  const t = useT();
  const { mutateAsync: claimById } = useClaimVoucherById();
  const { show } = useSystemMessage();
  return async (voucher: Voucher): Promise<void> => {
    try {
      await claimById(voucher);
      show(t('ac_VoucherClaimed'));
    } catch {
      // Nothing to say: the claim action is simply offered again.
    }
  };
}

function VoucherRow({ voucher, id, hidden }: { voucher: Voucher; id: string; hidden: boolean }) {
  const t = useT();
  const texts = useVoucherTexts();
  const claimVoucher = useClaimVoucher();
  const [claiming, setClaiming] = useState(false);
  const state = voucherState(voucher);
  const claim = async () => {
    setClaiming(true);
    await claimVoucher(voucher);
    setClaiming(false);
  };
  return (
    <tr id={id} hidden={hidden} className={`${styles.voucher} ${state === 'expired' ? styles.expired : ''}`}>
      <td data-label={t('ac_VoucherCode')}>
        {voucher.code ? (
          <Identifier code className={styles.code}>
            {voucher.code}
          </Identifier>
        ) : (
          <span className={styles.prompt}>{t('ac_ClaimVoucherCode')}</span>
        )}
      </td>
      <td data-label={t('ac_Used')}>{texts.used(voucher)}</td>
      <td data-label={t('ac_ClaimDate')}>
        {/* The column is headed 'Expire date' for campaigns; a voucher row names its own date. */}
        <span className={styles.caption}>{t('ac_ClaimDate')}</span>
        {voucherClaimDate(voucher.claimDate)}
      </td>
      <td className={styles.mark}>
        {state === 'expired' && <span className={styles.expiredMark}>{t('ac_Expired')}</span>}
        {state === 'claimed' && (
          <span className={styles.claimedMark}>
            <Icon name="check" size={16} />
            {t('ac_Claimed')}
          </span>
        )}
        {state === 'claimable' && (
          <Button variant="secondary" onClick={() => void claim()} disabled={claiming}>
            {claiming && <Spinner />}
            {t(claiming ? 'ac_Claiming' : 'ac_Claim')}
          </Button>
        )}
      </td>
    </tr>
  );
}

function CampaignGroup({ group }: { group: VoucherGroup<Voucher> }) {
  const t = useT();
  const texts = useVoucherTexts();
  const [open, setOpen] = useState(true);
  const rowsId = useId();
  const rowIds = group.vouchers.map((voucher) => `${rowsId}-${voucher.id}`);
  return (
    <tbody className={styles.group}>
      <tr className={styles.groupRow}>
        <th scope="rowgroup" data-label={t('ac_Description')}>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={rowIds.join(' ')}
            onClick={() => setOpen((value) => !value)}
          >
            <Icon name={open ? 'chevronDown' : 'chevronRight'} size={16} />
            {group.campaign}
          </button>
        </th>
        <td data-label={t('ac_Used')}>{group.used}</td>
        <td data-label={t('ac_ExpireDate')}>{texts.expiry(group.expireDate)}</td>
        <td data-label={t('ac_Value')} className={styles.value}>
          {texts.discount(group.discount)}
        </td>
      </tr>
      {group.vouchers.map((voucher, index) => (
        <VoucherRow key={voucher.id} id={rowIds[index] ?? ''} hidden={!open} voucher={voucher} />
      ))}
    </tbody>
  );
}

export function VouchersPage() {
  const t = useT();
  const account = useAccount();
  const groups = groupVouchers(account.vouchers);
  return (
    <>
      <PageHeader title={t('ac_MyVouchers')} description={t('ac_VouchersDescription')} />
      <div className={styles.page}>
        <Card title={t('ac_MyVouchers')} collapsible>
          {groups.length === 0 ? (
            <EmptyState icon="ticket" level={3} title={t('ac_VouchersEmptyTitle')} text={t('ac_VouchersEmptyText')} />
          ) : (
            <Table
              className={styles.table}
              columns={[
                { label: t('ac_Description') },
                { label: t('ac_Used') },
                { label: t('ac_ExpireDate') },
                { label: t('ac_Value'), className: styles.value },
              ]}
            >
              {groups.map((group) => (
                <CampaignGroup key={group.campaignId} group={group} />
              ))}
            </Table>
          )}
        </Card>
        <ClaimByCode />
      </div>
    </>
  );
}
