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
  type FieldDefinition,
  isPrivate,
  preselectedCountry,
} from '@account/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useAccount, useReloadAccount } from '@/lib/account';
import { ApiError, call } from '@/lib/api';
import { useSiteConfig } from '@/lib/config-context';
import { fieldErrorsOf } from '@/lib/field-errors';
import { type TextKey, useT } from '@/lib/i18n';
import { useLoading } from '@/lib/loading';
import { usePageTransition } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { localizeQuery } from '@/lib/queries';
import { useSystemMessage } from '@/lib/system-message';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { RadioGroup, TextField } from '@/ui/Field';
import fieldStyles from '@/ui/Field.module.css';
import { Form, FormActions } from '@/ui/Form';
import { flagUrl } from '@/ui/flags';
import { PageHeader } from '@/ui/PageHeader';
import { Picker } from '@/ui/Picker';
import styles from './AddressFormPage.module.css';
import { initialValues, toBody } from './address-values';
import { PhoneInput } from './PhoneInput';

const WIDTH = { 25: styles.w25, 50: styles.w50, 100: styles.w100 } as const;

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
  const loading = useLoading();
  const reload = useReloadAccount();
  const { show } = useSystemMessage();
  const { navigate } = usePageTransition();
  const { data: localize } = useQuery(localizeQuery);
  const form = useRef<HTMLFormElement>(null);
  const address = account.addresses.find((a) => a.addressId === addressId) ?? null;
  const fields = useMemo(() => [...account.addressFields].sort((a, b) => a.row - b.row), [account.addressFields]);

  const countryOptions = useMemo(() => {
    const definition = fields.find((f) => f.orderField === 'Country');
    const fromField = definition?.options.map((o) => ({ code: o.value, name: o.label })) ?? [];
    const list = fromField.length > 0 ? fromField : (localize?.countries ?? []);
    return list.map((c) => ({ id: c.code, name: c.name, image: flagUrl(c.code) }));
  }, [fields, localize]);

  const [values, setValues] = useState<Record<string, string>>(() =>
    initialValues(address, {
      country: preselectedCountry(
        countryOptions.map((c) => c.id),
        account.defaultCountry,
      ),
    }),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

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

  const set = (name: string, value: string) => {
    setValues((old) => {
      const next = { ...old, [name]: value };
      // §4: choosing Private clears company name and VAT number (and hides them).
      if (name === 'AddressType' && value === '0') for (const field of COMPANY_FIELDS) next[field] = '';
      return next;
    });
    setServerErrors((old) => {
      const { [name]: _, ...rest } = old;
      return rest;
    });
  };
  // §4: after the first submit every change revalidates.
  const error = (name: string) => {
    const key = serverErrors[name] ?? (submitted ? problems[name] : undefined);
    return key ? t(key) : null;
  };
  const label = (field: FieldDefinition) => (field.label.startsWith('ac_') ? t(field.label as TextKey) : field.label);
  const focusFirstProblem = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  /** The server's email and VAT checks; saving proceeds only when both pass (§5). */
  async function serverChecks(): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    const invalid = (error: unknown) => error instanceof ApiError && error.status === 400;
    const checks: Promise<void>[] = [];
    if (current.Email?.trim()) {
      checks.push(
        call('validateEmail', { body: { email: current.Email.trim() } }).then(
          () => {},
          (e) => {
            if (invalid(e)) found.Email = 'ac_EmailIsInvalidMessage';
          },
        ),
      );
    }
    if (config.enableEuVatReverse && !privateAddress && current.VatNumber?.trim() && country) {
      checks.push(
        call('validateVatNumber', { body: { vatNumber: current.VatNumber.trim(), country } }).then(
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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(problems).length > 0) {
      focusFirstProblem();
      return;
    }
    loading.show();
    try {
      const checked = await serverChecks();
      if (Object.keys(checked).length > 0) {
        setServerErrors(checked);
        focusFirstProblem();
        return;
      }
      const body = toBody(current, fields);
      if (addressId === null) await call('createAddress', { body });
      else await call('updateAddress', { body: { ...body, addressId } });
      await reload();
      show(t('ac_AddressSaved'));
      navigate(paths.addresses);
    } catch (failure) {
      // §4: on failure the loading overlay hides and the shopper stays, with the data intact.
      setServerErrors(fieldErrorsOf(failure));
      focusFirstProblem();
    } finally {
      loading.hide();
    }
  };

  const renderField = (field: FieldDefinition) => {
    const name = field.orderField;
    if (privateAddress && COMPANY_FIELDS.includes(name)) return null;
    const common = {
      label: label(field),
      error: error(name),
      required: field.required,
      optionalText: field.required ? undefined : t('ac_Optional'),
    };
    switch (field.type) {
      case FIELD_TYPES.heading:
        return <h2 className={styles.heading}>{label(field)}</h2>;
      case FIELD_TYPES.paragraph:
        return <p className={styles.paragraph}>{label(field)}</p>;
      case FIELD_TYPES.divider:
        return <hr className={styles.divider} />;
      case FIELD_TYPES.radio:
        return (
          <RadioGroup<string>
            label={label(field)}
            name={name}
            value={values[name] ?? field.options[0]?.value ?? ''}
            onChange={(value) => set(name, value)}
            options={field.options.map((o) => ({
              value: o.value,
              label: o.label.startsWith('ac_') ? t(o.label) : o.label,
            }))}
            error={error(name)}
          />
        );
      case FIELD_TYPES.dropdown:
        if (name === 'Country') {
          return (
            <Picker
              label={label(field)}
              options={countryOptions}
              value={country}
              onChange={(value) => set('Country', value)}
              isRequired={field.required}
              isDisabled={countryPickerDisabled(field, countryOptions.length)}
              error={error(name)}
              emptyText={t('ac_NoMatches')}
              openLabel={t('ac_ShowOptions')}
            />
          );
        }
        return (
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={`field-${name}`}>
              {label(field)}
            </label>
            <div className={fieldStyles.body}>
              <select
                id={`field-${name}`}
                className={styles.select}
                value={values[name] ?? ''}
                disabled={field.disabled}
                aria-invalid={error(name) ? true : undefined}
                aria-describedby={error(name) ? `field-${name}-error` : undefined}
                onChange={(event) => set(name, event.target.value)}
              >
                {!field.required && <option value="">—</option>}
                {field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label.startsWith('ac_') ? t(o.label) : o.label}
                  </option>
                ))}
              </select>
              {error(name) && (
                <span id={`field-${name}-error`} className={fieldStyles.error}>
                  {error(name)}
                </span>
              )}
            </div>
          </div>
        );
      case FIELD_TYPES.telephone:
        return (
          <PhoneInput
            label={label(field)}
            value={values[name] ?? ''}
            defaultRegion={country}
            required={field.required}
            error={error(name)}
            onChange={(value) => set(name, value)}
          />
        );
      default:
        return (
          <TextField
            {...common}
            name={name}
            value={values[name] ?? ''}
            maxLength={field.maxLength || undefined}
            disabled={field.disabled}
            inputMode={field.type === FIELD_TYPES.numberText ? 'numeric' : undefined}
            type={name === 'Email' || name === 'ConfirmEmail' ? 'email' : 'text'}
            autoComplete={AUTOCOMPLETE[name]}
            onChange={(event) => set(name, event.target.value)}
          />
        );
    }
  };

  const editing = addressId !== null;
  return (
    <>
      <PageHeader
        title={t(editing ? 'ac_EditAddressTitle' : 'ac_AddAddressTitle')}
        description={t(editing ? 'ac_EditAddressDescription' : 'ac_AddAddressDescription')}
      />
      <Card>
        <Form ref={form} onSubmit={onSubmit}>
          <div className={styles.grid}>
            {fields.map((field) => {
              const rendered = renderField(field);
              return rendered ? (
                <div key={`${field.row}-${field.orderField}`} className={WIDTH[field.width] ?? styles.w100}>
                  {rendered}
                </div>
              ) : null;
            })}
          </div>
          <FormActions>
            <Button variant="secondary" onClick={() => navigate(paths.addresses)}>
              {t('ac_Cancel')}
            </Button>
            <Button type="submit">{t(editing ? 'ac_SaveAddress' : 'ac_AddAddress')}</Button>
          </FormActions>
        </Form>
      </Card>
    </>
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  FirstName: 'given-name',
  LastName: 'family-name',
  CompanyName: 'organization',
  Email: 'email',
  ConfirmEmail: 'email',
  Address: 'address-line1',
  AddressNumber: 'address-line2',
  ZipCode: 'postal-code',
  City: 'address-level2',
};
