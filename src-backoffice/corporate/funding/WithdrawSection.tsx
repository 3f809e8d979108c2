import { Alert, Box, Button, DialogContentText, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useBasename, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { centsToEuros, eurosToCents, formatEuros } from '../../../src-shared/money';
import { formatDate } from '../../components/DateText';
import { errorText, fieldErrors } from '../../components/errors';
import { ActionDialog } from '../../components/ActionDialog';
import { SectionCard } from '../../components/SectionCard';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { MyWithdrawal } from '../../providers/resources/payments';
import { BankAccountSummary } from './BankAccountSection';
import { bankAccountKey, myBalanceKey, newIdempotencyKey } from './queries';

/** What is wrong with a typed amount (a translation key), or null: more than 0, cents, within the balance. */
export function amountProblem(text: string, balance: number | undefined): string | null {
  if (text.trim() === '') return 'app.payments.withdraw.amount_required';
  const cents = eurosToCents(text.replace(',', '.'));
  if (cents === null) return 'app.payments.withdraw.amount_invalid';
  if (cents <= 0n) return 'app.payments.withdraw.amount_positive';
  const available = balance === undefined ? null : eurosToCents(balance);
  if (available !== null && cents > available) return 'app.payments.withdraw.amount_above_balance';
  return null;
}

/**
 * The withdrawal form: the available balance and the registered account, the amount, then a review
 * ("Withdraw EUR X to IBAN ...") before POST /api/payments/withdrawals (one Idempotency-Key per
 * review, so a double click withdraws once), then the receipt. The money is held at once; the
 * request may be cancelled while it waits for approval. `onRequested` refreshes the list.
 */
export const WithdrawSection = ({ onRequested }: { onRequested(): void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const basename = useBasename();
  const queryClient = useQueryClient();
  const [locale = 'en'] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const balance = useQuery({
    queryKey: myBalanceKey,
    queryFn: async () => (await dataProvider.getMyBalance()).balance,
  });
  const account = useQuery({ queryKey: bankAccountKey, queryFn: () => dataProvider.getBankAccount() });
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [review, setReview] = useState(false);
  const [pending, setPending] = useState(false);
  const [receipt, setReceipt] = useState<MyWithdrawal | null>(null);
  const key = useRef(newIdempotencyKey());
  const money = (value: number | undefined) => formatEuros(value, locale);
  const euros = () => centsToEuros(eurosToCents(amount.replace(',', '.')) ?? 0n);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = amountProblem(amount, balance.data);
    if (problem) {
      setError(translate(problem, { balance: money(balance.data) }));
      return;
    }
    setReceipt(null);
    setReview(true);
  };

  const send = async () => {
    setPending(true);
    try {
      const answer = await dataProvider.requestWithdrawal(euros(), key.current);
      key.current = newIdempotencyKey();
      setReceipt(answer);
      setAmount('');
      notify('app.payments.withdraw.done', {
        type: 'success',
        messageArgs: { amount: money(answer.amount) },
      });
      void queryClient.invalidateQueries({ queryKey: myBalanceKey });
      onRequested();
    } catch (failure) {
      // A refused request did not use its key; a lost answer is retried with it (withdraws once).
      setError(fieldErrors(failure)?.amount ?? errorText(failure, translate('app.error.generic')));
      setReview(false);
    } finally {
      setPending(false);
    }
  };

  const close = () => {
    if (pending) return;
    setReview(false);
    setReceipt(null);
  };

  return (
    <SectionCard title="app.payments.withdraw.title" heading="h2">
      <Stack spacing={2}>
        <Typography>
          {translate('app.payments.withdraw.available', {
            balance: balance.isPending ? '…' : money(balance.data),
          })}
        </Typography>
        <BankAccountSummary />
        {account.data === null ? (
          <Box>
            <Link to={`${basename}/profile`}>{translate('app.payments.withdraw.register_first')}</Link>
          </Box>
        ) : null}
        <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 360 }}>
          <Stack spacing={1}>
            <TextField
              label={translate('app.payments.withdraw.amount')}
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setError(null);
              }}
              required
              error={error !== null}
              helperText={error ?? translate('app.payments.withdraw.amount_help')}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={!account.data}>
                {translate('app.payments.withdraw.review_button')}
              </Button>
            </Box>
          </Stack>
        </Box>
        <Alert severity="info" role="note">
          {translate('app.payments.withdraw.how')}
        </Alert>
      </Stack>
      <ActionDialog
        open={review}
        title={translate(
          receipt ? 'app.payments.withdraw.receipt_title' : 'app.payments.withdraw.review_title',
        )}
        pending={pending}
        done={receipt !== null}
        confirmLabel={translate('app.payments.withdraw.confirm', { amount: money(euros()) })}
        onClose={close}
        onConfirm={send}
      >
        {receipt ? (
          <Stack spacing={1}>
            <DialogContentText>
              {translate('app.payments.withdraw.receipt', {
                amount: money(receipt.amount),
                iban: receipt.iban,
                date: formatDate(receipt.createdAt, locale, true) ?? '',
              })}
            </DialogContentText>
            <DialogContentText>{translate('app.payments.withdraw.receipt_next')}</DialogContentText>
          </Stack>
        ) : (
          <Stack spacing={1}>
            <DialogContentText>
              {translate('app.payments.withdraw.review', {
                amount: money(euros()),
                iban: account.data?.iban ?? '-',
                holder: account.data?.holderName ?? '-',
              })}
            </DialogContentText>
            <DialogContentText>
              {translate('app.payments.withdraw.review_balance', {
                balance: money(
                  balance.data === undefined
                    ? undefined
                    : centsToEuros((eurosToCents(balance.data) ?? 0n) - (eurosToCents(euros()) ?? 0n)),
                ),
              })}
            </DialogContentText>
          </Stack>
        )}
      </ActionDialog>
    </SectionCard>
  );
};
