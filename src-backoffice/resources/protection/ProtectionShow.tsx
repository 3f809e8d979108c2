import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import PersonIcon from '@mui/icons-material/Person';
import {
  Box,
  Button,
  Grid,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  ListButton,
  RecordContextProvider,
  Show,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { AdminSophisticatedRequest } from '../../../src-shared/contracts/protection';
import { formatDate } from '../../components/DateText';
import { EnumField } from '../../components/EnumField';
import { LabelledValue } from '../../components/LabelledValue';
import { SectionCard } from '../../components/SectionCard';
import type { ProtectionRecord } from '../../providers/resources/protection';
import { personName } from '../kyc/personName';
import { Criteria, useCriterionLabel } from './Criteria';
import { DecisionDialog, type Decision } from './DecisionDialog';
import { Evidence } from './Evidence';
import { HistoryCard } from './HistoryCard';

type Request = AdminSophisticatedRequest;

/** The request the page is about: the pending one (there is at most one), else the newest. */
export function currentRequest(record: ProtectionRecord): Request | null {
  return record.requests.find((r) => r.status === 'pending') ?? record.requests[0] ?? null;
}

const StatusChip = ({ request }: { request: Request }) => (
  <RecordContextProvider value={request}>
    <EnumField source="status" labels="app.protection.status" />
  </RecordContextProvider>
);

/** A button to the person's page in the console (/admin/users/{id}/show). */
export const UserPageButton = ({ userId }: { userId: string }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Button
      component={Link}
      to={createPath({ resource: 'users', id: userId, type: 'show' })}
      variant="outlined"
      size="small"
      startIcon={<PersonIcon aria-hidden />}
    >
      {translate('app.protection.open_user')}
    </Button>
  );
};

/** The person: name, e-mail, their category now, and a link to their page. */
const Investor = ({ record }: { record: ProtectionRecord }) => (
  <SectionCard title="app.protection.investor_title" heading="h2">
    <Grid container spacing={2} alignItems="flex-end">
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <LabelledValue breakAnywhere label="app.protection.fields.investor">
          {personName(record.user)}
          <Typography variant="body2" color="text.secondary" component="div">
            {record.user?.email}
          </Typography>
        </LabelledValue>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <LabelledValue label="app.protection.fields.category">
          <EnumField source="category" labels="app.protection.category" />
        </LabelledValue>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <UserPageButton userId={record.id} />
      </Grid>
    </Grid>
  </SectionCard>
);

/** Who decided and when, or since when the request waits. */
const DecisionLine = ({ request }: { request: Request }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  if (request.status === 'pending' || !request.decidedAt) {
    return (
      <Typography variant="body2">
        {translate('app.protection.waiting_since', {
          date: formatDate(request.createdAt, locale, true) ?? '',
        })}
      </Typography>
    );
  }
  return (
    <Typography variant="body2">
      {translate(request.decidedBy ? 'app.protection.decided' : 'app.protection.decided_unknown', {
        status: translate(`app.protection.status.${request.status}`),
        date: formatDate(request.decidedAt, locale, true) ?? '',
        admin: request.decidedBy ? personName(request.decidedBy) : '',
      })}
    </Typography>
  );
};

/** The request: its status and dates, the criteria claimed with their Annex II meaning, its evidence. */
const RequestCard = ({ request }: { request: Request }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  return (
    <Box>
      <SectionCard title="app.protection.request_title" heading="h2">
        <Stack spacing={2}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 3 }}>
              <LabelledValue label="app.protection.fields.status">
                <StatusChip request={request} />
              </LabelledValue>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <LabelledValue label="app.protection.fields.submittedAt">
                {formatDate(request.createdAt, locale, true)}
              </LabelledValue>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <LabelledValue label="app.protection.fields.decidedAt">
                {formatDate(request.decidedAt, locale, true) ?? '-'}
              </LabelledValue>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <LabelledValue label="app.protection.fields.decidedBy">
                {request.decidedBy ? personName(request.decidedBy) : '-'}
              </LabelledValue>
            </Grid>
            {request.reason ? (
              <Grid size={12}>
                <LabelledValue breakAnywhere label="app.protection.fields.reason">
                  {request.reason}
                </LabelledValue>
              </Grid>
            ) : null}
          </Grid>
          <Box>
            <Typography variant="subtitle1" component="h3" gutterBottom>
              {translate('app.protection.criteria_title')}
            </Typography>
            <Criteria criteria={request.criteria} />
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h3" gutterBottom>
              {translate('app.protection.evidence_title')}
            </Typography>
            <Evidence request={request} owner={personName(request.user)} />
          </Box>
        </Stack>
      </SectionCard>
    </Box>
  );
};

/**
 * Accept or Reject the pending request, each through its dialog (reason, review, receipt); both are
 * off once the request is decided (the server decides only a pending one).
 */
const DecisionCard = ({ record, request }: { record: ProtectionRecord; request: Request }) => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'protection', action: 'edit', record });
  const [open, setOpen] = useState<Decision | null>(null);
  const [opening, setOpening] = useState(0);
  const pending = request.status === 'pending';
  const start = (decision: Decision) => {
    setOpening((n) => n + 1);
    setOpen(decision);
  };
  return (
    <SectionCard title="app.protection.decision_title" heading="h2">
      <Stack spacing={1.5}>
        <DecisionLine request={request} />
        {canAccess ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckIcon aria-hidden />}
              disabled={!pending}
              onClick={() => start('accepted')}
            >
              {translate('app.protection.accept')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<CloseIcon aria-hidden />}
              disabled={!pending}
              onClick={() => start('rejected')}
            >
              {translate('app.protection.reject')}
            </Button>
          </Stack>
        ) : null}
        {pending ? null : (
          <Typography variant="body2" color="text.secondary">
            {translate('app.protection.only_pending')}
          </Typography>
        )}
      </Stack>
      {(['accepted', 'rejected'] as const).map((decision) => (
        <DecisionDialog
          key={`${decision}-${opening}`}
          record={record}
          request={request}
          decision={decision}
          open={open === decision}
          onClose={() => setOpen(null)}
        />
      ))}
    </SectionCard>
  );
};

/** The person's other requests, newest first; a row's evidence opens below the table. */
const EarlierRequests = ({ requests }: { requests: Request[] }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const criterionLabel = useCriterionLabel();
  const [shown, setShown] = useState<Request | null>(null);
  if (requests.length === 0) return null;
  const field = (name: string) => translate(`app.protection.fields.${name}`);
  return (
    <SectionCard title="app.protection.earlier_title" heading="h2" headingId="protection-earlier">
      <TableContainer tabIndex={0} role="group" aria-labelledby="protection-earlier">
        <Table size="small" aria-labelledby="protection-earlier">
          <TableHead>
            <TableRow>
              <TableCell>{field('submittedAt')}</TableCell>
              <TableCell>{field('criteria')}</TableCell>
              <TableCell>{field('status')}</TableCell>
              <TableCell>{field('decidedAt')}</TableCell>
              <TableCell>{field('decidedBy')}</TableCell>
              <TableCell>{field('reason')}</TableCell>
              <TableCell>{field('evidence')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {requests.map((request) => (
              <TableRow key={request._id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(request.createdAt, locale, true)}
                </TableCell>
                <TableCell>{request.criteria.map(criterionLabel).join(', ')}</TableCell>
                <TableCell>
                  <StatusChip request={request} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(request.decidedAt, locale, true) ?? '-'}
                </TableCell>
                <TableCell>{request.decidedBy ? personName(request.decidedBy) : '-'}</TableCell>
                <TableCell>{request.reason ?? '-'}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => setShown(request)}
                    aria-pressed={shown?._id === request._id}
                  >
                    {translate('app.protection.show_evidence', {
                      date: formatDate(request.createdAt, locale) ?? '',
                    })}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {shown ? (
        <Box sx={{ mt: 2 }}>
          <Evidence key={shown._id} request={shown} owner={personName(shown.user)} />
        </Box>
      ) : null}
    </SectionCard>
  );
};

/** True once the record is the person's history (GET .../history), not a list row seeded in the cache. */
const isHistory = (record: Partial<ProtectionRecord> | undefined): record is ProtectionRecord =>
  Array.isArray(record?.requests) && Array.isArray(record?.tests);

const ProtectionPage = () => {
  const record = useRecordContext<ProtectionRecord>();
  const translate = useTranslate();
  if (!isHistory(record)) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const request = currentRequest(record);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Investor record={record} />
      {request ? (
        <>
          <RequestCard request={request} />
          <DecisionCard record={record} request={request} />
          <EarlierRequests requests={record.requests.filter((r) => r._id !== request._id)} />
        </>
      ) : (
        <SectionCard title="app.protection.request_title" heading="h2">
          <Typography variant="body2" color="text.secondary">
            {translate('app.protection.no_request')}
          </Typography>
        </SectionCard>
      )}
      <HistoryCard record={record} withRequests={false} />
    </Stack>
  );
};

const PageTitle = () => {
  const record = useRecordContext<ProtectionRecord>();
  const translate = useTranslate();
  return <span>{translate('app.protection.page_title', { name: personName(record?.user) })}</span>;
};

/**
 * A person's request to be treated as a sophisticated investor (/admin/protection/{userId}/show):
 * the investor, the request (criteria with their Annex II meaning, the evidence, dates, decision),
 * the decision, their earlier requests and their protection history. Always read from the server on
 * opening (staleTime 0).
 */
export const ProtectionShow = () => (
  <Show
    title={<PageTitle />}
    actions={
      <TopToolbar>
        <ListButton />
      </TopToolbar>
    }
    queryOptions={{ staleTime: 0 }}
  >
    <ProtectionPage />
  </Show>
);
