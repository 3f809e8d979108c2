import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import HourglassIcon from '@mui/icons-material/HourglassTop';
import { Alert, AlertTitle, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import {
  Button,
  HttpError,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type { AdminStatus } from '../../../src-shared/constants/enums';
import { ActionDialog } from '../../components/ActionDialog';
import { errorText, fieldErrors } from '../../components/errors';
import type { VentureRecord } from './ventureRecord';
import { useKiisFieldNames, ventureKiisKey } from './VentureKiis';

/** The fields a refused approval names (409 venture.kiis_incomplete), else null. */
export function kiisRefusal(error: unknown): string[] | null {
  if (!(error instanceof HttpError)) return null;
  const body = error.body as { code?: string; errors?: Record<string, string> } | null;
  return body?.code === 'venture.kiis_incomplete' ? Object.keys(body.errors ?? {}) : null;
}

/** Notes are required to reject (the server answers 400 venture.reject_notes_required too). */
export function notesRequiredToReject(value: unknown, values: Record<string, unknown>): string | undefined {
  if (values?.adminStatus !== 'rejected') return undefined;
  return typeof value === 'string' && value.trim() !== '' ? undefined : 'app.ventures.reject_notes_required';
}

/** True when the venture holds investors' money: the server keeps it approved (409). */
export const holdsMoney = (record: Pick<VentureRecord, 'adminStatus' | 'amountFunded'>) =>
  record.adminStatus === 'approved' && (record.amountFunded ?? 0) > 0;

type Decision = Extract<AdminStatus, 'approved' | 'rejected' | 'under-review'>;

const DECISIONS: Record<Decision, { key: string; icon: ReactElement; color: 'primary' | 'error' }> = {
  'under-review': { key: 'under_review', icon: <HourglassIcon />, color: 'primary' },
  approved: { key: 'approve', icon: <CheckIcon />, color: 'primary' },
  rejected: { key: 'reject', icon: <CloseIcon />, color: 'error' },
};

/** The decisions that change something: never the current status, never away from approval while the
 * venture holds investors' money, "under review" only for a venture still pending. */
export function offeredDecisions(record: Pick<VentureRecord, 'adminStatus' | 'amountFunded'>): Decision[] {
  const status = record.adminStatus ?? 'pending';
  if (holdsMoney(record)) return [];
  return (['under-review', 'approved', 'rejected'] as const).filter(
    (decision) => decision !== status && (decision !== 'under-review' || status === 'pending'),
  );
}

const DecisionButton = ({ record, decision }: { record: VentureRecord; decision: Decision }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const names = useKiisFieldNames();
  const [update, { isPending }] = useUpdate<VentureRecord>();
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<{ title?: string; text: string } | null>(null);
  const { key, icon, color } = DECISIONS[decision];
  const rejecting = decision === 'rejected';
  const from = translate(`app.enums.adminStatus.${record.adminStatus ?? 'pending'}`, {
    _: String(record.adminStatus),
  });

  const start = () => {
    // A rejection gives its own reason; an approval keeps the notes the company already sees.
    setNotes(rejecting ? '' : (record.adminNotes ?? ''));
    setFailure(null);
    setOpen(true);
  };

  const confirm = async () => {
    setFailure(null);
    try {
      await update(
        'ventures',
        { id: record.id, data: { adminStatus: decision, adminNotes: notes.trim() }, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      setOpen(false);
      notify('app.notification.updated', { type: 'success' });
      refresh();
    } catch (error) {
      const missing = kiisRefusal(error);
      if (missing) {
        // EU 2020/1503 Art. 23: no approval without a complete key investment information sheet.
        const text = translate('app.kiis.admin.approve_refused', { missing: names(missing) });
        setFailure({ title: translate('app.kiis.admin.heading'), text });
        void queryClient.invalidateQueries({ queryKey: ventureKiisKey(record.id) });
        return;
      }
      const field = fieldErrors(error)?.adminNotes;
      setFailure({ text: field ?? translate(errorText(error, 'app.notification.save_failed')) });
    }
  };

  return (
    <>
      <Button label={`app.review_actions.${key}`} color={color} onClick={start}>
        {icon}
      </Button>
      <ActionDialog
        open={open}
        title={translate(`app.review_actions.${key}_title`, { title: record.title ?? '' })}
        confirmLabel={translate(`app.review_actions.${key}`)}
        pending={isPending}
        disabled={rejecting && notes.trim() === ''}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      >
        <Typography gutterBottom>{translate(`app.review_actions.${key}_content`, { from })}</Typography>
        <TextField
          label={translate('app.review_actions.notes')}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          required={rejecting}
          helperText={translate(
            rejecting ? 'app.review_actions.notes_required_help' : 'app.review_actions.notes_optional_help',
          )}
          multiline
          minRows={3}
          fullWidth
          disabled={isPending}
          sx={{ mt: 1 }}
        />
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure.title ? <AlertTitle>{failure.title}</AlertTitle> : null}
            {failure.text}
          </Alert>
        ) : null}
      </ActionDialog>
    </>
  );
};

/**
 * The review decision in the venture page's top toolbar (issue 30, item 7; as react-admin's demo
 * does for reviews): Under review, Approve and Reject (notes required), each confirmed in a dialog
 * stating the change, saved through PATCH /api/ventures/admin/{id}/admin-status-update; a refusal
 * (an incomplete key investment information sheet, missing notes) stays in the dialog.
 */
export const ReviewActions = () => {
  const record = useRecordContext<VentureRecord>();
  const { canAccess } = useCanAccess({ resource: 'ventures', action: 'edit', record });
  if (!record || !canAccess) return null;
  return (
    <>
      {offeredDecisions(record).map((decision) => (
        <DecisionButton key={decision} record={record} decision={decision} />
      ))}
    </>
  );
};
