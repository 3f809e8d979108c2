import Alert from '@mui/material/Alert';

/** A form's failure that no field explains (announced at once), or nothing. */
export function FailureAlert({ failure }: { failure: string | null }) {
  return failure ? (
    <Alert severity="error" role="alert">
      {failure}
    </Alert>
  ) : null;
}
