/**
 * Adding a voucher by its code (spec §7 POST /voucher/claim/{code}): the code a shopper got from
 * a newsletter or a flyer becomes a voucher in their account.
 */
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { useSystemMessage } from '@/lib/system-message';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { TextField } from '@/ui/Field';
import { Spinner } from '@/ui/Spinner';
import { useClaimVoucherByCode } from './api/vouchers';
import { claimCodeErrorKey } from './claim-code-error';
import styles from './VouchersPage.module.css';

const MAX_CODE_LENGTH = 64;

export function ClaimByCode() {
  const t = useT();
  const { mutateAsync: claimByCode } = useClaimVoucherByCode();
  const { show } = useSystemMessage();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t('ac_VoucherCodeRequired'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await claimByCode(trimmed);
      setCode('');
      show(t('ac_VoucherAdded'));
    } catch (failure) {
      setError(t(claimCodeErrorKey(failure instanceof ApiError ? failure.status : 0)));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('ac_HaveVoucherCode')}>
      <form className={styles.claimForm} onSubmit={submit} noValidate>
        <TextField
          ref={input}
          label={t('ac_VoucherCode')}
          hint={t('ac_HaveVoucherCodeHint')}
          value={code}
          maxLength={MAX_CODE_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={error}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {t('ac_AddVoucher')}
        </Button>
      </form>
    </Card>
  );
}
