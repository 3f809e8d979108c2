import { Box, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { DepositInstructions } from './DepositInstructions';
import { MyWithdrawals } from './MyWithdrawals';
import { TransactionsExport } from './TransactionsExport';
import { WithdrawSection } from './WithdrawSection';

/**
 * The company's Funding page (issue 27): how to deposit (the platform's account and its own RF
 * reference), the withdrawal form to its registered bank account, its withdrawals, and its
 * transactions as CSV (issue 28). The bank account itself is registered in the profile.
 */
export const FundingPage = () => {
  const queryClient = useQueryClient();
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="app.payments.funding.title" />
      <Stack spacing={2}>
        <DepositInstructions />
        <WithdrawSection
          onRequested={() => void queryClient.invalidateQueries({ queryKey: ['withdrawals'] })}
        />
        <MyWithdrawals />
        <TransactionsExport />
      </Stack>
    </Box>
  );
};
