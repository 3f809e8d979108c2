import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  Form,
  SelectInput,
  TextInput,
  required,
  useCanAccess,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { enumChoices } from '../../components/choices';
import { errorText, fieldErrors } from '../../components/errors';
import type { VentureRecord } from './VentureDetails';

type ReviewValues = Pick<VentureRecord, 'adminStatus' | 'adminNotes'>;

/**
 * The admin review form (spec 2.7): adminStatus and adminNotes, saved through
 * PATCH /api/ventures/admin/{id}/admin-status-update; 'Updated successfully' or 'Save failed'.
 */
export const ReviewForm = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<VentureRecord>();
  const { canAccess } = useCanAccess({ resource: 'ventures', action: 'edit', record });
  if (!record || !canAccess) return null;

  const onSubmit = async (values: Record<string, unknown>) => {
    const data = values as unknown as ReviewValues;
    try {
      await update(
        'ventures',
        {
          id: record.id,
          data: { adminStatus: data.adminStatus, adminNotes: data.adminNotes ?? '' },
          previousData: record,
        },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('app.notification.updated', { type: 'success' });
    } catch (error) {
      notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
      return fieldErrors(error);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('app.ventures.review')}
        </Typography>
        <Form
          key={record.id}
          record={{ adminStatus: record.adminStatus ?? 'pending', adminNotes: record.adminNotes ?? '' }}
          onSubmit={onSubmit}
        >
          <Stack spacing={1} sx={{ maxWidth: 560 }}>
            <SelectInput
              source="adminStatus"
              resource="ventures"
              choices={enumChoices('adminStatus')}
              validate={required()}
            />
            <TextInput source="adminNotes" resource="ventures" multiline minRows={3} />
            <Box>
              <Button type="submit" variant="contained" disabled={isPending}>
                {translate('ra.action.save')}
              </Button>
            </Box>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
};
