import {
  Box,
  Button,
  Chip,
  Grid,
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
  Show,
  TopToolbar,
  useCanAccess,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { LabelledValue } from '../../components/LabelledValue';
import { SectionCard } from '../../components/SectionCard';
import type { LoanDetail, LoanEvent } from '../../providers/resources/servicing';
import { DefaultDialog, type LoanFigures } from './DefaultDialog';
import { formatDay, loanActionsFor, type LoanAction } from './loanRules';
import { PaymentDialog } from './PaymentDialog';
import { RecoveryDialog } from './RecoveryDialog';
import { WriteOffDialog } from './WriteOffDialog';

type LoanRecord = LoanDetail & { id: string };

function useWords() {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  return {
    translate,
    money: (value: number | null | undefined) => formatEuros(value ?? 0, locale),
    day: (iso: string | null | undefined) => formatDay(iso, locale),
    status: (value: string) => translate(`app.enums.loanStatus.${value}`, { _: value }),
  };
}

const StatusChip = ({ value, enumName }: { value: string; enumName: 'loanStatus' | 'installmentStatus' }) => {
  const translate = useTranslate();
  const danger = ['default', 'written_off', 'late_31_60', 'late_61_90'].includes(value);
  const warn = ['late', 'late_1_15', 'late_16_30', 'recovery'].includes(value);
  const ok = ['current', 'paid', 'repaid'].includes(value);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={danger ? 'error' : warn ? 'warning' : ok ? 'success' : 'default'}
      label={translate(`app.enums.${enumName}.${value}`, { _: value })}
    />
  );
};

/** The loan's figures: status, days late, principal, outstanding, overdue, owed, next due, terms. */
const Summary = ({ record }: { record: LoanRecord }) => {
  const { translate, money, day } = useWords();
  const s = record.schedule;
  return (
    <SectionCard title="app.servicing.summary_title" heading="h2">
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.loanStatus">
            <StatusChip value={record.loanStatus} enumName="loanStatus" />
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.daysLate">{record.daysLate}</LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.company">{record.company ?? '-'}</LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.investors">{record.investors}</LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.principal">{money(record.principal)}</LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.outstandingPrincipal">
            {money(record.outstandingPrincipal)}
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.overdue">{money(record.overdue)}</LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.owed">{money(s.owed)}</LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.nextDue">
            {record.nextDue ? `${day(record.nextDue.dueDate)} · ${money(record.nextDue.amount)}` : '-'}
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.disbursedAt">{day(record.disbursedAt)}</LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <LabelledValue label="app.servicing.fields.terms">
            {`${translate(`app.enums.repaymentType.${s.repaymentType}`)} · ${translate(
              `app.enums.repaymentFrequency.${s.repaymentFrequency}`,
            )} · ${translate('app.servicing.grace', { smart_count: s.gracePeriods })}`}
          </LabelledValue>
        </Grid>
        {s.writtenOff > 0 ? (
          <Grid size={{ xs: 6, md: 3 }}>
            <LabelledValue label="app.servicing.fields.writtenOff">{money(s.writtenOff)}</LabelledValue>
          </Grid>
        ) : null}
      </Grid>
    </SectionCard>
  );
};

/** Each instalment: due date, what is owed and what was paid of principal, interest, late interest. */
const ScheduleTable = ({ record }: { record: LoanRecord }) => {
  const { translate, money, day } = useWords();
  return (
    <SectionCard title="app.servicing.schedule_title" heading="h2" headingId="loan-schedule">
      {/* Scrolls inside its own box on a phone; focusable so a keyboard can scroll it too. */}
      <TableContainer tabIndex={0} role="group" aria-labelledby="loan-schedule">
        <Table size="small" aria-labelledby="loan-schedule">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{translate('app.servicing.fields.dueDate')}</TableCell>
              <TableCell align="right">{translate('app.servicing.fields.principal')}</TableCell>
              <TableCell align="right">{translate('app.servicing.fields.interest')}</TableCell>
              <TableCell align="right">{translate('app.servicing.fields.lateInterest')}</TableCell>
              <TableCell align="right">{translate('app.servicing.fields.paid')}</TableCell>
              <TableCell>{translate('app.servicing.fields.status')}</TableCell>
              <TableCell>{translate('app.servicing.fields.paidAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {record.schedule.installments.map((row) => (
              <TableRow key={row.number}>
                <TableCell>{row.number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(row.dueDate)}</TableCell>
                <TableCell align="right">{money(row.principal)}</TableCell>
                <TableCell align="right">{money(row.interest)}</TableCell>
                <TableCell align="right">{money(row.lateInterest)}</TableCell>
                <TableCell align="right">
                  {money(
                    Math.round((row.paidPrincipal + row.paidInterest + row.paidLateInterest) * 100) / 100,
                  )}
                </TableCell>
                <TableCell>
                  <StatusChip value={row.status} enumName="installmentStatus" />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.paidAt ? day(row.paidAt) : '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionCard>
  );
};

/** Payments and recoveries with their allocation and the fee kept, newest first. */
const Payments = ({ events }: { events: LoanEvent[] }) => {
  const { translate, money, day } = useWords();
  const rows = events.filter((e) => (e.kind === 'payment' || e.kind === 'recovery') && e.allocation);
  return (
    <SectionCard title="app.servicing.payments_title" heading="h2" headingId="loan-payments">
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate('app.servicing.no_payments')}</Typography>
      ) : (
        <TableContainer tabIndex={0} role="group" aria-labelledby="loan-payments">
          <Table size="small" aria-labelledby="loan-payments">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.servicing.fields.date')}</TableCell>
                <TableCell>{translate('app.servicing.fields.kind')}</TableCell>
                <TableCell align="right">{translate('app.servicing.fields.amount')}</TableCell>
                <TableCell align="right">{translate('app.servicing.fields.lateInterest')}</TableCell>
                <TableCell align="right">{translate('app.servicing.fields.interest')}</TableCell>
                <TableCell align="right">{translate('app.servicing.fields.principal')}</TableCell>
                <TableCell align="right">{translate('app.servicing.fields.costs')}</TableCell>
                <TableCell align="right">{translate('app.servicing.fields.serviceFee')}</TableCell>
                <TableCell>{translate('app.servicing.note')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(e.businessDate)}</TableCell>
                  <TableCell>{translate(`app.enums.loanEventKind.${e.kind}`, { _: e.kind })}</TableCell>
                  <TableCell align="right">{money(e.amount)}</TableCell>
                  <TableCell align="right">{money(e.allocation!.lateInterest)}</TableCell>
                  <TableCell align="right">{money(e.allocation!.interest)}</TableCell>
                  <TableCell align="right">{money(e.allocation!.principal)}</TableCell>
                  <TableCell align="right">{money(e.allocation!.costs)}</TableCell>
                  <TableCell align="right">{money(e.allocation!.fee)}</TableCell>
                  <TableCell>{e.note ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </SectionCard>
  );
};

/** What happened to the loan: disbursement, status changes, defaults, write-off, in order. */
const History = ({ events }: { events: LoanEvent[] }) => {
  const { translate, money, day } = useWords();
  const rows = events.filter((e) => e.kind !== 'payment' && e.kind !== 'recovery');
  return (
    <SectionCard title="app.servicing.history_title" heading="h2" headingId="loan-history">
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate('app.servicing.no_history')}</Typography>
      ) : (
        <Table size="small" aria-labelledby="loan-history">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.servicing.fields.date')}</TableCell>
              <TableCell>{translate('app.servicing.fields.kind')}</TableCell>
              <TableCell>{translate('app.servicing.fields.status')}</TableCell>
              <TableCell align="right">{translate('app.servicing.fields.amount')}</TableCell>
              <TableCell>{translate('app.servicing.note')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((e) => (
              <TableRow key={e.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(e.businessDate)}</TableCell>
                <TableCell>{translate(`app.enums.loanEventKind.${e.kind}`, { _: e.kind })}</TableCell>
                <TableCell>
                  {e.status ? <StatusChip value={e.status} enumName="loanStatus" /> : '-'}
                </TableCell>
                <TableCell align="right">{e.amount === null ? '-' : money(e.amount)}</TableCell>
                <TableCell>{e.note ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
};

/**
 * The four confirmed actions; the ones the loan's status does not allow are shown disabled (the
 * server would answer 409). One Idempotency-Key per opening of the payment dialog.
 */
const Actions = ({ record }: { record: LoanRecord }) => {
  const { translate } = useWords();
  const { canAccess } = useCanAccess({ resource: 'servicing', action: 'edit', record });
  const [open, setOpen] = useState<LoanAction | null>(null);
  const [opening, setOpening] = useState('');
  if (!canAccess) return null;
  const allowed = loanActionsFor(record.loanStatus);
  const figures: LoanFigures = {
    outstandingPrincipal: record.outstandingPrincipal,
    overdue: record.overdue,
    daysLate: record.daysLate,
    investors: record.investors,
  };
  const openDialog = (action: LoanAction) => {
    setOpening(crypto.randomUUID());
    setOpen(action);
  };
  const props = (action: LoanAction) => ({
    ventureId: record.id,
    title: record.venture.title,
    open: open === action,
    onClose: () => setOpen(null),
  });
  const button = (action: LoanAction, color: 'primary' | 'error' | 'warning' = 'primary') => (
    <Button
      variant="outlined"
      color={color}
      disabled={!allowed.includes(action)}
      onClick={() => openDialog(action)}
    >
      {translate(`app.servicing.actions.${action}`)}
    </Button>
  );
  return (
    <SectionCard title="app.servicing.actions_title" heading="h2">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {button('payment')}
        {button('default', 'error')}
        {button('recovery')}
        {button('writeOff', 'error')}
      </Stack>
      {allowed.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.servicing.closed_loan')}
        </Typography>
      ) : null}
      <PaymentDialog key={`payment-${opening}`} {...props('payment')} idempotencyKey={opening} />
      <DefaultDialog key={`default-${opening}`} {...props('default')} figures={figures} />
      <RecoveryDialog key={`recovery-${opening}`} {...props('recovery')} figures={figures} />
      <WriteOffDialog key={`writeOff-${opening}`} {...props('writeOff')} figures={figures} />
    </SectionCard>
  );
};

const LoanPage = () => {
  const record = useRecordContext<LoanRecord>();
  if (!record) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={2}>
        <Summary record={record} />
        <Actions record={record} />
        <ScheduleTable record={record} />
        <Payments events={[...record.events].reverse()} />
        <History events={record.events} />
      </Stack>
    </Box>
  );
};

const LoanTitle = () => {
  const record = useRecordContext<LoanRecord>();
  const translate = useTranslate();
  return <span>{translate('app.servicing.loan_title', { title: record?.venture.title ?? '' })}</span>;
};

/** A loan's page (GET /api/admin/servicing/{ventureId}): summary, actions, schedule, payments, history. */
export const LoanShow = () => (
  <Show
    title={<LoanTitle />}
    actions={
      <TopToolbar>
        <ListButton />
      </TopToolbar>
    }
  >
    <LoanPage />
  </Show>
);
