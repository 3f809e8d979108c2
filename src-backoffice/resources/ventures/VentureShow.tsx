import { Stack } from '@mui/material';
import { ListButton, Show, TopToolbar } from 'react-admin';
import { SectionCard } from '../../components/SectionCard';
import { AuditHistory } from '../audit/AuditHistory';
import { MoneyActions } from './MoneyActions';
import { ReviewActions } from './ReviewActions';
import { RevisionReview } from './Revision';
import { VentureDetails } from './VentureDetails';
import { VentureInvestments } from './VentureInvestments';
import { VentureKiis } from './VentureKiis';

const Actions = () => (
  <TopToolbar>
    <ReviewActions />
    <ListButton />
  </TopToolbar>
);

/**
 * Admin venture page (spec 2.7): the review decision in the top toolbar (issue 30; approval refused
 * while the key investment information sheet is incomplete), images and read-only data, the sheet's
 * state, the money actions
 * (close funding, cancel with refunds, record a repayment), the venture's investments and its
 * history (the audit log's rows about it, newest first; issue 26).
 */
export const VentureShow = () => (
  <Show actions={<Actions />}>
    <Stack spacing={3} sx={{ p: { xs: 1, sm: 2 } }}>
      <VentureDetails />
      <VentureKiis />
      <RevisionReview />
      <MoneyActions />
      <VentureInvestments />
      <SectionCard title="app.audit.tab_history">
        <AuditHistory targetType="venture" />
      </SectionCard>
    </Stack>
  </Show>
);
