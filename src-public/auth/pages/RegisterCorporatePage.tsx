import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  AFRICAN_COUNTRIES,
  LEGAL_FORM_LABEL_KEYS,
  LEGAL_FORMS,
} from '../../../src-shared/constants/countries';
import { AuthCard } from './AuthCard';
import { CountrySelect, Field } from '../form/fields';
import {
  ConsentField,
  defaultPreferences,
  EMPTY_PASSWORDS,
  EMPTY_PERSONAL,
  PASSWORD_KEYS,
  PasswordFields,
  PERSONAL_KEYS,
  PersonalFields,
  PreferencesFields,
  RegistrationActions,
  type ConsentValues,
  type PasswordValues,
  type PersonalValues,
  type Preferences,
} from '../form/formSections';
import type { RegisterCorporateBody } from '../../../src-shared/api/types';
import { useRegisterCorporate } from './api';
import { useRegistration } from './useRegistration';

interface CorporateForm extends PersonalValues, Preferences, PasswordValues, ConsentValues {
  companyName: string;
  legalForm: string;
  registrationNumber: string;
  countryName: string;
  registeredAddress: string;
  companyEmail: string;
  companyPhone: string;
}

const INITIAL: CorporateForm = {
  ...EMPTY_PERSONAL,
  companyName: '',
  legalForm: '',
  registrationNumber: '',
  countryName: '',
  registeredAddress: '',
  companyEmail: '',
  companyPhone: '',
  ...defaultPreferences('weekly'),
  ...EMPTY_PASSWORDS,
  acceptTerms: false,
};

const REQUIRED = [
  ...PERSONAL_KEYS,
  'companyName',
  'legalForm',
  'registrationNumber',
  'countryName',
  'registeredAddress',
  'companyEmail',
  'companyPhone',
  ...PASSWORD_KEYS,
] as const;

/**
 * Corporate registration (spec 2.4, 3 and 5): contact person, company fields, an African country
 * (no city), legal form; newsletter weekly by default.
 */
export function RegisterCorporatePage() {
  const { t } = useTranslation();
  const { mutateAsync: register } = useRegisterCorporate();
  const { form, formRef, submitting, submit } = useRegistration(INITIAL, {
    // The country and the legal form come from the selects' lists (the server checks them again).
    send: (payload) =>
      register({
        ...payload,
        countryName: payload.countryName as RegisterCorporateBody['countryName'],
        legalForm: payload.legalForm as RegisterCorporateBody['legalForm'],
      }),
    required: REQUIRED,
    lengthMessageKey: 'auth.errors.passwordMustBe8',
    successKey: 'auth.registerCorporate.success',
  });
  const { values, set, bind, errorOf } = form;

  return (
    <AuthCard
      title={t('auth.registerCorporate.title')}
      subtitle={t('auth.registerCorporate.subtitle')}
      maxWidth="md"
    >
      <Box component="form" ref={formRef} onSubmit={submit} noValidate>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
          {t('auth.registerCorporate.personal')}
        </Typography>
        <Grid container spacing={2}>
          <PersonalFields bind={bind} />
        </Grid>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 4, mb: 2 }}>
          {t('auth.registerCorporate.company')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field {...bind('companyName', t('form.companyName'))} required autoComplete="organization" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field {...bind('legalForm', t('form.legalForm'))} select required>
              {LEGAL_FORMS.map((legalForm) => {
                const labelKey = LEGAL_FORM_LABEL_KEYS[legalForm];
                return (
                  <MenuItem key={legalForm} value={legalForm}>
                    {labelKey ? t(labelKey) : legalForm}
                  </MenuItem>
                );
              })}
            </Field>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field {...bind('registrationNumber', t('form.registrationNumber'))} required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CountrySelect
              countries={AFRICAN_COUNTRIES}
              label={t('form.country')}
              value={values.countryName}
              {...errorOf('countryName')}
              onChange={(value) => set('countryName', value)}
            />
          </Grid>
          <Grid size={12}>
            <Field {...bind('registeredAddress', t('form.registeredAddress'))} required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field {...bind('companyEmail', t('form.companyEmail'))} required type="email" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field {...bind('companyPhone', t('form.companyPhone'))} required type="tel" />
          </Grid>
        </Grid>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 4, mb: 2 }}>
          {t('auth.registerCorporate.security')}
        </Typography>
        <Grid container spacing={2}>
          <PasswordFields bind={bind} />
          <PreferencesFields form={form} />
        </Grid>
        <ConsentField form={form} />
        <RegistrationActions
          submitLabel={t('auth.registerCorporate.submit')}
          submitting={submitting}
          otherText={t('auth.registerCorporate.isInvestor')}
          otherLabel={t('auth.registerCorporate.investorLink')}
          otherTo="/register"
        />
      </Box>
    </AuthCard>
  );
}

export { RegisterCorporatePage as Component };
