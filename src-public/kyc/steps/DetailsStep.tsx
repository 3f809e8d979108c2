import { useMemo } from 'react';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { KYC_ADDRESS_MAX, nationalityOptions, todayIso } from '../kycForm';
import { helperProps, StepSection, type StepProps } from './StepSection';

/** The second step: date of birth (not after today), nationality (in the reader's language) and address. */
export function DetailsStep({ values, errors, setValue }: Pick<StepProps, 'values' | 'errors' | 'setValue'>) {
  const { t, i18n } = useTranslation();
  const nationalities = useMemo(() => nationalityOptions(i18n.language), [i18n.language]);
  const max = todayIso(new Date());
  return (
    <StepSection title={t('kyc.detailsSection')}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          required
          type="date"
          name="dateOfBirth"
          autoComplete="bday"
          label={t('kyc.dateOfBirth')}
          value={values.dateOfBirth}
          onChange={(event) => setValue('dateOfBirth', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max } }}
          {...helperProps(errors, 'dateOfBirth')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          fullWidth
          required
          name="nationality"
          label={t('kyc.nationality')}
          value={values.nationality}
          onChange={(event) => setValue('nationality', event.target.value)}
          {...helperProps(errors, 'nationality')}
        >
          {nationalities.map(({ code, label }) => (
            <MenuItem key={code} value={code} children={label} />
          ))}
        </TextField>
      </Grid>
      <Grid size={12}>
        <TextField
          fullWidth
          required
          multiline
          minRows={3}
          name="address"
          autoComplete="street-address"
          label={t('kyc.address')}
          value={values.address}
          onChange={(event) => setValue('address', event.target.value)}
          slotProps={{ htmlInput: { maxLength: KYC_ADDRESS_MAX } }}
          {...helperProps(errors, 'address', t('kyc.addressHint'))}
        />
      </Grid>
    </StepSection>
  );
}
