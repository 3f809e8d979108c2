import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BooleanInput,
  Loading,
  PasswordInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Title,
  Toolbar,
  email,
  required,
  useAuthProvider,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useTranslate,
} from 'react-admin';
import { AFRICAN_COUNTRIES, LEGAL_FORMS } from '../../../src-shared/constants/countries';
import { enumChoices } from '../../components/choices';
import { SecondFactorProfile } from '../../components/SecondFactorProfile';
import { BankAccountSection } from '../funding/BankAccountSection';
import { errorText, fieldErrors } from '../../components/errors';
import type { BackofficeAuthProvider } from '../../providers/authProvider';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import { toProfilePayload, validateProfile } from './profileForm';

const ProfileToolbar = () => (
  <Toolbar>
    <SaveButton alwaysEnable={false} />
  </Toolbar>
);

/** The corporate registration's countries (spec 3), plus the account's own if it is another one. */
function countryChoices(current: unknown): { id: string; name: string }[] {
  const choices = AFRICAN_COUNTRIES.map(({ name }) => ({ id: name, name }));
  if (typeof current === 'string' && current !== '' && !choices.some((choice) => choice.id === current))
    choices.unshift({ id: current, name: current });
  return choices;
}

/** Corporate profile (spec 2.6: like the investor profile without city, plus the company's fields). */
export const ProfilePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const authProvider = useAuthProvider() as BackofficeAuthProvider | undefined;
  const { refetch: refetchIdentity } = useGetIdentity();
  const queryClient = useQueryClient();
  const {
    data: profile,
    isPending,
    error,
  } = useQuery({
    queryKey: ['backoffice', 'profile'],
    queryFn: () => dataProvider.getProfile(),
  });

  if (isPending) return <Loading />;
  if (error || !profile) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title="app.menu.profile" />
        <Typography color="error">{translate('app.profile.load_failed')}</Typography>
      </Box>
    );
  }

  const onSubmit = async (values: Record<string, unknown>) => {
    try {
      const result = await dataProvider.updateProfile(toProfilePayload(values));
      notify('app.profile.updated', { type: 'success' });
      if (result?.data) {
        authProvider?.setProfile?.(result.data);
        queryClient.setQueryData(['backoffice', 'profile'], result.data);
        void refetchIdentity();
      }
    } catch (err) {
      // Already in the reader's language: the dataProvider translates the error's code.
      const message = errorText(err, '');
      if (message) notify('app.profile.update_failed', { type: 'error', messageArgs: { message } });
      else notify('app.profile.update_failed_plain', { type: 'error' });
      return fieldErrors(err);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="app.menu.profile" />
      <Card>
        <CardContent>
          <SimpleForm
            record={{ ...profile, currentPassword: '', newPassword: '', confirmPassword: '' }}
            onSubmit={onSubmit}
            validate={validateProfile}
            toolbar={<ProfileToolbar />}
            resource="profile"
            sx={{ p: 0 }}
          >
            <Typography variant="h6" component="h2">
              {translate('app.profile.personal')}
            </Typography>
            <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%', maxWidth: 900 }}>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextInput fullWidth source="firstName" validate={required()} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextInput fullWidth source="lastName" validate={required()} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextInput fullWidth source="email" type="email" validate={[required(), email()]} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextInput fullWidth source="phone" type="tel" validate={required()} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <SelectInput
                  fullWidth
                  source="countryName"
                  choices={countryChoices(profile.countryName)}
                  translateChoice={false}
                  validate={required()}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextInput fullWidth source="address" validate={required()} />
              </Grid>
            </Grid>
            <Typography variant="h6" component="h2">
              {translate('app.profile.company')}
            </Typography>
            <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%', maxWidth: 900 }}>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextInput fullWidth source="companyName" validate={required()} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <SelectInput
                  fullWidth
                  source="legalForm"
                  choices={LEGAL_FORMS.map((form) => ({ id: form, name: form }))}
                  translateChoice={false}
                  validate={required()}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextInput fullWidth source="registrationNumber" validate={required()} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextInput fullWidth source="registeredAddress" validate={required()} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextInput fullWidth source="companyEmail" type="email" validate={[required(), email()]} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextInput fullWidth source="companyPhone" type="tel" validate={required()} />
              </Grid>
            </Grid>
            <Typography variant="h6" component="h2">
              {translate('app.profile.preferences')}
            </Typography>
            <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%', maxWidth: 900 }}>
              <Grid size={{ xs: 12, md: 6 }}>
                <SelectInput
                  fullWidth
                  source="newsletterFrequency"
                  choices={enumChoices('newsletterFrequency')}
                />
              </Grid>
              <Grid size={12}>
                <BooleanInput source="transactionNotification" />
                <BooleanInput source="latestNewsNotification" />
              </Grid>
            </Grid>
            <Typography variant="h6" component="h2">
              {translate('app.profile.change_password')}
            </Typography>
            <Grid container columnSpacing={2} rowSpacing={1} sx={{ width: '100%', maxWidth: 900 }}>
              <Grid size={{ xs: 12, md: 4 }}>
                <PasswordInput fullWidth source="currentPassword" autoComplete="current-password" />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <PasswordInput fullWidth source="newPassword" autoComplete="new-password" />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <PasswordInput fullWidth source="confirmPassword" autoComplete="new-password" />
              </Grid>
            </Grid>
          </SimpleForm>
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <BankAccountSection />
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <SecondFactorProfile
            enabled={profile.secondFactorEnabled}
            role={profile.role}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: ['backoffice', 'profile'] })}
          />
        </CardContent>
      </Card>
    </Box>
  );
};
