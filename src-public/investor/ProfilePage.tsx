import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { User } from '../../src-shared/api/types';
import { translateError, translateFieldErrors } from '../../src-shared/i18n/errors';
import { useAuth } from '../auth/session/AuthProvider';
import { CodeField, PasswordField } from '../auth/form/fields';
import {
  INVESTOR_ADDRESS_KEYS,
  InvestorAddressFields,
  PERSONAL_KEYS,
  PersonalFields,
  PreferencesFields,
  type InvestorAddress,
  type PersonalValues,
  type Preferences,
} from '../auth/form/formSections';
import { errorProps, useFocusFirst, useForm } from '../auth/form/useForm';
import { isValidEmail, requiredProblems, toastKeyOf, trimAll } from '../auth/form/validation';
import { Page } from '../components/Page';
import { APP_TOAST_MS, useToast } from '../components/ToastProvider';
import { failureText } from '../lib/errors';
import { useConfirmEmail, useUpdateProfile } from './api';
import { BankAccountSection } from './payments/BankAccountSection';
import { SecondFactorSection } from './SecondFactorSection';

interface ProfileForm extends PersonalValues, InvestorAddress, Preferences {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Spec 5, profile: required for investors (city included). */
const REQUIRED = [...PERSONAL_KEYS, ...INVESTOR_ADDRESS_KEYS] as const;

function fromUser(user: User | null): ProfileForm {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    countryName: user?.countryName ?? '',
    city: user?.city ?? '',
    address: user?.address ?? '',
    newsletterFrequency: user?.newsletterFrequency ?? 'monthly',
    transactionNotification: user?.transactionNotification ?? false,
    latestNewsNotification: user?.latestNewsNotification ?? false,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

/**
 * The body of PUT /api/profile/update (spec 5): the profile fields, and `currentPassword` +
 * `newPassword` only when both are filled in (if either is empty, neither is sent).
 */
function profileUpdateBody(values: ProfileForm) {
  const { currentPassword, newPassword, confirmPassword: _confirmation, ...profile } = values;
  return currentPassword && newPassword ? { ...profile, currentPassword, newPassword } : profile;
}

/**
 * The investor profile (spec 2.5 and 5, /user/profile): personal fields, country -> city, newsletter
 * frequency, the two notification checkboxes and the password change. A changed e-mail address
 * takes effect only after the code sent to the new address is entered here. Below the form, the
 * bank account for withdrawals (issue 27, `#bank-account`) and the second factor.
 */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { mutateAsync: updateProfile } = useUpdateProfile();
  const toast = useToast();
  const { user, refresh, setUser } = useAuth();
  const form = useForm<ProfileForm>(() => fromUser(user));
  const { values, setValues, bind, setErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);

  const focusFirst = useFocusFirst(formRef);
  /** Shows `messages` under their fields and focuses the first of them in the page's order. */
  const showFieldMessages = (messages: Record<string, string>) => {
    setErrors(messages);
    focusFirst(Object.keys(messages));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = trimAll(values);
    // Every problem at once (issue 25), the spec's checks (section 5) on the filled fields.
    const problems = requiredProblems(trimmed, REQUIRED);
    if (!problems.email && !isValidEmail(trimmed.email)) problems.email = 'auth.errors.invalidEmail';
    if (trimmed.newPassword !== trimmed.confirmPassword)
      problems.confirmPassword = 'auth.errors.passwordMismatch';
    const toastKey = toastKeyOf(problems, ['email', 'confirmPassword']);
    if (toastKey) {
      showFieldMessages(
        Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key ?? '')])),
      );
      toast.error(t(toastKey), APP_TOAST_MS);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const response = await updateProfile(profileUpdateBody(trimmed));
      toast.success(t('investor.profile.success'), APP_TOAST_MS);
      const updated = response?.data ?? (await refresh());
      if (response?.data) setUser(response.data);
      setValues(fromUser(updated ?? user));
    } catch (error) {
      showFieldMessages(translateFieldErrors(i18n, error));
      // Spec 8: 'Failed to update profile. Message: ...' with the refusal translated by its code,
      // else the generic 'Something went wrong.'.
      const reason = failureText(i18n, error, {
        fallback: translateError(i18n, undefined),
        noResponse: t('auth.errors.noResponse'),
      });
      toast.error(t('investor.profile.failedWithMessage', { message: reason }), APP_TOAST_MS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title={t('investor.profile.title')} maxWidth="md">
      {user?.pendingEmail ? (
        <ConfirmEmailChange
          pendingEmail={user.pendingEmail}
          onConfirmed={(updated) => setValues((previous) => ({ ...previous, email: updated.email }))}
        />
      ) : null}
      <Box component="form" ref={formRef} onSubmit={submit} noValidate sx={{ mt: 3 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
            {t('investor.profile.personal')}
          </Typography>
          <Grid container spacing={2}>
            <PersonalFields bind={bind} />
            <InvestorAddressFields form={form} />
          </Grid>
        </Paper>

        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
            {t('investor.profile.notifications')}
          </Typography>
          <Grid container spacing={2}>
            <PreferencesFields form={form} />
          </Grid>
        </Paper>

        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('investor.profile.passwordTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('investor.profile.passwordHint')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <PasswordField
                {...bind('currentPassword', t('form.currentPassword'))}
                autoComplete="current-password"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <PasswordField {...bind('newPassword', t('form.newPassword'))} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <PasswordField {...bind('confirmPassword', t('form.confirmPassword'))} />
            </Grid>
          </Grid>
        </Paper>

        <Button type="submit" variant="contained" size="large" disabled={saving} sx={{ mt: 3 }}>
          {saving ? t('investor.profile.saving') : t('investor.profile.save')}
        </Button>
      </Box>
      <BankAccountSection />
      <SecondFactorSection />
    </Page>
  );
}

/**
 * The notice of an e-mail change waiting for its code (POST /api/profile/confirm-email { token });
 * on success the profile is fetched again, so the new address shows everywhere.
 */
function ConfirmEmailChange({
  pendingEmail,
  onConfirmed,
}: {
  pendingEmail: string;
  onConfirmed: (user: User) => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { refresh, setUser } = useAuth();
  const { mutateAsync: confirmEmail } = useConfirmEmail();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const token = code.trim();
    if (!token) {
      setCodeError(t('investor.profile.codeRequired'));
      toast.error(t('investor.profile.codeRequired'), APP_TOAST_MS);
      return;
    }
    setCodeError(undefined);
    setConfirming(true);
    try {
      const response = await confirmEmail(token);
      toast.success(t('investor.profile.emailUpdated'), APP_TOAST_MS);
      const updated = (await refresh()) ?? response?.data ?? null;
      if (updated) {
        setUser(updated);
        onConfirmed(updated);
      }
    } catch (error) {
      const message = failureText(i18n, error, {
        fallback: t('investor.profile.confirmEmailFailed'),
        noResponse: t('auth.errors.noResponse'),
      });
      setCodeError(translateFieldErrors(i18n, error).token ?? message);
      toast.error(message, APP_TOAST_MS);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Alert severity="info" role="region" aria-label={t('investor.profile.emailPendingTitle')} sx={{ mt: 3 }}>
      <AlertTitle>{t('investor.profile.emailPendingTitle')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('investor.profile.emailPending', { email: pendingEmail })}
      </Typography>
      <Box
        component="form"
        onSubmit={confirm}
        noValidate
        aria-label={t('investor.profile.emailPendingTitle')}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <CodeField
          label={t('investor.profile.emailCode')}
          name="emailCode"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeError(undefined);
          }}
          size="small"
          fullWidth={false}
          {...errorProps(codeError)}
        />
        <Button type="submit" variant="contained" disabled={confirming}>
          {confirming ? t('investor.profile.confirmingEmail') : t('investor.profile.confirmEmail')}
        </Button>
      </Box>
    </Alert>
  );
}

export { ProfilePage as Component };
