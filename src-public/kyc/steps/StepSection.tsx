import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { KycFileField } from '../../../src-shared/constants/kyc';
import type { KycFiles, KycFormValues } from '../kycForm';

/** What every step of the form gets from it: the values, their messages and the ways to change them. */
export interface StepProps {
  values: KycFormValues;
  files: KycFiles;
  errors: Record<string, string>;
  submitting: boolean;
  setValue: <K extends keyof KycFormValues>(key: K, value: KycFormValues[K]) => void;
  setFile: (field: KycFileField, file: File) => void;
}

/** A field's message (or its hint while it has none), as TextField props. */
export function helperProps(errors: Record<string, string>, field: keyof KycFormValues, hint?: string) {
  return errors[field] ? { error: true, helperText: errors[field] } : hint ? { helperText: hint } : {};
}

/** One step of the form: an outlined card with its heading over a grid of fields. */
export function StepSection({
  title,
  first,
  children,
}: {
  title: string;
  first?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, ...(first ? {} : { mt: 3 }) }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Paper>
  );
}
