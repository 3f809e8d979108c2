import { Alert, Stack } from '@mui/material';
import { EditButton, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { VentureDetails, type VentureRecord } from '../../resources/ventures/VentureDetails';

const Actions = () => (
  <TopToolbar>
    <ListButton />
    <EditButton label="app.corporate.ventures.edit_details" />
  </TopToolbar>
);

/** The reviewer's notes, when there are any. */
const AdminNotes = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  if (!record?.adminNotes) return null;
  return (
    <Alert severity="warning" variant="outlined">
      <strong>{translate('resources.ventures.fields.adminNotes')}:</strong> {record.adminNotes}
    </Alert>
  );
};

/** The corporate venture page (spec 2.6). */
export const VentureShow = () => (
  <Show actions={<Actions />}>
    <Stack spacing={2} sx={{ p: 2 }}>
      <AdminNotes />
      <VentureDetails />
    </Stack>
  </Show>
);
