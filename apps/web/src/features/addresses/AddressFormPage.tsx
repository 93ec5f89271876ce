/**
 * Add (/addresses/add) and edit (/addresses/edit/{id}) an address (spec §2 Address add and edit,
 * §3 Address form field definition, §4 Address form, §5 Address form). The fields come from the
 * server's definitions (rows, widths, types); the rules are the contract's, shared with the server.
 * On submit the email, and for a company the EU VAT number, are checked with the server first.
 */
import {
  addressProblems,
  COMPANY_FIELDS,
  countryPickerDisabled,
  FIELD_TYPES,
  isPrivate,
  preselectedCountry,
} from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useAccount } from '@/lib/account';
import { ApiError } from '@/lib/api';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { useCountryName } from '@/lib/localize';
import { usePageTransition } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { localizeQuery } from '@/lib/queries';
import { useSystemMessage } from '@/lib/system-message';
import { validateEmail } from '@/lib/use-email-check';
import { useValidatedForm } from '@/lib/use-validated-form';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { DefinedFields } from '@/ui/DefinedFields';
import { Form, FormActions } from '@/ui/Form';
import { flagUrl } from '@/ui/flags';
import { PageHeader } from '@/ui/PageHeader';
import { Picker } from '@/ui/Picker';
import { initialValues, toBody } from './address-values';
import { useSaveAddress, validateVatNumber } from './api/addresses';

export function AddressFormPage() {
  const { id } = useParams();
  const account = useAccount();
  const editing = id !== undefined;
  const address = editing ? (account.addresses.find((a) => String(a.addressId) === id) ?? null) : null;
  // §2: an id that is not among the shopper's addresses goes back to the address book.
  if (editing && !address) return <Navigate to={paths.addresses} replace />;
  return <AddressForm key={id ?? 'new'} addressId={address?.addressId ?? null} />;
}

function AddressForm({ addressId }: { addressId: number | null }) {
  const t = useT();
  const account = useAccount();
  const config = useSiteConfig();
  const { mutateAsync: saveAddress } = useSaveAddress();
  const { show } = useSystemMessage();
  const { navigate } = usePageTransition();
  const { data: localize } = useQuery(localizeQuery);
  const countryName = useCountryName();
  const address = account.addresses.find((a) => a.addressId === addressId) ?? null;
  const fields = account.addressFields;

  const countryOptions = useMemo(() => {
    const definition = fields.find((f) => f.orderField === 'Country');
    const fromField = definition?.options.map((o) => ({ code: o.value, name: o.label })) ?? [];
    const list = fromField.length > 0 ? fromField : (localize?.countries ?? []);
    return list.map((c) => ({ id: c.code, name: countryName(c.code, c.name), image: flagUrl(c.code) }));
  }, [fields, localize, countryName]);

  const [values, setValues] = useState<Record<string, string>>(() =>
    initialValues(address, {
      country: preselectedCountry(
        countryOptions.map((c) => c.id),
        account.defaultCountry,
      ),
    }),
  );

  // The country list may arrive after the form: preselect then (§5), unless one was chosen.
  const country =
    values.Country ||
    preselectedCountry(
      countryOptions.map((c) => c.id),
      account.defaultCountry,
    );
  const current: Record<string, string> = { ...values, Country: country };
  const problems = addressProblems(current, fields);
  const privateAddress = isPrivate(current);
  const form = useValidatedForm({ problems });

  const set = (name: string, value: string) => {
    setValues((old) => {
      const next = { ...old, [name]: value };
      // §4: choosing Private clears company name and VAT number (and hides them).
      if (name === 'AddressType' && value === '0') for (const field of COMPANY_FIELDS) next[field] = '';
      return next;
    });
    form.changed(name);
  };

  /** The server's email and VAT checks; saving proceeds only when both pass (§5). */
  async function serverChecks(): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    const invalid = (error: unknown) => error instanceof ApiError && error.status === 400;
    const checks: Promise<void>[] = [];
    if (current.Email?.trim()) {
      checks.push(
        validateEmail(current.Email.trim()).then(
          () => {},
          (e) => {
            if (invalid(e)) found.Email = 'ac_EmailIsInvalidMessage';
          },
        ),
      );
    }
    if (config.enableEuVatReverse && !privateAddress && current.VatNumber?.trim() && country) {
      checks.push(
        validateVatNumber(current.VatNumber.trim(), country).then(
          () => {},
          (e) => {
            if (invalid(e)) found.VatNumber = 'ac_VatNumberIsInvalidMessage';
          },
        ),
      );
    }
    await Promise.all(checks);
    return found;
  }

  const onSubmit = form.handleSubmit(async () => {
    const checked = await serverChecks();
    if (Object.keys(checked).length > 0) {
      form.showServerErrors(checked);
      return;
    }
    await saveAddress({ body: toBody(current, fields), addressId });
    show(t('ac_AddressSaved'));
    navigate(paths.addresses);
  });

  const editing = addressId !== null;
  return (
    <>
      <PageHeader
        title={t(editing ? 'ac_EditAddressTitle' : 'ac_AddAddressTitle')}
        description={t(editing ? 'ac_EditAddressDescription' : 'ac_AddAddressDescription')}
      />
      <Card>
        <Form ref={form.ref} onSubmit={onSubmit}>
          <DefinedFields
            fields={fields}
            values={values}
            onChange={set}
            error={form.error}
            phoneRegion={country}
            hidden={(field) => privateAddress && COMPANY_FIELDS.includes(field.orderField)}
            render={(field, label) =>
              field.orderField === 'Country' && field.type === FIELD_TYPES.dropdown ? (
                <Picker
                  label={label}
                  options={countryOptions}
                  value={country}
                  onChange={(value) => set('Country', value)}
                  isRequired={field.required}
                  isDisabled={countryPickerDisabled(field, countryOptions.length)}
                  error={form.error('Country')}
                  emptyText={t('ac_NoMatches')}
                  openLabel={t('ac_ShowOptions')}
                />
              ) : undefined
            }
          />
          <FormActions>
            <Button variant="secondary" onClick={() => navigate(paths.addresses)}>
              {t('ac_Cancel')}
            </Button>
            <Button type="submit" disabled={form.saving}>
              {t(editing ? 'ac_SaveAddress' : 'ac_AddAddress')}
            </Button>
          </FormActions>
        </Form>
      </Card>
    </>
  );
}
