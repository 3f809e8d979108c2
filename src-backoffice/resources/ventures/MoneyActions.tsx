import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { eurosToCents, formatEuros } from '../../../src-shared/money';
import { repaymentShares } from '../../../src-shared/rules/repayment';
import { ReasonField } from '../../components/ReasonField';
import { errorText, fieldErrors } from '../../components/errors';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { VentureRecord } from './ventureRecord';
import { investmentFigures, useVentureInvestments } from './useVentureInvestments';

type Action = 'close' | 'cancel' | 'repay';

/** Which money actions a venture offers (the server checks again and answers 409 otherwise). */
export function moneyActionsFor(
  record: Pick<VentureRecord, 'lifecycleStatus' | 'adminStatus' | 'cancelledAt'>,
): Action[] {
  const actions: Action[] = [];
  // A cancelled venture's money went back to its investors: nothing is left to move.
  if (record.cancelledAt) return actions;
  if (record.lifecycleStatus === 'new' && record.adminStatus === 'approved') actions.push('close');
  if (record.lifecycleStatus === 'new' || record.lifecycleStatus === 'coming-soon') actions.push('cancel');
  if (record.lifecycleStatus === 'funded') actions.push('repay');
  return actions;
}

/** A typed amount of euros ('1234.5', '1234,50') as a number with two decimals at most, else null. */
export function parseEuros(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  const cents = eurosToCents(cleaned);
  if (cents === null || cents <= 0n) return null;
  return Number(cents) / 100;
}

interface ActionDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  pending: boolean;
  disabled?: boolean;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

/** A confirmation dialog: nothing moves before its confirm button, which is off while the call runs. */
const ActionDialog = ({
  open,
  title,
  confirmLabel,
  pending,
  disabled = false,
  onClose,
  onConfirm,
  children,
}: ActionDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={pending || disabled}
          startIcon={pending ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * The admin's calls on a venture's money (contract "A venture's money"), each behind a dialog that
 * states the amounts: close the funding (amount funded, investors), cancel with refunds (a reason;
 * the sum refunded and the investments), record a repayment (amount, final; what each investor
 * receives, before it is sent, with one Idempotency-Key per opening of the dialog).
 */
export const MoneyActions = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale = 'en'] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [open, setOpen] = useState<Action | null>(null);
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [final, setFinal] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const actions = record ? moneyActionsFor(record) : [];
  const investments = useVentureInvestments(record?.id, actions.length > 0);
  const figures = useMemo(() => investmentFigures(investments.data), [investments.data]);
  const amount = parseEuros(amountText);
  const shares = useMemo(
    () => (amount === null ? [] : repaymentShares(amount, figures.forRepayment)),
    [amount, figures.forRepayment],
  );

  if (!record || actions.length === 0) return null;
  const money = (value: number) => formatEuros(value, locale);
  const title = record.title ?? '';

  const openDialog = (action: Action) => {
    setReason('');
    setReasonError(null);
    setAmountText('');
    setAmountError(null);
    setFinal(false);
    // One key per opening: a second click, or a retry after a lost answer, repays once.
    setIdempotencyKey(crypto.randomUUID());
    setOpen(action);
  };
  const close = () => {
    if (!pending) setOpen(null);
  };

  /** Runs the call; on success a translated toast and a refresh of the record and every list. */
  const run = async (work: () => Promise<string>) => {
    setPending(true);
    try {
      const message = await work();
      notify(message, { type: 'success' });
      setOpen(null);
      refresh();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields?.reason) setReasonError(fields.reason);
      if (fields?.amount) setAmountError(fields.amount);
      notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  const investorsText = (n: number) => translate('app.moneyActions.investors', { smart_count: n });
  const investmentsText = (n: number) => translate('app.moneyActions.investments', { smart_count: n });
  const loading = investments.isPending ? (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ my: 1 }}>
      <CircularProgress size={16} aria-hidden />
      <Typography variant="body2">{translate('app.moneyActions.loading')}</Typography>
    </Stack>
  ) : investments.isError ? (
    <Alert severity="error" sx={{ my: 1 }}>
      {translate('app.moneyActions.load_failed')}
    </Alert>
  ) : null;
  const ready = investments.isSuccess;

  const confirmClose = () =>
    run(async () => {
      await dataProvider.closeFunding(record.id);
      return translate('app.moneyActions.closed', { amount: money(record.amountFunded ?? 0) });
    });

  const confirmCancel = () => {
    if (reason.trim() === '') {
      setReasonError(translate('app.moneyActions.reason_required'));
      return;
    }
    return run(async () => {
      await dataProvider.cancelVenture(record.id, reason.trim());
      return translate('app.moneyActions.cancelled', {
        amount: money(record.amountFunded ?? 0),
        investments: investmentsText(figures.openCount),
      });
    });
  };

  const confirmRepay = () => {
    if (amount === null) {
      setAmountError(translate('app.moneyActions.amount_invalid'));
      return;
    }
    return run(async () => {
      const answer = await dataProvider.recordRepayment(record.id, { amount, final }, idempotencyKey);
      return translate(final ? 'app.moneyActions.repaid_final' : 'app.moneyActions.repaid', {
        amount: money(answer.data.credited),
        investors: investorsText(answer.data.investors),
      });
    });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('app.moneyActions.title')}
        </Typography>
        {record?.cancelledAt ? (
          <Typography>
            {translate('app.moneyActions.cancelled_on', {
              date: new Date(record.cancelledAt).toLocaleDateString(locale),
              reason: record.cancelReason ?? '-',
            })}
          </Typography>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {actions.includes('close') ? (
            <Button variant="outlined" onClick={() => openDialog('close')}>
              {translate('app.moneyActions.close_funding')}
            </Button>
          ) : null}
          {actions.includes('repay') ? (
            <Button variant="outlined" onClick={() => openDialog('repay')}>
              {translate('app.moneyActions.record_repayment')}
            </Button>
          ) : null}
          {actions.includes('cancel') ? (
            <Button variant="outlined" color="error" onClick={() => openDialog('cancel')}>
              {translate('app.moneyActions.cancel')}
            </Button>
          ) : null}
        </Stack>
      </CardContent>

      <ActionDialog
        open={open === 'close'}
        title={translate('app.moneyActions.close_title', { title })}
        confirmLabel={translate('app.moneyActions.close_funding')}
        pending={pending}
        disabled={!ready}
        onClose={close}
        onConfirm={() => void confirmClose()}
      >
        {loading}
        {ready ? (
          <DialogContentText>
            {translate('app.moneyActions.close_content', {
              amount: money(record.amountFunded ?? 0),
              target: money(record.targetAmount),
              investors: investorsText(figures.openInvestors),
            })}
          </DialogContentText>
        ) : null}
      </ActionDialog>

      <ActionDialog
        open={open === 'cancel'}
        title={translate('app.moneyActions.cancel_title', { title })}
        confirmLabel={translate('app.moneyActions.cancel_confirm')}
        pending={pending}
        disabled={!ready}
        onClose={close}
        onConfirm={() => void confirmCancel()}
      >
        {loading}
        {ready ? (
          <DialogContentText gutterBottom>
            {translate('app.moneyActions.cancel_content', {
              amount: money(record.amountFunded ?? 0),
              investments: investmentsText(figures.openCount),
            })}
          </DialogContentText>
        ) : null}
        <ReasonField
          label={translate('app.moneyActions.reason')}
          help={translate('app.moneyActions.reason_help')}
          value={reason}
          error={reasonError}
          onChange={(value) => {
            setReason(value);
            setReasonError(null);
          }}
        />
      </ActionDialog>

      <ActionDialog
        open={open === 'repay'}
        title={translate('app.moneyActions.repayment_title', { title })}
        confirmLabel={
          amount === null
            ? translate('app.moneyActions.record_repayment')
            : translate('app.moneyActions.repay_confirm', { amount: money(amount) })
        }
        pending={pending}
        disabled={!ready || amount === null || shares.length === 0}
        onClose={close}
        onConfirm={() => void confirmRepay()}
      >
        <Stack spacing={1}>
          <TextField
            label={translate('app.moneyActions.amount')}
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              setAmountError(null);
            }}
            onBlur={() => {
              if (amountText.trim() !== '' && amount === null)
                setAmountError(translate('app.moneyActions.amount_invalid'));
            }}
            required
            fullWidth
            margin="dense"
            error={amountError !== null}
            helperText={amountError ?? translate('app.moneyActions.amount_help')}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
          <FormControlLabel
            control={<Checkbox checked={final} onChange={(event) => setFinal(event.target.checked)} />}
            label={translate('app.moneyActions.final')}
          />
          {loading}
          {ready && figures.completedInvestors === 0 ? (
            <Alert severity="warning">{translate('app.moneyActions.no_completed')}</Alert>
          ) : null}
          {ready && figures.completedInvestors > 0 ? (
            <Box>
              <Typography variant="subtitle2" component="h4" id="repayment-preview">
                {translate('app.moneyActions.preview_title')}
              </Typography>
              {shares.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('app.moneyActions.preview_empty')}
                </Typography>
              ) : (
                <Table size="small" aria-labelledby="repayment-preview">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('app.moneyActions.investor')}</TableCell>
                      <TableCell align="right">{translate('app.moneyActions.invested')}</TableCell>
                      <TableCell align="right">{translate('app.moneyActions.receives')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shares.map((share) => (
                      <TableRow key={share.investorId}>
                        <TableCell>{share.name}</TableCell>
                        <TableCell align="right">{money(share.invested)}</TableCell>
                        <TableCell align="right">{money(share.amount)}</TableCell>
                      </TableRow>
                    ))}
                    <TableRow>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                        {translate('app.moneyActions.total')}
                      </TableCell>
                      <TableCell align="right">
                        {money(shares.reduce((sum, s) => sum + Math.round(s.invested * 100), 0) / 100)}
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        {money(amount ?? 0)}
                      </TableCell>
                    </TableRow>
                  </TableBody>
                </Table>
              )}
            </Box>
          ) : null}
        </Stack>
      </ActionDialog>
    </Card>
  );
};
