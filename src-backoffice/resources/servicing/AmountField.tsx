import { TextField } from '@mui/material';
import type { TypedText } from '../../components/useTypedText';

interface AmountFieldProps {
  label: string;
  help: string;
  text: TypedText;
  required?: boolean;
  /** The refusal shown when the typed text is not an amount (on leaving the field). */
  invalid?: string;
  isValid: boolean;
}

/** An amount of euros typed in a dialog ('1234.5', '1234,50'). */
export const AmountField = ({ label, help, text, required = true, invalid, isValid }: AmountFieldProps) => (
  <TextField
    label={label}
    value={text.value}
    onChange={(event) => text.onChange(event.target.value)}
    onBlur={() => {
      if (invalid && text.value.trim() !== '' && !isValid) text.setError(invalid);
    }}
    required={required}
    fullWidth
    margin="dense"
    error={text.error !== null}
    helperText={text.error ?? help}
    slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
  />
);
