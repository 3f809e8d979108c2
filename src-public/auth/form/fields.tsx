import type { ChangeEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { citiesOf } from '../../../src-shared/constants/countries';
import { NEWSLETTER_FREQUENCIES, type NewsletterFrequency } from '../../../src-shared/constants/enums';
import { countryLabel } from '../../lib/format';

/** A labelled text input; `label` is visible and tied to the input by MUI. */
export function Field(props: TextFieldProps) {
  return <TextField fullWidth {...props} />;
}

/** A password input (a new one unless `autoComplete` says "current-password"). */
export function PasswordField(props: TextFieldProps) {
  return <Field type="password" autoComplete="new-password" {...props} />;
}

/** The e-mail address input of the sign-in and code screens (label, name, type and autofill set). */
export function EmailField(props: TextFieldProps) {
  const { t } = useTranslation();
  return <Field label={t('form.email')} name="email" type="email" autoComplete="email" required {...props} />;
}

/** The input of a code sent by e-mail: numeric keypad and the browser's one-time-code autofill. */
export function CodeField(props: TextFieldProps) {
  return (
    <Field autoComplete="one-time-code" slotProps={{ htmlInput: { inputMode: 'numeric' } }} {...props} />
  );
}

/**
 * The end of a one-step auth form: the success notice while it shows, then the submit button with
 * its busy label. The button is disabled while busy and after success unless `disabled` says otherwise.
 */
export function SubmitWithNotice({
  label,
  busyLabel,
  busy,
  success,
  notice,
  disabled = busy || success,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  success: boolean;
  notice: ReactNode;
  disabled?: boolean;
}) {
  return (
    <>
      {success ? (
        <Alert severity="success" role="status">
          {notice}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={disabled}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

export function CountrySelect({
  countries,
  value,
  onChange,
  label,
  required = true,
  name = 'countryName',
  error,
  helperText,
}: {
  countries: readonly { code: string; name: string }[];
  value: string;
  onChange: (value: string) => void;
  label: string;
  required?: boolean;
  name?: string;
  error?: boolean;
  helperText?: string;
}) {
  const { i18n } = useTranslation();
  const collator = new Intl.Collator(i18n.language);
  const options = countries
    .map((country) => ({ ...country, label: countryLabel(country.code, country.name, i18n.language) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  return (
    <TextField
      select
      fullWidth
      name={name}
      label={label}
      required={required}
      value={value}
      error={error}
      helperText={helperText}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map((country) => (
        <MenuItem key={country.code} value={country.name}>
          {country.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The city of an investor country (spec 3): the options depend on the country and the field is
 * disabled until one is chosen. A saved city outside the list stays selectable.
 */
export function CitySelect({
  countryName,
  value,
  onChange,
  label,
  error,
  helperText,
}: {
  countryName: string;
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation();
  const cities = citiesOf(countryName);
  const options = value && !cities.includes(value) ? [value, ...cities] : cities;
  const disabled = options.length === 0;
  return (
    <TextField
      select
      fullWidth
      name="city"
      label={label}
      required
      value={value}
      disabled={disabled}
      error={error}
      helperText={helperText ?? (disabled ? t('form.chooseCountryFirst') : undefined)}
      slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map((city) => (
        <MenuItem key={city} value={city}>
          {city}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function NewsletterSelect({
  value,
  onChange,
}: {
  value: NewsletterFrequency;
  onChange: (value: NewsletterFrequency) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      name="newsletterFrequency"
      label={t('form.newsletterFrequency')}
      value={value}
      onChange={(event) => onChange(event.target.value as NewsletterFrequency)}
    >
      {NEWSLETTER_FREQUENCIES.map((frequency) => (
        <MenuItem key={frequency} value={frequency}>
          {t(`form.frequencies.${frequency}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function CheckboxField({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          name={name}
          checked={checked}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        />
      }
      label={label}
    />
  );
}
