import { Stack } from '@mui/material';
import { ListButton, Show, TopToolbar } from 'react-admin';
import { MoneyActions } from './MoneyActions';
import { ReviewForm } from './ReviewForm';
import { VentureDetails } from './VentureDetails';
import { VentureInvestments } from './VentureInvestments';

const Actions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

/**
 * Admin venture page (spec 2.7): images and read-only data, the review form, the money actions
 * (close funding, cancel with refunds, record a repayment) and the venture's investments.
 */
export const VentureShow = () => (
  <Show actions={<Actions />}>
    <Stack spacing={3} sx={{ p: { xs: 1, sm: 2 } }}>
      <VentureDetails />
      <ReviewForm />
      <MoneyActions />
      <VentureInvestments />
    </Stack>
  </Show>
);
