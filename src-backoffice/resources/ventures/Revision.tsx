import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  useCanAccess,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { REVISABLE_FIELDS, type RevisableField } from '../../../src-shared/contracts/ventures';
import { formatEuros } from '../../../src-shared/money';
import { countryName } from '../../components/CountryInput';
import { formatDate } from '../../components/DateText';
import { errorText } from '../../components/errors';
import { SectionCard } from '../../components/SectionCard';
import type { VentureRecord } from './ventureRecord';

const MONEY: readonly RevisableField[] = [
  'targetAmount',
  'minInvestmentAmount',
  'maxInvestmentAmount',
  'collateralValue',
];
const PERCENT: readonly RevisableField[] = ['expectedReturn', 'loanToValue'];
const ENUMS: Partial<Record<RevisableField, string>> = {
  ventureType: 'ventureType',
  riskLevel: 'riskLevel',
  repaymentType: 'repaymentType',
  repaymentFrequency: 'repaymentFrequency',
};

export interface RevisionRow {
  field: RevisableField;
  current: unknown;
  proposed: unknown;
}

/** The waiting revision's fields beside the venture's approved values, in the contract's order. */
export function revisionRows(record: VentureRecord): RevisionRow[] {
  const pending = record.pendingChanges;
  if (!pending) return [];
  return REVISABLE_FIELDS.filter((field) => pending[field] !== undefined).map((field) => ({
    field,
    current: record[field],
    proposed: pending[field],
  }));
}

/** A field's value as the reader expects it: euros, percent, dates, names of countries and enums. */
function useFormatValue() {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  return (field: RevisableField, value: unknown): string => {
    if (value === undefined || value === null || value === '') return '-';
    if (MONEY.includes(field)) return formatEuros(Number(value), locale);
    if (PERCENT.includes(field)) return `${new Intl.NumberFormat(locale).format(Number(value))} %`;
    if (field === 'closingDate') return formatDate(String(value), locale) ?? String(value);
    if (field === 'country') return countryName(String(value), locale);
    if (field === 'isConvertible') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    if (field === 'tags') return (value as string[]).join(', ') || '-';
    const enumName = ENUMS[field];
    if (enumName) return translate(`app.enums.${enumName}.${String(value)}`, { _: String(value) });
    return String(value);
  };
}

/** Current (approved, live) and proposed values side by side, one row per changed field. */
export const RevisionTable = ({ record }: { record: VentureRecord }) => {
  const translate = useTranslate();
  const format = useFormatValue();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.revisions.table_label')}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{translate('app.revisions.field')}</TableCell>
            <TableCell scope="col">{translate('app.revisions.current')}</TableCell>
            <TableCell scope="col">{translate('app.revisions.proposed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {revisionRows(record).map(({ field, current, proposed }) => (
            <TableRow key={field}>
              <TableCell component="th" scope="row">
                {translate(`resources.ventures.fields.${field}`)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {format(field, current)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontWeight: 600 }}>
                {format(field, proposed)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/**
 * The company's view of its revision (decision 0127): "Changes awaiting review" with what is
 * pending, or, after a rejection, the reviewer's notes. Nothing when no revision was proposed.
 */
export const RevisionBanner = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  if (!record?.revisionStatus) return null;
  if (record.revisionStatus === 'rejected')
    return (
      <Alert severity="warning" variant="outlined">
        <AlertTitle>{translate('app.revisions.rejected_title')}</AlertTitle>
        {translate('app.revisions.rejected_body')}
        {record.adminNotes ? (
          <Box component="blockquote" sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap' }}>
            {record.adminNotes}
          </Box>
        ) : null}
      </Alert>
    );
  return (
    <Alert severity="info" variant="outlined" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{translate('app.revisions.awaiting_title')}</AlertTitle>
      {translate('app.revisions.awaiting_body')}
      <Box sx={{ mt: 1 }}>
        <RevisionTable record={record} />
      </Box>
    </Alert>
  );
};

type Decision = 'approve' | 'reject';

/**
 * The admin's review of a waiting revision (decision 0127): the diff, then Approve or Reject (notes
 * required), each after a confirmation, through the review call with `revision`.
 */
export const RevisionReview = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'ventures', action: 'edit', record });
  const [update, { isPending }] = useUpdate<VentureRecord>();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  if (!record?.pendingChanges || !canAccess) return null;
  const count = revisionRows(record).length;

  const ask = (decision: Decision) => {
    if (decision === 'reject' && notes.trim() === '') {
      setNotesError(translate('app.ventures.reject_notes_required'));
      return;
    }
    setNotesError(null);
    setAsking(decision);
  };
  const decide = async () => {
    const decision = asking;
    setAsking(null);
    if (!decision) return;
    try {
      await update(
        'ventures',
        {
          id: record.id,
          // The review call's body (the data provider sends `revision` with it).
          data: {
            adminStatus: 'approved',
            adminNotes: notes.trim(),
            revision: decision,
          } as Partial<VentureRecord>,
          previousData: record,
        },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(`app.revisions.${decision === 'approve' ? 'approved' : 'rejected'}`, { type: 'success' });
      setNotes('');
      refresh();
    } catch (error) {
      notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
    }
  };

  return (
    <SectionCard title="app.revisions.admin_title">
      <Stack spacing={2}>
        <Alert severity="info">{translate('app.revisions.admin_intro')}</Alert>
        <RevisionTable record={record} />
        <TextField
          label={translate('app.revisions.notes_label')}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          multiline
          minRows={2}
          error={notesError !== null}
          helperText={notesError ?? translate('app.revisions.notes_help')}
          sx={{ maxWidth: 560 }}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" color="success" disabled={isPending} onClick={() => ask('approve')}>
            {translate('app.revisions.approve')}
          </Button>
          <Button variant="outlined" color="error" disabled={isPending} onClick={() => ask('reject')}>
            {translate('app.revisions.reject')}
          </Button>
        </Stack>
      </Stack>
      <Confirm
        isOpen={asking !== null}
        loading={isPending}
        title={`app.revisions.confirm_${asking ?? 'approve'}_title`}
        translateOptions={{ title: record.title ?? '' }}
        content={translate(`app.revisions.confirm_${asking ?? 'approve'}_content`, {
          smart_count: count,
          count,
        })}
        confirm={asking === 'reject' ? 'app.revisions.reject' : 'app.revisions.approve'}
        onConfirm={() => void decide()}
        onClose={() => setAsking(null)}
      />
    </SectionCard>
  );
};
