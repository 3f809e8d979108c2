import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  Confirm,
  Form,
  HttpError,
  SelectInput,
  TextInput,
  required,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { enumChoices } from '../../components/choices';
import { errorText, fieldErrors } from '../../components/errors';
import { SectionCard } from '../../components/SectionCard';
import type { VentureRecord } from './ventureRecord';
import { useKiisFieldNames, ventureKiisKey } from './VentureKiis';

/** The fields a refused approval names (409 venture.kiis_incomplete), else null. */
function kiisRefusal(error: unknown): string[] | null {
  if (!(error instanceof HttpError)) return null;
  const body = error.body as { code?: string; errors?: Record<string, string> } | null;
  return body?.code === 'venture.kiis_incomplete' ? Object.keys(body.errors ?? {}) : null;
}

type ReviewValues = Pick<VentureRecord, 'adminStatus' | 'adminNotes'>;

/** Notes are required to reject (the server answers 400 venture.reject_notes_required too). */
export function notesRequiredToReject(value: unknown, values: Record<string, unknown>): string | undefined {
  if (values?.adminStatus !== 'rejected') return undefined;
  return typeof value === 'string' && value.trim() !== '' ? undefined : 'app.ventures.reject_notes_required';
}

/** True when the venture holds investors' money: the server keeps it approved (409). */
const holdsMoney = (record: VentureRecord) =>
  record.adminStatus === 'approved' && (record.amountFunded ?? 0) > 0;

const ReviewFields = ({ record }: { record: VentureRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<VentureRecord>();
  const { handleSubmit, setError, watch } = useFormContext<ReviewValues>();
  const [pendingValues, setPendingValues] = useState<ReviewValues | null>(null);
  // Approval refused for an incomplete KIIS: the missing fields, shown beside the button.
  const [kiisMissing, setKiisMissing] = useState<string[] | null>(null);
  const names = useKiisFieldNames();
  const queryClient = useQueryClient();
  const chosen = watch('adminStatus');
  const status = (value: unknown) =>
    translate(`app.enums.adminStatus.${String(value ?? 'pending')}`, { _: String(value) });

  const save = async () => {
    const values = pendingValues;
    setPendingValues(null);
    if (!values) return;
    setKiisMissing(null);
    try {
      await update(
        'ventures',
        {
          id: record.id,
          data: { adminStatus: values.adminStatus, adminNotes: values.adminNotes?.trim() ?? '' },
          previousData: record,
        },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('app.notification.updated', { type: 'success' });
      refresh();
    } catch (error) {
      const missing = kiisRefusal(error);
      if (missing) {
        // EU 2020/1503 Art. 23: no approval without a complete key investment information sheet.
        setKiisMissing(missing);
        notify(translate('app.kiis.admin.approve_refused', { missing: names(missing) }), { type: 'error' });
        void queryClient.invalidateQueries({ queryKey: ventureKiisKey(record.id) });
        return;
      }
      for (const [field, message] of Object.entries(fieldErrors(error) ?? {}))
        setError(field as keyof ReviewValues, { type: 'server', message });
      notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
    }
  };

  return (
    <Stack spacing={1} sx={{ maxWidth: 560 }}>
      <SelectInput
        source="adminStatus"
        resource="ventures"
        choices={enumChoices('adminStatus')}
        validate={required()}
      />
      {holdsMoney(record) && chosen !== 'approved' ? (
        <Alert severity="warning">{translate('app.ventures.review_locked_hint')}</Alert>
      ) : null}
      <TextInput
        source="adminNotes"
        resource="ventures"
        multiline
        minRows={3}
        validate={notesRequiredToReject}
        isRequired={chosen === 'rejected'}
        helperText="app.ventures.admin_notes_help"
      />
      <Box>
        <Button
          type="button"
          variant="contained"
          disabled={isPending}
          onClick={() => void handleSubmit((values) => setPendingValues(values))()}
        >
          {translate('ra.action.save')}
        </Button>
      </Box>
      {kiisMissing ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{translate('app.kiis.admin.heading')}</AlertTitle>
          {translate('app.kiis.admin.approve_refused', { missing: names(kiisMissing) })}
        </Alert>
      ) : null}
      <Confirm
        isOpen={pendingValues !== null}
        loading={isPending}
        title="app.ventures.review_confirm_title"
        translateOptions={{ title: record.title ?? '' }}
        content={translate('app.ventures.review_confirm_content', {
          from: status(record.adminStatus),
          to: status(pendingValues?.adminStatus),
        })}
        confirm="ra.action.save"
        onConfirm={() => void save()}
        onClose={() => setPendingValues(null)}
      />
    </Stack>
  );
};

/**
 * The admin review form (spec 2.7): adminStatus and adminNotes (required to reject), saved after a
 * confirmation through PATCH /api/ventures/admin/{id}/admin-status-update; the server's field errors
 * appear on their inputs.
 */
export const ReviewForm = () => {
  const record = useRecordContext<VentureRecord>();
  const { canAccess } = useCanAccess({ resource: 'ventures', action: 'edit', record });
  if (!record || !canAccess) return null;

  return (
    <SectionCard title="app.ventures.review">
      <Form
        key={`${record.id}-${record.adminStatus}-${record.adminNotes ?? ''}`}
        record={{ adminStatus: record.adminStatus ?? 'pending', adminNotes: record.adminNotes ?? '' }}
        onSubmit={() => undefined}
      >
        <ReviewFields record={record} />
      </Form>
    </SectionCard>
  );
};
