import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

/** A query's state above what it loads: a status line while it loads, the error once it failed. */
export function QueryStatus({
  pending,
  loading,
  failed,
  mt = 3,
}: {
  pending: boolean;
  loading: string;
  failed: string | null;
  mt?: number;
}) {
  return (
    <>
      {pending ? (
        <Typography role="status" color="text.secondary" sx={{ mt }}>
          {loading}
        </Typography>
      ) : null}
      {failed ? (
        <Alert severity="error" sx={{ mt }}>
          {failed}
        </Alert>
      ) : null}
    </>
  );
}
