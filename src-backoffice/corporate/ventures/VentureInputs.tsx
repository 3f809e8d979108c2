import { Alert, Box, Grid, TextField, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  BooleanInput,
  DateInput,
  NumberInput,
  SelectInput,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { eurosToCents } from '../../../src-shared/money';
import { isBlank, loanToValueOf, MONEY_TERMS } from '../../../src-shared/rules/venture';
import { enumChoices } from '../../components/choices';
import { CountryInput } from '../../components/CountryInput';
import { useRequiredField, useVentureRule } from './useRequiredField';
import { SchedulePreview } from './SchedulePreview';
import { CREATE_REQUIRED_FIELDS, EDIT_REQUIRED_FIELDS, formatTags } from './ventureForm';

const REPAYMENT_TYPE_CHOICES = ['bullet', 'annuity', 'equal_principal'].map((id) => ({
  id,
  name: `app.corporate.repayment.type.${id}`,
}));
const FREQUENCY_CHOICES = ['monthly', 'quarterly'].map((id) => ({
  id,
  name: `app.corporate.repayment.frequency.${id}`,
}));

/** Every input of the form alike: small and with the same top margin (issue 30, item 9). Without it
 * react-admin's TextInput and SelectInput are MUI's medium size with different margins, and its
 * NumberInput small: Title and Country did not line up and the general fields were taller than
 * the terms. */
const FIELD = { size: 'small', margin: 'dense' } as const;

/**
 * Loan-to-value, computed from the target and the collateral value as they are typed and shown
 * read-only (issue 30, item 9; decision 0202): the server computes the same and refuses a value that
 * contradicts them. Not a form field: the form never sends it.
 */
const ComputedLoanToValue = () => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const [target, collateral] = useWatch({ name: ['targetAmount', 'collateralValue'] }) as unknown[];
  const targetCents = isBlank(target) ? null : eurosToCents(Number(target));
  const collateralCents = isBlank(collateral) ? null : eurosToCents(Number(collateral));
  const ltv =
    targetCents !== null && collateralCents !== null ? loanToValueOf(targetCents, collateralCents) : null;
  return (
    <TextField
      fullWidth
      {...FIELD}
      id="venture-loan-to-value"
      label={translate('loanToValue.label')}
      value={
        ltv === null
          ? ''
          : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(ltv / 100)
      }
      helperText={translate(ltv === null ? 'loanToValue.unknown' : 'loanToValue.helper')}
      slotProps={{ input: { readOnly: true } }}
    />
  );
};

/** The venture form shared by create and edit (spec 5). */
export const VentureInputs = ({ mode }: { mode: 'create' | 'edit' }) => {
  const translate = useTranslate();
  const requiredField = useRequiredField();
  const ventureRule = useVentureRule(mode);
  const requiredFields: readonly string[] = mode === 'create' ? CREATE_REQUIRED_FIELDS : EDIT_REQUIRED_FIELDS;
  // Required first, then the shared rules across fields (src-shared/rules/venture.ts).
  const rules = (field: string) =>
    requiredFields.includes(field) ? [requiredField(field), ventureRule(field)] : [ventureRule(field)];
  const isRequired = (field: string) => requiredFields.includes(field);
  // Spec 5 and the contract: once an approved venture holds money its terms are frozen (the server
  // answers 409); the form shows them read-only with the reason instead of offering a failing save.
  const record = useRecordContext<{
    adminStatus?: string;
    amountFunded?: number;
    lifecycleStatus?: string;
  }>();
  const approved = mode === 'edit' && record?.adminStatus === 'approved';
  const frozen =
    approved &&
    ((record?.amountFunded ?? 0) > 0 ||
      record?.lifecycleStatus === 'funded' ||
      record?.lifecycleStatus === 'repaid');
  const term = (field: string) =>
    frozen && (MONEY_TERMS as readonly string[]).includes(field) ? { readOnly: true } : {};
  // An approved venture does not go back to draft (the server refuses it).
  const visibilityChoices = enumChoices('visibility').map((choice) =>
    approved && choice.id === 'draft' ? { ...choice, disabled: true } : choice,
  );

  return (
    <Box sx={{ width: '100%', maxWidth: 960 }}>
      {frozen ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {translate('app.corporate.ventures.frozen_notice')}
        </Alert>
      ) : null}
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.corporate.ventures.section_general')}
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TextInput
            fullWidth
            {...FIELD}
            source="title"
            validate={rules('title')}
            isRequired={isRequired('title')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <CountryInput
            fullWidth
            {...FIELD}
            source="country"
            {...term('country')}
            validate={rules('country')}
            isRequired={isRequired('country')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SelectInput
            fullWidth
            {...FIELD}
            source="ventureType"
            {...term('ventureType')}
            choices={enumChoices('ventureType')}
            validate={rules('ventureType')}
            isRequired={isRequired('ventureType')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SelectInput
            fullWidth
            {...FIELD}
            source="riskLevel"
            {...term('riskLevel')}
            choices={enumChoices('riskLevel')}
            defaultValue="medium"
          />
        </Grid>
        {mode === 'edit' ? (
          <Grid size={{ xs: 12, md: 4 }}>
            <SelectInput
              fullWidth
              {...FIELD}
              source="visibility"
              choices={visibilityChoices}
              helperText="app.corporate.ventures.visibility_help"
            />
          </Grid>
        ) : null}
        <Grid size={12}>
          <TextInput
            fullWidth
            {...FIELD}
            source="shortDescription"
            multiline
            minRows={2}
            validate={rules('shortDescription')}
            isRequired={isRequired('shortDescription')}
          />
        </Grid>
        <Grid size={12}>
          <TextInput
            fullWidth
            {...FIELD}
            source="longDescription"
            multiline
            minRows={4}
            validate={rules('longDescription')}
            isRequired={isRequired('longDescription')}
          />
        </Grid>
      </Grid>

      <Typography variant="h6" component="h2" gutterBottom sx={{ mt: 2 }}>
        {translate('app.corporate.ventures.section_terms')}
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, md: 4 }}>
          <NumberInput
            fullWidth
            {...FIELD}
            source="targetAmount"
            {...term('targetAmount')}
            helperText="app.corporate.ventures.help_eur"
            step={0.01}
            min={0}
            validate={rules('targetAmount')}
            isRequired={isRequired('targetAmount')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <NumberInput
            fullWidth
            {...FIELD}
            source="minInvestmentAmount"
            {...term('minInvestmentAmount')}
            helperText="app.corporate.ventures.help_eur"
            step={0.01}
            min={0}
            validate={rules('minInvestmentAmount')}
            isRequired={isRequired('minInvestmentAmount')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <NumberInput
            fullWidth
            {...FIELD}
            source="maxInvestmentAmount"
            {...term('maxInvestmentAmount')}
            helperText="app.corporate.ventures.help_eur"
            step={0.01}
            min={0}
            validate={rules('maxInvestmentAmount')}
            isRequired={isRequired('maxInvestmentAmount')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <NumberInput
            fullWidth
            {...FIELD}
            source="expectedReturn"
            {...term('expectedReturn')}
            helperText="app.corporate.ventures.help_percent"
            step={0.01}
            min={0}
            max={100}
            validate={rules('expectedReturn')}
            isRequired={isRequired('expectedReturn')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <NumberInput
            fullWidth
            {...FIELD}
            source="investmentPeriod"
            {...term('investmentPeriod')}
            helperText="app.corporate.ventures.help_months"
            step={1}
            min={1}
            max={360}
            validate={rules('investmentPeriod')}
            isRequired={isRequired('investmentPeriod')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <DateInput
            fullWidth
            {...FIELD}
            source="closingDate"
            {...term('closingDate')}
            validate={rules('closingDate')}
            isRequired={isRequired('closingDate')}
          />
        </Grid>
        <Grid size={12}>
          <BooleanInput source="isConvertible" {...term('isConvertible')} defaultValue={false} />
        </Grid>
      </Grid>

      <Typography variant="h6" component="h2" gutterBottom sx={{ mt: 2 }}>
        {translate('app.corporate.repayment.section')}
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, md: 4 }}>
          <SelectInput
            fullWidth
            {...FIELD}
            source="repaymentType"
            label="app.corporate.repayment.repaymentType"
            {...term('repaymentType')}
            choices={REPAYMENT_TYPE_CHOICES}
            helperText="app.corporate.repayment.type_help"
            validate={rules('repaymentType')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SelectInput
            fullWidth
            {...FIELD}
            source="repaymentFrequency"
            label="app.corporate.repayment.repaymentFrequency"
            {...term('repaymentFrequency')}
            choices={FREQUENCY_CHOICES}
            helperText="app.corporate.repayment.frequency_help"
            validate={rules('repaymentFrequency')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <NumberInput
            fullWidth
            {...FIELD}
            source="gracePeriods"
            label="app.corporate.repayment.gracePeriods"
            {...term('gracePeriods')}
            helperText="app.corporate.repayment.grace_help"
            step={1}
            min={0}
            validate={rules('gracePeriods')}
          />
        </Grid>
        <Grid size={12}>
          <SchedulePreview />
        </Grid>
      </Grid>

      <Typography variant="h6" component="h2" gutterBottom sx={{ mt: 2 }}>
        {translate('app.corporate.ventures.section_collateral')}
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, md: 6 }}>
          <NumberInput
            fullWidth
            {...FIELD}
            source="collateralValue"
            {...term('collateralValue')}
            helperText="app.corporate.ventures.help_eur"
            step={0.01}
            min={0}
            validate={rules('collateralValue')}
            isRequired={isRequired('collateralValue')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ComputedLoanToValue />
        </Grid>
        <Grid size={12}>
          <TextInput
            fullWidth
            {...FIELD}
            source="collateralDescription"
            multiline
            minRows={3}
            validate={rules('collateralDescription')}
            isRequired={isRequired('collateralDescription')}
          />
        </Grid>
        <Grid size={12}>
          <TextInput
            fullWidth
            {...FIELD}
            source="tags"
            format={formatTags}
            parse={(value: string) => value}
            helperText="app.corporate.ventures.tags_help"
          />
        </Grid>
      </Grid>
    </Box>
  );
};
