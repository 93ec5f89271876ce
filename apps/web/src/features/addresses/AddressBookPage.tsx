/**
 * Address book (spec §2 Address book, §4 Address delete, Set default): the default billing and
 * delivery addresses and the others, each card collapsible and starting expanded; per address
 * edit, delete with an inline 'Are you sure?' and default actions; the add-new-address row.
 * After every change the account reloads and the lists rebuild.
 */
import { type Address, addressLines } from '@account/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useAccount } from '@/lib/account';
import { useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { useCountryName } from '@/lib/localize';
import { AppLink } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { useSystemMessage } from '@/lib/system-message';
import { buttonClass } from '@/ui/Button';
import { Card, CardRows, CardStack } from '@/ui/Card';
import { EmptyState } from '@/ui/EmptyState';
import { InlineConfirm } from '@/ui/InlineConfirm';
import { PageHeader } from '@/ui/PageHeader';
import styles from './AddressBookPage.module.css';
import { addressSlots } from './address-slots';
import { useDeleteAddress, useUpdateAddress } from './api/addresses';

const rowAction = buttonClass('action');

type Role = 'billing' | 'shipping';

function useAddressActions() {
  const t = useT();
  const loading = useLoading();
  const { mutateAsync: deleteAddress } = useDeleteAddress();
  const { mutateAsync: updateAddress } = useUpdateAddress();
  const { show } = useSystemMessage();

  /** §8: a failed change hides the loading indicator and shows no message; the shopper stays. */
  const run = async (work: () => Promise<unknown>, message: string) => {
    loading.show();
    try {
      await work();
      show(message);
    } catch {
      // Nothing changed on the server; the lists stay as they are.
    } finally {
      loading.hide();
    }
  };

  return {
    remove: (address: Address) => run(() => deleteAddress(address), t('ac_AddressDeleted')),
    makeDefault: (address: Address, role: Role) =>
      run(
        () =>
          updateAddress({
            addressId: address.addressId,
            ...(role === 'billing' ? { isBilling: true } : { isShipping: true }),
          }),
        t('ac_DefaultAddressSaved'),
      ),
    /** A default billing address becomes the default delivery one, or the other way round. */
    switchRole: (address: Address, to: Role) =>
      run(
        () =>
          updateAddress({ addressId: address.addressId, isBilling: to === 'billing', isShipping: to === 'shipping' }),
        t('ac_DefaultAddressSaved'),
      ),
  };
}

/** Closes a popup when the shopper clicks outside it or presses Escape. */
function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);
  return ref;
}

function AddressItem({ address, slot }: { address: Address; slot: Role | 'other' }) {
  const t = useT();
  const countryName = useCountryName();
  const actions = useAddressActions();
  const [popup, setPopup] = useState(false);
  const popupRef = useDismiss(popup, () => setPopup(false));
  const nameId = useId();
  const popupId = useId();
  const lines = addressLines(address, countryName);

  return (
    <div className={styles.address}>
      <address className={styles.lines}>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address keep their order
          <span key={index} id={index === 0 ? nameId : undefined}>
            {line}
          </span>
        ))}
      </address>
      <div className={styles.actions}>
        <AppLink to={paths.addressEdit(address.addressId)} className={rowAction} aria-describedby={nameId}>
          {t('ac_Edit')}
        </AppLink>
        <InlineConfirm className={rowAction} describedBy={nameId} onConfirm={() => void actions.remove(address)}>
          {t('ac_Delete')}
        </InlineConfirm>
        {slot === 'billing' && !address.isShipping && (
          <button type="button" className={rowAction} onClick={() => void actions.switchRole(address, 'shipping')}>
            {t('ac_MakeDeliveryDefault')}
          </button>
        )}
        {slot === 'shipping' && !address.isBilling && (
          <button type="button" className={rowAction} onClick={() => void actions.switchRole(address, 'billing')}>
            {t('ac_MakeBillingDefault')}
          </button>
        )}
        {slot === 'other' && (
          <div ref={popupRef}>
            <button
              type="button"
              className={rowAction}
              aria-expanded={popup}
              aria-controls={popupId}
              aria-describedby={nameId}
              onClick={() => setPopup((open) => !open)}
            >
              {t('ac_SetAsDefault')}
            </button>
            {popup && (
              <fieldset id={popupId} className={styles.popup}>
                <legend className={styles.popupTitle}>{t('ac_DefaultFor')}</legend>
                <button type="button" onClick={() => void actions.makeDefault(address, 'billing')}>
                  {t('ac_BillingAddress')}
                </button>
                <button type="button" onClick={() => void actions.makeDefault(address, 'shipping')}>
                  {t('ac_DeliveryAddress')}
                </button>
              </fieldset>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** The default billing and delivery cards, and the others when there are any (spec §2 Address book). */
function AddressCards({ addresses }: { addresses: readonly Address[] }) {
  const t = useT();
  const slots = addressSlots(addresses);
  return (
    <>
      <Card title={t('ac_BillingAddress')} collapsible>
        {slots.billing ? (
          <AddressItem address={slots.billing} slot="billing" />
        ) : (
          <p className={styles.empty}>{t('ac_NoBillingAddress')}</p>
        )}
      </Card>
      <Card title={t('ac_DeliveryAddress')} collapsible>
        {slots.shipping ? (
          <AddressItem address={slots.shipping} slot="shipping" />
        ) : (
          <p className={styles.empty}>{t('ac_NoDeliveryAddress')}</p>
        )}
      </Card>
      {slots.others.length > 0 && (
        <Card title={t('ac_OtherAddresses')} collapsible>
          <CardRows>
            {slots.others.map((address) => (
              <li key={address.addressId}>
                <AddressItem address={address} slot="other" />
              </li>
            ))}
          </CardRows>
        </Card>
      )}
    </>
  );
}

export function AddressBookPage() {
  const t = useT();
  const account = useAccount();

  return (
    <>
      <PageHeader title={t('ac_AddressBook')} description={t('ac_AddressBookDescription')} />
      <CardStack>
        {account.addresses.length === 0 ? (
          <Card>
            <EmptyState icon="pin" title={t('ac_AddressesEmptyTitle')} text={t('ac_AddressesEmptyText')} />
          </Card>
        ) : (
          <AddressCards addresses={account.addresses} />
        )}
        <AppLink to={paths.addressAdd} className={styles.add}>
          <span className={styles.plus} aria-hidden="true">
            +
          </span>
          {t('ac_AddNewAddress')}
        </AppLink>
      </CardStack>
    </>
  );
}
