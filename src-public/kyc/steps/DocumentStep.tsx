import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  KYC_DOCUMENT_TYPES,
  type KycDocumentType,
  type KycFileField,
} from '../../../src-shared/constants/kyc';
import { FileDropZone } from '../FileDropZone';
import { isDocumentType, needsBack, type KycFormValues } from '../kycForm';
import { helperProps, StepSection, type StepProps } from './StepSection';

/**
 * The first step: the document's type (those the session offers, every type when it names none),
 * its front, its back (for a type that has one) and a selfie.
 */
export function DocumentStep({
  documentTypes,
  values,
  files,
  errors,
  submitting,
  setValue,
  setFile,
}: StepProps & { documentTypes: readonly string[] }) {
  const { t } = useTranslation();
  const sessionTypes = documentTypes.filter(isDocumentType);
  const offered: readonly KycDocumentType[] = sessionTypes.length > 0 ? sessionTypes : KYC_DOCUMENT_TYPES;
  const withBack = needsBack(values.documentType);
  const zone = (name: KycFileField, label: string, hint?: string) => (
    <FileDropZone
      name={name}
      label={label}
      hint={hint}
      file={files[name]}
      onFile={(file) => setFile(name, file)}
      error={errors[name]}
      disabled={submitting}
    />
  );
  return (
    <StepSection title={t('kyc.documentSection')} first>
      <Grid size={12}>
        <TextField
          select
          fullWidth
          required
          name="documentType"
          label={t('kyc.documentType')}
          value={values.documentType}
          onChange={(event) => setValue('documentType', event.target.value as KycFormValues['documentType'])}
          {...helperProps(errors, 'documentType')}
        >
          {offered.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`kyc.documentTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: withBack ? 6 : 12 }}>{zone('documentFront', t('kyc.front'))}</Grid>
      {withBack ? <Grid size={{ xs: 12, sm: 6 }}>{zone('documentBack', t('kyc.back'))}</Grid> : null}
      <Grid size={12}>{zone('selfie', t('kyc.selfie'), t('kyc.selfieHint'))}</Grid>
    </StepSection>
  );
}
