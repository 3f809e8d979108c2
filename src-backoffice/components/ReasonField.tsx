import { TextField } from '@mui/material';

interface ReasonFieldProps {
  label: string;
  /** Shown under the field while there is no error. */
  help: string;
  value: string;
  /** The refusal to show instead of the help (a missing reason), or null. */
  error: string | null;
  onChange(value: string): void;
}

/** The required reason of a refusal or a cancellation in a confirmation dialog (1,000 characters). */
export const ReasonField = ({ label, help, value, error, onChange }: ReasonFieldProps) => (
  <TextField
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    required
    fullWidth
    multiline
    minRows={2}
    margin="dense"
    error={error !== null}
    helperText={error ?? help}
    slotProps={{ htmlInput: { maxLength: 1000 } }}
  />
);
