import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, useDataProvider, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { CompanyPaymentAnswer, VentureSchedule } from '../../providers/resources/ventures';
import { corporateOverviewKey } from '../pages/CorporateOverview';
import { formatBusinessDate, reviewPayment, type PaymentReview } from './servicing';

export const scheduleKey = (id: Identifier) => ['ventures', 'getVentureSchedule', id] as const;

type Step =
  | { name: 'amount' }
  | { name: 'review'; amount: number; review: PaymentReview }
  | { name: 'receipt'; amount: number; answer: CompanyPaymentAnswer };

/** The codes of 'Insufficient balance.' (the payment is taken from the company's balance). */
const INSUFFICIENT = new Set(['investment.insufficient_balance', 'balance.insufficient']);

const TWO_DECIMALS = /^\d+(?:[.,]\d{1,2})?$/;

/** A typed amount ('120', '120.5', '120,50') as euros, or null. */
function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!TWO_DECIMALS.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}

/** The amount the dialog proposes: the next instalment's, at most what is owed. */
export function defaultAmount(schedule: VentureSchedule): number {
  const next = schedule.nextDue?.amount ?? schedule.owed;
  return Math.min(next, schedule.owed);
}

interface PayDialogProps {
  ventureId: Identifier;
  schedule: VentureSchedule;
  /** One key per opening (crypto.randomUUID()): a second click or a retry pays once. */
  idempotencyKey: string;
  onClose: () => void;
}

/**
 * "Pay now" (issue 24): the amount (the next instalment by default, at most what is owed), a review
 * of what it settles (allocatePayment over the schedule: oldest instalment first, late interest,
 * interest, then principal), the payment from the company's balance with the dialog's
 * Idempotency-Key, and a receipt. 'Insufficient balance.' shows the company's current balance.
 */
export const PayDialog = ({ ventureId, schedule, idempotencyKey, onClose }: PayDialogProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => String(defaultAmount(schedule)));
  const [step, setStep] = useState<Step>({ name: 'amount' });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; balance: number | null } | null>(null);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.corporate.loan.pay.${key}`, options);
  const money = (euros: number) => formatEuros(euros, locale);
  const owed = schedule.owed;

  const amount = parseAmount(text);
  const amountError =
    text.trim() === ''
      ? t('amount_required')
      : amount === null || amount <= 0
        ? t('amount_invalid')
        : amount > owed
          ? t('amount_too_high', { owed: money(owed) })
          : null;

  const toReview = () => {
    if (amount === null || amountError) return;
    const review = reviewPayment(schedule.installments, amount);
    if (!review) return;
    setFailure(null);
    setStep({ name: 'review', amount, review });
  };

  const confirm = async () => {
    if (step.name !== 'review' || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const answer = await dataProvider.repayVenture(ventureId, step.amount, idempotencyKey);
      setStep({ name: 'receipt', amount: step.amount, answer });
      await Promise.all([
        // The schedule and the venture itself (a last payment makes it repaid).
        queryClient.invalidateQueries({ queryKey: ['ventures'] }),
        queryClient.invalidateQueries({ queryKey: corporateOverviewKey }),
      ]);
    } catch (error) {
      const message = error instanceof HttpError && error.message ? error.message : t('failed');
      const code = error instanceof HttpError ? (error.body as { code?: string } | null)?.code : undefined;
      const insufficient = code !== undefined && INSUFFICIENT.has(code);
      let balance: number | null = null;
      if (insufficient) {
        try {
          balance = (await dataProvider.getMyBalance()).balance;
        } catch {
          balance = null;
        }
      }
      setFailure({ message, balance });
    } finally {
      setSending(false);
    }
  };

  const parts = (p: { lateInterest: number; interest: number; principal: number }) =>
    [
      p.lateInterest > 0 ? t('part_late_interest', { amount: money(p.lateInterest) }) : null,
      p.interest > 0 ? t('part_interest', { amount: money(p.interest) }) : null,
      p.principal > 0 ? t('part_principal', { amount: money(p.principal) }) : null,
    ]
      .filter(Boolean)
      .join(', ');

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      aria-labelledby="pay-dialog-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="pay-dialog-title">
        {step.name === 'receipt' ? t('receipt_title') : t('title')}
      </DialogTitle>
      <DialogContent>
        {step.name === 'amount' ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              {schedule.nextDue
                ? t('next_due', {
                    amount: money(schedule.nextDue.amount),
                    date: formatBusinessDate(schedule.nextDue.dueDate, locale),
                  })
                : null}{' '}
              {t('owed', { owed: money(owed) })}
            </Typography>
            <TextField
              autoFocus
              label={t('amount')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') toReview();
              }}
              error={amountError !== null}
              helperText={amountError ?? t('amount_help', { owed: money(owed) })}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Stack>
        ) : null}

        {step.name === 'review' ? (
          <Stack spacing={1} sx={{ pt: 1 }}>
            <Typography>{t('review_intro', { amount: money(step.amount) })}</Typography>
            <List dense aria-label={t('review_list')}>
              {step.review.installments.map((row) => (
                <ListItem key={row.number} disableGutters>
                  <ListItemText
                    primary={t(row.settles ? 'review_settles' : 'review_partly', {
                      number: row.number,
                      date: formatBusinessDate(row.dueDate, locale),
                    })}
                    secondary={parts(row)}
                  />
                </ListItem>
              ))}
            </List>
            <Typography variant="body2">{t('review_total', { parts: parts(step.review) })}</Typography>
            {failure ? (
              <Alert severity="error">
                {failure.message}
                {failure.balance !== null ? (
                  <Box component="span" sx={{ display: 'block' }}>
                    {t('current_balance', { balance: money(failure.balance) })}
                  </Box>
                ) : null}
              </Alert>
            ) : null}
          </Stack>
        ) : null}

        {step.name === 'receipt' ? (
          <Stack spacing={1} sx={{ pt: 1 }}>
            <Alert severity="success">{t('received', { amount: money(step.amount) })}</Alert>
            <List dense aria-label={t('receipt_list')}>
              <ListItem disableGutters>
                <ListItemText
                  primary={t('receipt_late_interest')}
                  secondary={money(step.answer.data.allocated.lateInterest)}
                />
              </ListItem>
              <ListItem disableGutters>
                <ListItemText
                  primary={t('receipt_interest')}
                  secondary={money(step.answer.data.allocated.interest)}
                />
              </ListItem>
              <ListItem disableGutters>
                <ListItemText
                  primary={t('receipt_principal')}
                  secondary={money(step.answer.data.allocated.principal)}
                />
              </ListItem>
            </List>
            <Typography>
              {t('new_status', {
                status: translate(`app.corporate.loan.status.${step.answer.data.loanStatus}`, {
                  _: step.answer.data.loanStatus,
                }),
              })}
            </Typography>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        {step.name === 'amount' ? (
          <>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button variant="contained" onClick={toReview} disabled={amountError !== null}>
              {t('review')}
            </Button>
          </>
        ) : null}
        {step.name === 'review' ? (
          <>
            <Button onClick={() => setStep({ name: 'amount' })} disabled={sending}>
              {t('back')}
            </Button>
            <Button
              variant="contained"
              onClick={confirm}
              disabled={sending}
              startIcon={sending ? <CircularProgress size={16} /> : undefined}
            >
              {t('confirm', { amount: money(step.amount) })}
            </Button>
          </>
        ) : null}
        {step.name === 'receipt' ? (
          <Button variant="contained" onClick={onClose}>
            {t('close')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};
