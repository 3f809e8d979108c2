import { Box, Grid, Typography } from '@mui/material';
import { BooleanInput, DateInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { enumChoices } from '../../components/choices';
import { CountryInput } from '../../components/CountryInput';
import { useRequiredField, useVentureRule } from './useRequiredField';
import { CREATE_REQUIRED_FIELDS, EDIT_REQUIRED_FIELDS, formatTags } from './ventureForm';

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

  return (
    <Box sx={{ width: '100%', maxWidth: 960 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.corporate.ventures.section_general')}
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TextInput fullWidth source="title" validate={rules('title')} isRequired={isRequired('title')} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <CountryInput
            fullWidth
            source="country"
            validate={rules('country')}
            isRequired={isRequired('country')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SelectInput
            fullWidth
            source="ventureType"
            choices={enumChoices('ventureType')}
            validate={rules('ventureType')}
            isRequired={isRequired('ventureType')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SelectInput
            fullWidth
            source="riskLevel"
            choices={enumChoices('riskLevel')}
            defaultValue="medium"
          />
        </Grid>
        {mode === 'edit' ? (
          <Grid size={{ xs: 12, md: 4 }}>
            <SelectInput
              fullWidth
              source="visibility"
              choices={enumChoices('visibility')}
              helperText="app.corporate.ventures.visibility_help"
            />
          </Grid>
        ) : null}
        <Grid size={12}>
          <TextInput
            fullWidth
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
            source="targetAmount"
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
            source="minInvestmentAmount"
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
            source="maxInvestmentAmount"
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
            source="expectedReturn"
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
            source="investmentPeriod"
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
            source="closingDate"
            validate={rules('closingDate')}
            isRequired={isRequired('closingDate')}
          />
        </Grid>
        <Grid size={12}>
          <BooleanInput source="isConvertible" defaultValue={false} />
        </Grid>
      </Grid>

      <Typography variant="h6" component="h2" gutterBottom sx={{ mt: 2 }}>
        {translate('app.corporate.ventures.section_collateral')}
      </Typography>
      <Grid container columnSpacing={2} rowSpacing={1}>
        <Grid size={{ xs: 12, md: 6 }}>
          <NumberInput
            fullWidth
            source="collateralValue"
            helperText="app.corporate.ventures.help_eur"
            step={0.01}
            min={0}
            validate={rules('collateralValue')}
            isRequired={isRequired('collateralValue')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <NumberInput
            fullWidth
            source="loanToValue"
            helperText="app.corporate.ventures.help_percent"
            step={0.01}
            min={0}
            max={100}
            validate={rules('loanToValue')}
            isRequired={isRequired('loanToValue')}
          />
        </Grid>
        <Grid size={12}>
          <TextInput
            fullWidth
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
