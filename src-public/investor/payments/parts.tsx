import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { PaymentFailure } from './paymentErrors';

/** Label and value of a review or receipt line. */
export function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function FailureNotice({ failure }: { failure: PaymentFailure }) {
  return (
    <Alert severity="error" role="alert">
      {failure.text}
      {failure.link ? (
        <>
          {' '}
          <Link component={RouterLink} to={failure.link.to}>
            {failure.link.label}
          </Link>
        </>
      ) : null}
    </Alert>
  );
}
