import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { AuthCard } from './AuthCard';
import { HydratedForm } from '../../components/HydratedForm';
import {
  ConsentField,
  defaultPreferences,
  EMPTY_INVESTOR_ADDRESS,
  EMPTY_PASSWORDS,
  EMPTY_PERSONAL,
  INVESTOR_ADDRESS_KEYS,
  InvestorAddressFields,
  PASSWORD_KEYS,
  PasswordFields,
  PERSONAL_KEYS,
  PersonalFields,
  PreferencesFields,
  RegistrationActions,
  type InvestorAddress,
  type ConsentValues,
  type PasswordValues,
  type PersonalValues,
  type Preferences,
} from '../form/formSections';
import type { RegisterBody } from '../../../src-shared/api/types';
import { useRegister } from './api';
import { useRegistration } from './useRegistration';

type RegisterForm = PersonalValues & InvestorAddress & Preferences & PasswordValues & ConsentValues;

/** Spec 3: newsletter monthly, both notifications off; the consent not yet given. */
const INITIAL: RegisterForm = {
  ...EMPTY_PERSONAL,
  ...EMPTY_INVESTOR_ADDRESS,
  ...defaultPreferences('monthly'),
  ...EMPTY_PASSWORDS,
  acceptTerms: false,
};

/** Spec 5: every field but the preferences. */
const REQUIRED = [...PERSONAL_KEYS, ...INVESTOR_ADDRESS_KEYS, ...PASSWORD_KEYS] as const;

/**
 * Investor registration (spec 2.4, 3 and 5): the country drives the city list and changing it
 * clears the city. Success: toast, then the e-mail verification screen for the entered address.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { mutateAsync: register } = useRegister();
  const { form, formRef, submitting, submit } = useRegistration(INITIAL, {
    // The country comes from the select's list (the server checks it again).
    send: (payload) =>
      register({ ...payload, countryName: payload.countryName as RegisterBody['countryName'] }),
    required: REQUIRED,
    lengthMessageKey: 'auth.errors.passwordShouldBe8',
    successKey: 'auth.register.success',
  });

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} maxWidth="md">
      <HydratedForm ref={formRef} onSubmit={submit} noValidate>
        <Grid container spacing={2}>
          <PersonalFields bind={form.bind} />
          <InvestorAddressFields form={form} />
          <PasswordFields bind={form.bind} />
          <PreferencesFields form={form} />
        </Grid>
        <ConsentField form={form} />
        <RegistrationActions
          submitLabel={t('auth.register.submit')}
          submitting={submitting}
          otherText={t('auth.register.isCompany')}
          otherLabel={t('auth.register.corporateLink')}
          otherTo="/register-corporate"
        />
      </HydratedForm>
    </AuthCard>
  );
}

export { RegisterPage as Component };
