import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MAX_EUROS } from '../../../src-shared/contracts/input';
import { centsToEuros, eurosToCents } from '../../../src-shared/money';
import { balanceKeys } from '../../auth/session/api';
import { useBalance } from '../../auth/session/BalanceProvider';
import { parseEuroInput } from '../../lib/euroInput';
import { translateRule } from '../../lib/errors';
import { euros } from '../../lib/format';
import { formatMoment } from '../reflection';
import {
  newIdempotencyKey,
  useBankAccount,
  useRequestWithdrawal,
  type BankAccount,
  type Withdrawal,
} from './api';
import { BANK_ACCOUNT_PATH, heldUntilText, paymentFailure, type PaymentFailure } from './paymentErrors';
import { FailureNotice, Line } from './parts';
import { WithdrawalStatusChip } from './WithdrawalsList';

const MAX_CENTS = BigInt(MAX_EUROS) * 100n;

/**
 * The funding page's Withdraw panel (issue 27; decision 0143), in place of the payments ticket: the
 * available balance (the header's figure) and an amount. Without a bank account it says so and
 * links to the profile's bank-account section; during the hold after an IBAN change it says until
 * when. Review opens a dialog (amount, the masked IBAN and holder, "held at once"); Confirm posts
 * POST /api/payments/withdrawals with one Idempotency-Key per opening of the review (a retry after a
 * refusal reuses it); the receipt shows the amount, the status, the date, the new balance once
 * refetched and what happens next. The server checks everything again and its refusals are shown
 * translated by code.
 */
export function WithdrawPanel() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { balance, isLoading: balanceLoading } = useBalance();
  const bank = useBankAccount();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [review, setReview] = useState<{ cents: bigint; key: string } | null>(null);

  const balanceText = balanceLoading ? t('balance.loading') : euros(balance, lang);
  const account = bank.data;

  const check = (text: string): { cents: bigint } | { error: string } => {
    const cents = parseEuroInput(text);
    if (cents === undefined) return { error: t('payments.withdraw.amountRequired') };
    if (cents === null || cents > MAX_CENTS) return { error: t('payments.withdraw.amountInvalid') };
    if (cents <= 0n) return { error: translateRule(i18n, { code: 'money.amount_positive' }) };
    const available = typeof balance === 'number' ? eurosToCents(balance) : null;
    if (available !== null && cents > available)
      return {
        error: translateRule(i18n, {
          code: 'payments.insufficient_balance',
          params: { availableAmount: balance as number },
        }),
      };
    return { cents };
  };

  const toReview = (event: FormEvent) => {
    event.preventDefault();
    const result = check(amount);
    if ('error' in result) {
      setAmountError(result.error);
      return;
    }
    setAmountError(undefined);
    // One Idempotency-Key per opening of the review (decision 0143).
    setReview({ cents: result.cents, key: newIdempotencyKey() });
  };

  let body: ReactNode;
  if (bank.isPending) {
    body = (
      <Typography role="status" color="text.secondary">
        {t('payments.withdraw.checking')}
      </Typography>
    );
  } else if (bank.isError) {
    body = (
      <Alert severity="error" role="status">
        {t('payments.withdraw.accountFailed')}
      </Alert>
    );
  } else if (!account) {
    body = (
      <Alert severity="info" role="status">
        {t('payments.withdraw.noAccount')}{' '}
        <Link component={RouterLink} to={BANK_ACCOUNT_PATH}>
          {t('payments.withdraw.bankAccountLink')}
        </Link>
      </Alert>
    );
  } else {
    const heldUntil = account.verified ? null : account.heldUntil;
    body = (
      <>
        <Typography variant="body2" color="text.secondary">
          {t('payments.withdraw.toAccount', { iban: account.iban, holder: account.holderName })}
        </Typography>
        {heldUntil ? (
          <Alert severity="warning" role="status" sx={{ mt: 2 }}>
            {heldUntilText(i18n, heldUntil)}
          </Alert>
        ) : null}
        <Box
          component="form"
          onSubmit={toReview}
          noValidate
          aria-label={t('payments.withdraw.formLabel')}
          sx={{ mt: 2 }}
        >
          <TextField
            label={t('payments.withdraw.amount')}
            name="withdrawAmount"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setAmountError(undefined);
            }}
            required
            fullWidth
            error={Boolean(amountError)}
            helperText={amountError ?? t('payments.withdraw.amountHint')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
            }}
          />
          <Button type="submit" variant="contained" disabled={Boolean(heldUntil)} sx={{ mt: 2 }}>
            {t('payments.withdraw.review')}
          </Button>
        </Box>
      </>
    );
  }

  return (
    <>
      <Typography>{t('payments.withdraw.intro')}</Typography>
      <Box component="dl" sx={{ my: 2 }}>
        <Line label={t('payments.withdraw.available')}>{balanceText}</Line>
      </Box>
      {body}
      {review && account ? (
        <WithdrawDialog
          key={review.key}
          cents={review.cents}
          idempotencyKey={review.key}
          account={account}
          onClose={(done) => {
            setReview(null);
            if (done) setAmount('');
          }}
        />
      ) : null}
    </>
  );
}

/** The review, then the receipt, of one withdrawal (one opening, one Idempotency-Key). */
function WithdrawDialog({
  cents,
  idempotencyKey,
  account,
  onClose,
}: {
  cents: bigint;
  idempotencyKey: string;
  account: BankAccount;
  onClose: (done: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { mutateAsync, isPending } = useRequestWithdrawal();
  const { balance } = useBalance();
  const balanceFetching = useIsFetching({ queryKey: balanceKeys.all }) > 0;
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [receipt, setReceipt] = useState<Withdrawal | null>(null);
  const receiptHeading = useRef<HTMLHeadingElement>(null);
  const amountText = euros(centsToEuros(cents), lang);

  useEffect(() => {
    if (receipt) receiptHeading.current?.focus();
  }, [receipt]);

  const close = () => {
    if (isPending) return;
    onClose(Boolean(receipt));
  };

  const confirm = async () => {
    setFailure(null);
    try {
      setReceipt(await mutateAsync({ amount: centsToEuros(cents), idempotencyKey }));
    } catch (caught) {
      // The key stays: a refusal did not use it up, and a lost answer must be retried with it.
      setFailure(paymentFailure(i18n, caught, t('payments.withdraw.failed')));
    }
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs" aria-labelledby="withdraw-dialog-title">
      <DialogTitle id="withdraw-dialog-title">
        {receipt ? t('payments.withdraw.receiptTitle') : t('payments.withdraw.reviewTitle')}
      </DialogTitle>
      {receipt ? (
        <>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <Typography
              ref={receiptHeading}
              tabIndex={-1}
              component="h3"
              variant="subtitle1"
              sx={{ fontWeight: 700, outline: 'none' }}
            >
              {t('payments.withdraw.receiptHeading', { amount: euros(receipt.amount, lang) })}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gap: 1, m: 0 }}>
              <Line label={t('payments.withdraw.reviewAmount')}>{euros(receipt.amount, lang)}</Line>
              <Line label={t('payments.withdraw.reviewTo')}>{receipt.iban || account.iban}</Line>
              <Line label={t('payments.list.status')}>
                <WithdrawalStatusChip status={receipt.status} />
              </Line>
              <Line label={t('payments.withdraw.requestedAt')}>{formatMoment(receipt.createdAt, lang)}</Line>
              <Line label={t('payments.withdraw.newBalance')}>
                {balanceFetching ? t('payments.withdraw.balanceUpdating') : euros(balance, lang)}
              </Line>
            </Box>
            <Typography variant="body2">{t('payments.withdraw.next')}</Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button variant="contained" onClick={close}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2">{t('payments.withdraw.reviewIntro')}</Typography>
            <Box
              component="dl"
              sx={{ display: 'grid', gap: 1, m: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
            >
              <Line label={t('payments.withdraw.reviewAmount')}>{amountText}</Line>
              <Line label={t('payments.withdraw.reviewTo')}>{account.iban}</Line>
              <Line label={t('payments.withdraw.reviewHolder')}>{account.holderName}</Line>
            </Box>
            <Alert severity="info" role="note">
              {t('payments.withdraw.heldAtOnce', { amount: amountText })}
            </Alert>
            {failure ? <FailureNotice failure={failure} /> : null}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button onClick={close} disabled={isPending}>
              {t('payments.withdraw.back')}
            </Button>
            <Button variant="contained" onClick={() => void confirm()} disabled={isPending}>
              {isPending ? t('payments.withdraw.sending') : t('payments.withdraw.confirm')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
