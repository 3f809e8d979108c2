import { useId, type ChangeEvent } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { INVESTOR_COUNTRIES } from '../../../src-shared/constants/countries';
import type { NewsletterFrequency } from '../../../src-shared/constants/enums';
import { LEGAL_DOCUMENT_VERSIONS, LEGAL_PATHS } from '../../../src-shared/constants/legal';
import { CheckboxField, CitySelect, CountrySelect, Field, NewsletterSelect, PasswordField } from './fields';
import type { FormState, StringKeys } from './useForm';

/** What `useForm().bind(key, label)` gives a text input for one of `K`. */
type Bind<K extends string> = (
  key: K,
  label: string,
) => {
  name: K;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error?: boolean;
  helperText?: string;
};

/** The person of a registration or profile form (spec 3), all required. */
export interface PersonalValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export const PERSONAL_KEYS = ['firstName', 'lastName', 'email', 'phone'] as const;

export const EMPTY_PERSONAL: PersonalValues = { firstName: '', lastName: '', email: '', phone: '' };

/**
 * The person's first and last name, e-mail and phone (all required), two to a row; the grid items of
 * a registration or profile form.
 */
export function PersonalFields({ bind }: { bind: Bind<keyof PersonalValues> }) {
  const { t } = useTranslation();
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Field {...bind('firstName', t('form.firstName'))} required autoComplete="given-name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Field {...bind('lastName', t('form.lastName'))} required autoComplete="family-name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Field {...bind('email', t('form.email'))} required type="email" autoComplete="email" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Field {...bind('phone', t('form.phone'))} required type="tel" autoComplete="tel" />
      </Grid>
    </>
  );
}

/** Where an investor lives (spec 3), all required. */
export interface InvestorAddress {
  countryName: string;
  city: string;
  address: string;
}

export const INVESTOR_ADDRESS_KEYS = ['countryName', 'city', 'address'] as const;

export const EMPTY_INVESTOR_ADDRESS: InvestorAddress = { countryName: '', city: '', address: '' };

/**
 * An investor's country, city and street address (spec 3): the country drives the city list and
 * changing it clears the city.
 */
export function InvestorAddressFields<T extends InvestorAddress>({ form }: { form: FormState<T> }) {
  const { t } = useTranslation();
  const { values, setValues, set, bind, errorOf, clearError } = form;
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CountrySelect
          countries={INVESTOR_COUNTRIES}
          label={t('form.country')}
          value={values.countryName}
          {...errorOf('countryName')}
          onChange={(value) => {
            setValues((previous) => ({ ...previous, countryName: value, city: '' }));
            clearError('countryName');
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CitySelect
          countryName={values.countryName}
          label={t('form.city')}
          value={values.city}
          {...errorOf('city')}
          onChange={(value) => set('city', value as T['city'])}
        />
      </Grid>
      <Grid size={12}>
        <Field
          {...bind('address' as StringKeys<T>, t('form.address'))}
          required
          autoComplete="street-address"
        />
      </Grid>
    </>
  );
}

/** The password chosen at registration and its confirmation, both required. */
export interface PasswordValues {
  password: string;
  confirmPassword: string;
}

export const PASSWORD_KEYS = ['password', 'confirmPassword'] as const;

export const EMPTY_PASSWORDS: PasswordValues = { password: '', confirmPassword: '' };

/** The new password and its confirmation of a registration form (both required), side by side. */
export function PasswordFields({ bind }: { bind: Bind<keyof PasswordValues> }) {
  const { t } = useTranslation();
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PasswordField {...bind('password', t('form.password'))} required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PasswordField {...bind('confirmPassword', t('form.confirmPassword'))} required />
      </Grid>
    </>
  );
}

/** The newsletter and notification preferences (spec 3); none of them is required. */
export interface Preferences {
  newsletterFrequency: NewsletterFrequency;
  transactionNotification: boolean;
  latestNewsNotification: boolean;
}

/** The preferences of a new account: the given newsletter frequency, both notifications off. */
export function defaultPreferences(newsletterFrequency: NewsletterFrequency): Preferences {
  return { newsletterFrequency, transactionNotification: false, latestNewsNotification: false };
}

/** The newsletter frequency and the two notification checkboxes (spec 3), as grid items. */
export function PreferencesFields<T extends Preferences>({ form }: { form: FormState<T> }) {
  const { t } = useTranslation();
  const { values, set } = form;
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NewsletterSelect
          value={values.newsletterFrequency}
          onChange={(value) => set('newsletterFrequency', value as T['newsletterFrequency'])}
        />
      </Grid>
      <Grid size={12}>
        <CheckboxField
          name="transactionNotification"
          label={t('form.transactionNotification')}
          checked={values.transactionNotification}
          onChange={(checked) => set('transactionNotification', checked as T['transactionNotification'])}
        />
        <CheckboxField
          name="latestNewsNotification"
          label={t('form.latestNewsNotification')}
          checked={values.latestNewsNotification}
          onChange={(checked) => set('latestNewsNotification', checked as T['latestNewsNotification'])}
        />
      </Grid>
    </>
  );
}

/** The consent to the terms of use and the privacy policy a registration asks for (issue 25). */
export interface ConsentValues {
  acceptTerms: boolean;
}

/**
 * The required consent checkbox of both registration forms, with links to the terms of use and
 * the privacy policy (each opens in a new tab, so the form keeps what was typed) and their versions
 * (the ones the server stores with the account). Its message shows under it, tied to the checkbox.
 */
export function ConsentField<T extends ConsentValues>({ form }: { form: FormState<T> }) {
  const { t } = useTranslation();
  const hintId = useId();
  const errorId = useId();
  const message = form.errors.acceptTerms;
  const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <FormControl required error={Boolean(message)} sx={{ mt: 2, display: 'flex' }}>
      <FormControlLabel
        required
        control={
          <Checkbox
            name="acceptTerms"
            // An unticked box with a message is drawn in the error colour, like the text fields.
            sx={message ? { color: 'error.main' } : undefined}
            checked={form.values.acceptTerms}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              form.set('acceptTerms', event.target.checked as T['acceptTerms'])
            }
            slotProps={{
              input: {
                'aria-describedby': message ? `${hintId} ${errorId}` : hintId,
                'aria-invalid': message ? true : undefined,
                'aria-required': true,
              },
            }}
          />
        }
        label={t('legal.consent.label')}
      />
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ ml: 4 }}>
        <Trans
          i18nKey="legal.consent.hint"
          values={{
            termsVersion: LEGAL_DOCUMENT_VERSIONS.terms.version,
            privacyVersion: LEGAL_DOCUMENT_VERSIONS.privacy.version,
          }}
          components={{
            terms: <Link href={LEGAL_PATHS.terms} {...newTab} />,
            privacy: <Link href={LEGAL_PATHS.privacy} {...newTab} />,
          }}
        />
      </Typography>
      {message ? (
        <FormHelperText id={errorId} sx={{ ml: 4 }}>
          {message}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}

/**
 * The end of both registration forms: the submit button, the link to Login and the link to the other
 * registration form.
 */
export function RegistrationActions({
  submitLabel,
  submitting,
  otherText,
  otherLabel,
  otherTo,
}: {
  submitLabel: string;
  submitting: boolean;
  otherText: string;
  otherLabel: string;
  otherTo: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting} sx={{ mt: 3 }}>
        {submitLabel}
      </Button>
      <Typography sx={{ mt: 2, textAlign: 'center' }}>
        {t('auth.register.haveAccount')}{' '}
        <Link component={RouterLink} to="/login">
          {t('auth.register.login')}
        </Link>
      </Typography>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        {otherText}{' '}
        <Link component={RouterLink} to={otherTo}>
          {otherLabel}
        </Link>
      </Typography>
    </>
  );
}
