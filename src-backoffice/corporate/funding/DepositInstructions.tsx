import { Alert, Box, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { formatReference } from '../../../src-shared/rules/payments';
import { SectionCard } from '../../components/SectionCard';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import { CopyButton } from './CopyButton';
import { depositInstructionsKey } from './queries';

/** An IBAN in groups of four, as banks print it. */
export const groupIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

const Line = ({ label, value, copy }: { label: string; value: string; copy: string }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        <Typography
          variant="body1"
          component="div"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        >
          {value}
        </Typography>
        <CopyButton value={copy} label={translate(label)} />
      </Box>
    </Box>
  );
};

/**
 * Where the company sends money (GET /api/payments/deposit-instructions): the platform's
 * client-money account (beneficiary, IBAN, BIC) and the company's own RF reference, each with a
 * copy button. A transfer with the reference is credited when the bank statement is imported.
 */
export const DepositInstructions = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: depositInstructionsKey,
    queryFn: () => dataProvider.getDepositInstructions(),
  });
  return (
    <SectionCard title="app.payments.funding.deposit_title" heading="h2">
      {isPending ? (
        <Skeleton variant="rectangular" height={120} />
      ) : error || !data ? (
        <Alert severity="error">{translate('app.payments.funding.deposit_load_failed')}</Alert>
      ) : (
        <Stack spacing={1.5}>
          <Typography variant="body2">{translate('app.payments.funding.deposit_intro')}</Typography>
          <Line label="app.payments.funding.beneficiary" value={data.beneficiary} copy={data.beneficiary} />
          <Line label="app.payments.funding.iban" value={groupIban(data.iban)} copy={data.iban} />
          <Line label="app.payments.funding.bic" value={data.bic} copy={data.bic} />
          <Line
            label="app.payments.funding.reference"
            value={formatReference(data.reference)}
            copy={data.reference}
          />
          <Alert severity="info" role="note">
            {translate('app.payments.funding.reference_note')}
          </Alert>
        </Stack>
      )}
    </SectionCard>
  );
};
