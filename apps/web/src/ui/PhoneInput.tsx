/**
 * A telephone field (spec §5 Phone field): a country-code picker (every region, or only the
 * shipping countries when the shop has them) and the number, digits only, at most 20; the value
 * is '{code} {number}', empty without a number.
 */
import { joinPhone, LIMITS, splitPhone } from '@account/contract';
import { useId, useMemo } from 'react';
import { useSiteConfig } from '@/lib/config-context';
import { useT } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { FieldError, OptionalNote } from './Field';
import fieldStyles from './Field.module.css';
import { flagUrl } from './flags';
import styles from './PhoneInput.module.css';
import { Picker } from './Picker';
import { callingCodes } from './phone-codes';

export interface PhoneInputProps {
  label: string;
  value: string;
  /** The region whose calling code starts an empty field (the address's country). */
  defaultRegion: string;
  required: boolean;
  error?: string | null;
  onChange(value: string): void;
}

export function PhoneInput({ label, value, defaultRegion, required, error, onChange }: PhoneInputProps) {
  const t = useT();
  const { language } = useLocale();
  const { shippingCountries } = useSiteConfig();
  const labelId = useId();
  const numberId = useId();
  const errorId = useId();
  const optionalId = useId();
  const regions = useMemo(() => callingCodes(language, shippingCountries), [language, shippingCountries]);
  const { code, number } = splitPhone(value);
  // The picker chooses a region; a stored code maps back to the first region that has it.
  const region =
    regions.find((r) => r.code === code && r.region === defaultRegion.toUpperCase())?.region ??
    regions.find((r) => r.code === code)?.region ??
    regions.find((r) => r.region === defaultRegion.toUpperCase())?.region ??
    regions[0]?.region ??
    '';
  const regionCode = regions.find((r) => r.region === region)?.code ?? code;
  const options = useMemo(
    () => regions.map((r) => ({ id: r.region, name: r.name, detail: r.code, image: flagUrl(r.region) })),
    [regions],
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: a legend cannot line up in the form's grid, so the group is named by its label
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={[required ? '' : optionalId, error ? errorId : ''].filter(Boolean).join(' ') || undefined}
      className={fieldStyles.field}
    >
      <span id={labelId} className={fieldStyles.label}>
        {label}
      </span>
      <div className={fieldStyles.body}>
        <div className={styles.phone}>
          <Picker
            label={t('ac_CountryCode')}
            options={options}
            value={region}
            onChange={(next) => onChange(joinPhone(regions.find((r) => r.region === next)?.code ?? '', number))}
            emptyText={t('ac_NoMatches')}
            openLabel={t('ac_ShowOptions')}
            hideLabel
          />
          <div className={styles.number}>
            <label className="visually-hidden" htmlFor={numberId}>
              {`${label} (${regionCode})`}
            </label>
            <span className={styles.prefix} aria-hidden="true">
              {regionCode}
            </span>
            <input
              id={numberId}
              className={fieldStyles.input}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={LIMITS.phoneNumberMaxLength}
              value={number}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onChange(joinPhone(regionCode, event.target.value))}
            />
          </div>
        </div>
        <OptionalNote id={optionalId} text={required ? undefined : t('ac_Optional')} />
        <FieldError id={errorId} error={error} />
      </div>
    </div>
  );
}
