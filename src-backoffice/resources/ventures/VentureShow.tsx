import { Stack } from '@mui/material';
import { ListButton, Show, TopToolbar } from 'react-admin';
import { ReviewForm } from './ReviewForm';
import { VentureDetails } from './VentureDetails';

const Actions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

/** Admin venture page: read-only data and the review form (spec 2.7). */
export const VentureShow = () => (
  <Show actions={<Actions />}>
    <Stack spacing={3} sx={{ p: 2 }}>
      <VentureDetails />
      <ReviewForm />
    </Stack>
  </Show>
);
