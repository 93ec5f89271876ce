/**
 * The profile's fields, one set for onboarding and edit profile (spec §2 First-login page, Edit
 * profile; §5 Profile, First login, Date field): salutation, first and last name, the email with
 * the note of its server check and its verification status; where the values carry them, the
 * email's confirmation, the telephone and its confirmation, and the birth date. The rules stay
 * each screen's own: it passes its form (useValidatedForm) for the errors. The salutation and the
 * birth date are also the overview wizard's questions (GenderField, BirthDateField).
 */
import { type Account, LIMITS } from '@account/contract';
import { useT } from '@/lib/i18n';
import type { EmailCheckState } from '@/lib/use-email-check';
import type { ValidatedForm } from '@/lib/use-validated-form';
import { DateField } from './DateField';
import type { DateParts } from './date-parts';
import { EmailStatusSlot } from './EmailStatusSlot';
import { RadioGroup, TextField } from './Field';
import { FormRow } from './Form';

/** §3: 1 Mr, 2 Mrs. */
export type Gender = 1 | 2;

/** What both screens ask. */
export interface ProfileBasics {
  gender: Gender;
  firstName: string;
  lastName: string;
  email: string;
}

/** The fields left out are not asked: edit profile asks them all (§2), onboarding only the basics. */
export interface ProfileValues extends ProfileBasics {
  confirmEmail?: string;
  telephone?: string;
  confirmTelephone?: string;
  birth?: DateParts;
}

/** The account's values of the fields both screens ask (Mr when it has no salutation). */
export const profileBasics = (account: Account): ProfileBasics => ({
  gender: account.gender === 2 ? 2 : 1,
  firstName: account.firstName,
  lastName: account.lastName,
  email: account.email,
});

/**
 * The form's name of each field: the contract's, capitalised (the birth date's three parts are one
 * field). A text field's label is its name's key (ac_FirstName).
 */
const FIELD = {
  gender: 'Gender',
  firstName: 'FirstName',
  lastName: 'LastName',
  email: 'Email',
  confirmEmail: 'ConfirmEmail',
  telephone: 'Telephone',
  confirmTelephone: 'ConfirmTelephone',
  birth: 'BirthDate',
} as const satisfies Record<keyof ProfileValues, string>;

type TextFieldKey = 'firstName' | 'lastName' | 'email' | 'confirmEmail' | 'telephone' | 'confirmTelephone';

const TEXT_FIELDS: Record<TextFieldKey, { type: string; autoComplete: string; maxLength: number }> = {
  firstName: { type: 'text', autoComplete: 'given-name', maxLength: LIMITS.sharedTextMaxLength },
  lastName: { type: 'text', autoComplete: 'family-name', maxLength: LIMITS.sharedTextMaxLength },
  email: { type: 'email', autoComplete: 'email', maxLength: LIMITS.addressTextMaxLength },
  confirmEmail: { type: 'email', autoComplete: 'email', maxLength: LIMITS.addressTextMaxLength },
  telephone: { type: 'tel', autoComplete: 'tel', maxLength: LIMITS.profileTelephoneMaxLength },
  confirmTelephone: { type: 'tel', autoComplete: 'tel', maxLength: LIMITS.profileTelephoneMaxLength },
};

interface GenderFieldProps {
  label: string;
  name: string;
  value: Gender;
  onChange(value: Gender): void;
  error?: string | null;
}

export function GenderField({ label, name, value, onChange, error }: GenderFieldProps) {
  const t = useT();
  return (
    <RadioGroup<Gender>
      label={label}
      name={name}
      value={value}
      onChange={onChange}
      options={[
        { value: 1, label: t('ac_GenderMr') },
        { value: 2, label: t('ac_GenderMrs') },
      ]}
      error={error}
    />
  );
}

interface BirthDateFieldProps {
  legend: string;
  value: DateParts;
  onChange(value: DateParts): void;
  error: string | null;
}

export function BirthDateField({ legend, value, onChange, error }: BirthDateFieldProps) {
  const t = useT();
  return (
    <DateField
      legend={legend}
      labels={{ day: t('ac_Day'), month: t('ac_Month'), year: t('ac_Year') }}
      placeholders={{ day: t('ac_DayPlaceholder'), month: t('ac_MonthPlaceholder'), year: t('ac_YearPlaceholder') }}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

interface ProfileFieldsProps<V extends ProfileValues> {
  account: Account;
  values: V;
  /** NoInfer: V is the values' type; a state setter's parameter would widen it to ProfileValues. */
  onChange(values: NoInfer<V>): void;
  form: Pick<ValidatedForm, 'error' | 'changed'>;
  emailCheck: EmailCheckState;
  /** §5 First login: the names are required only when the server's field list marks them. */
  required?: { firstName: boolean; lastName: boolean };
}

export function ProfileFields<V extends ProfileValues>({
  account,
  values,
  onChange,
  form,
  emailCheck,
  required = { firstName: true, lastName: true },
}: ProfileFieldsProps<V>) {
  const t = useT();
  const set =
    <K extends keyof ProfileValues>(key: K) =>
    (value: ProfileValues[K]) => {
      onChange({ ...values, [key]: value });
      form.changed(FIELD[key]);
    };
  const textField = (key: TextFieldKey, isRequired = true) => {
    const { type, autoComplete, maxLength } = TEXT_FIELDS[key];
    return (
      <TextField
        label={t(`ac_${FIELD[key]}`)}
        name={key}
        type={type}
        autoComplete={autoComplete}
        required={isRequired}
        optionalText={isRequired ? undefined : t('ac_Optional')}
        maxLength={maxLength}
        hint={key === 'email' && emailCheck === 'checking' ? t('ac_CheckingEmail') : undefined}
        value={values[key] ?? ''}
        onChange={(event) => set(key)(event.target.value)}
        error={form.error(FIELD[key])}
      />
    );
  };

  return (
    <>
      <GenderField
        label={t('ac_Gender')}
        name="gender"
        value={values.gender}
        onChange={set('gender')}
        error={form.error(FIELD.gender)}
      />
      <FormRow>
        {textField('firstName', required.firstName)}
        {textField('lastName', required.lastName)}
      </FormRow>
      {values.confirmEmail === undefined ? (
        textField('email')
      ) : (
        <FormRow>
          {textField('email')}
          {textField('confirmEmail')}
        </FormRow>
      )}
      <EmailStatusSlot account={account} />
      {values.telephone !== undefined && (
        <FormRow>
          {textField('telephone')}
          {textField('confirmTelephone')}
        </FormRow>
      )}
      {values.birth && (
        <BirthDateField
          legend={t('ac_BirthDate')}
          value={values.birth}
          onChange={set('birth')}
          error={form.error(FIELD.birth)}
        />
      )}
    </>
  );
}
