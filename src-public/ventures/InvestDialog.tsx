import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../src-shared/api/http';
import type { InvestResult, VentureView } from '../../src-shared/api/types';
import type { KycStatus } from '../../src-shared/constants/enums';
import { centsToEuros, eurosToCents, expectedReturnCents } from '../../src-shared/money';
import {
  checkInvestmentAmount,
  leftToFundCents as leftOf,
  type InvestTerms,
} from '../../src-shared/rules/invest';
import { ventureAvailability } from '../../src-shared/rules/ventureProgress';
import { useAuth } from '../auth/session/AuthProvider';
import { useBalance } from '../auth/session/BalanceProvider';
import { useMyVerification } from '../kyc/api';
import { euros, formatPercent } from '../lib/format';
import { failureText, translateRule } from '../lib/errors';
import { useInvest } from './api';

/** Spec 9: the success message stays 1 second, then the dialog closes. */
export const INVEST_SUCCESS_CLOSE_MS = 1000;

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The venture's money terms in integer cents (null when the answer lacks one of them). */
function termsOf(venture: VentureView): InvestTerms | null {
  const minInvestmentCents = eurosToCents(venture.minInvestmentAmount);
  const maxInvestmentCents = eurosToCents(venture.maxInvestmentAmount);
  const targetAmountCents = eurosToCents(venture.targetAmount);
  const amountFundedCents = eurosToCents(venture.amountFunded);
  if (
    minInvestmentCents === null ||
    maxInvestmentCents === null ||
    targetAmountCents === null ||
    amountFundedCents === null
  )
    return null;
  return { minInvestmentCents, maxInvestmentCents, targetAmountCents, amountFundedCents };
}

/** What is left to fund (target - funded, never below 0), or null without both figures. */
function leftToFundCents(venture: VentureView): bigint | null {
  const terms = termsOf(venture);
  return terms ? leftOf(terms) : null;
}

type AmountCheck = { cents: bigint; error?: undefined } | { cents?: undefined; error: string };

/**
 * The amount rules of src-shared/rules/invest.ts (the server's own, spec 5): not a number or below
 * the minimum reads 'Minimum investment is €{min}', above the maximum 'Maximum investment is
 * €{max}', above what is left to fund says how much is left. As on the server, the last ticket may
 * be below the minimum when it is exactly what is left to fund. Money has at most two decimals. The
 * balance is the server's to check: the header's figure may be a minute old.
 */
function checkAmount(text: string, venture: VentureView, i18n: I18nLike): AmountCheck {
  const minimum = translateRule(i18n, {
    code: 'investment.below_minimum',
    params: { amount: venture.minInvestmentAmount },
  });
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value) || value <= 0) return { error: minimum };
  const cents = eurosToCents(value);
  if (cents === null) {
    // An amount with more decimals than money has still compares by its value.
    if (value < venture.minInvestmentAmount) return { error: minimum };
    if (value > venture.maxInvestmentAmount)
      return {
        error: translateRule(i18n, {
          code: 'investment.above_maximum',
          params: { amount: venture.maxInvestmentAmount },
        }),
      };
    return { error: i18n.t('invest.decimals') };
  }
  const terms = termsOf(venture);
  const refusal = terms ? checkInvestmentAmount(cents, terms) : null;
  return refusal ? { error: translateRule(i18n, refusal) } : { cents };
}

/** The expected return of an amount (api-contract: simple annual interest, rounded to cents). */
function expectedReturnOf(cents: bigint, venture: VentureView): number | null {
  const { expectedReturn, investmentPeriod } = venture;
  if (typeof expectedReturn !== 'number' || eurosToCents(expectedReturn) === null) return null;
  if (typeof investmentPeriod !== 'number' || !Number.isInteger(investmentPeriod)) return null;
  return centsToEuros(expectedReturnCents(cents, expectedReturn, investmentPeriod));
}

type I18nLike = Pick<ReturnType<typeof useTranslation>['i18n'], 't' | 'language'>;

function Notice({ severity, children }: { severity: 'info' | 'warning'; children: ReactNode }) {
  return (
    <DialogContent>
      <Alert severity={severity}>{children}</Alert>
    </DialogContent>
  );
}

function Checking({ text }: { text: string }) {
  return (
    <DialogContent>
      <Typography role="status" color="text.secondary">
        {text}
      </Typography>
    </DialogContent>
  );
}

function VerificationNotice({ status }: { status: KycStatus | null | undefined }) {
  const { t } = useTranslation();
  const text =
    status === 'pending'
      ? t('invest.verify.pending')
      : status === 'rejected'
        ? t('invest.verify.rejected')
        : t('invest.verify.notStarted');
  return (
    <Notice severity="warning">
      <Typography variant="body2">{text}</Typography>
      <Link component={RouterLink} to="/user/verification" sx={{ display: 'inline-block', mt: 1 }}>
        {t('invest.verify.link')}
      </Link>
    </Notice>
  );
}

/** One figure of the dialog: a term and its value. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The invest modal (spec 4 and 5). Who sees the form: an investor whose identity verification is
 * complete (checked when the dialog opens); a company or admin is told that investing is for investor
 * accounts, and an unverified investor why not, with a link to /user/verification. Visitors never get
 * here: the venture page sends them to /login first.
 *
 * The form shows the balance, what is left to fund and the expected return of the typed amount,
 * checks the minimum and maximum, then posts with one Idempotency-Key per opening (a retry of a
 * failed submission reuses it; success and closing start a new one). 'Processing...' while it waits;
 * on success 'Investment successful!', the venture, the header balance and the investment lists are
 * refetched (query invalidation, no page reload) and the dialog closes after 1 s. A refusal is
 * translated by its code. Closing with the x clears the amount and the message:
 * the page gives every opening its own instance (`key`), so each starts empty with a new key.
 */
export function InvestDialog({
  venture,
  open,
  onClose,
  onSuccess,
}: {
  venture: VentureView;
  open: boolean;
  onClose: () => void;
  /** Called with the new investment when the dialog closes after a success. */
  onSuccess?: (investment: InvestResult['data'] | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { mutateAsync: investCall } = useInvest();
  const { user, isLoading: authLoading } = useAuth();
  const { balance, isLoading: balanceLoading } = useBalance();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [showVerifyLink, setShowVerifyLink] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [success, setSuccess] = useState('');
  const idempotencyKey = useRef(newIdempotencyKey());
  const submitting = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  // 'Investment successful!' stays a full second on screen: the timer starts once it is shown (a
  // busy page can take a moment to render it after the answer came).
  const investedWith = useRef<InvestResult['data'] | undefined>(undefined);
  const closeAfterSuccess = useEffectEvent(() => {
    onClose();
    onSuccess?.(investedWith.current);
  });
  useEffect(() => {
    if (!success) return;
    closeTimer.current = window.setTimeout(closeAfterSuccess, INVEST_SUCCESS_CLOSE_MS);
  }, [success]);

  const isInvestor = user?.role === 'user';
  const left = leftToFundCents(venture);
  const availability = ventureAvailability(venture);
  const ventureOpen = availability.open && left !== 0n;
  const kyc = useMyVerification({
    // Checked again at every opening: the status may have changed since.
    enabled: open && isInvestor && ventureOpen,
    staleTime: 0,
  });
  const kycStatus: KycStatus | null = kyc.data?.statusInOurSystem ?? null;

  const close = () => {
    if (submitting.current) return;
    window.clearTimeout(closeTimer.current);
    idempotencyKey.current = newIdempotencyKey();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || success) return;
    const checked = checkAmount(amount, venture, i18n);
    if (checked.error !== undefined) {
      setError(checked.error);
      setShowVerifyLink(false);
      return;
    }
    setError('');
    setShowVerifyLink(false);
    submitting.current = true;
    setProcessing(true);
    try {
      // Settled either way, the call refreshes the venture, the header balance and the investments.
      const response = await investCall({
        body: { ventureId: venture._id, amount: centsToEuros(checked.cents) },
        idempotencyKey: idempotencyKey.current,
      });
      // This key has done its work; a further investment from this dialog needs a new one.
      idempotencyKey.current = newIdempotencyKey();
      investedWith.current = response?.data;
      setSuccess(t('invest.success'));
    } catch (caught) {
      // The key stays: a refused request did not use it up, and a request whose answer was lost
      // must be retried with the same key so that it cannot invest twice.
      // The balance or the venture may have changed: the figures the server went by are refetched.
      const code = caught instanceof ApiError ? caught.code : undefined;
      const status = caught instanceof ApiError ? caught.status : -1;
      if (status === 422 || code === 'idempotency.key_reused') setError(t('invest.keyReused'));
      else if (code === 'idempotency.in_progress') setError(t('invest.inProgress'));
      else
        setError(
          failureText(i18n, caught, {
            fallback: t('invest.failed'),
            noResponse: t('auth.errors.noResponse'),
          }),
        );
      setShowVerifyLink(code === 'investment.not_verified');
    } finally {
      submitting.current = false;
      setProcessing(false);
    }
  };

  const checked = checkAmount(amount, venture, i18n);
  const expected = checked.cents !== undefined ? expectedReturnOf(checked.cents, venture) : null;
  const period =
    typeof venture.investmentPeriod === 'number'
      ? t('ventures.card.months', { count: venture.investmentPeriod })
      : '-';
  const balanceText = balanceLoading
    ? t('balance.loading')
    : typeof balance === 'number'
      ? euros(balance, lang)
      : '-';

  let body: ReactNode;
  if (authLoading || !user) {
    body = <Checking text={t('invest.checkingAccount')} />;
  } else if (!isInvestor) {
    body = <Notice severity="info">{t('invest.investorsOnly')}</Notice>;
  } else if (!ventureOpen && !success) {
    // Why not, in the words of the venture page (funded, repaid, coming soon, closed, not approved).
    body = (
      <Notice severity="info">
        {t(`venture.availability.reason.${availability.reason ?? (left === 0n ? 'funded' : 'notApproved')}`)}
      </Notice>
    );
  } else if (kyc.isPending || (kyc.isFetching && kycStatus !== 'complete')) {
    body = <Checking text={t('invest.checkingVerification')} />;
  } else if (kyc.isSuccess && kycStatus !== 'complete') {
    body = <VerificationNotice status={kycStatus} />;
  } else {
    // Verified, or the check failed: the server decides and says why if it refuses.
    body = (
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t('invest.limits', {
              min: euros(venture.minInvestmentAmount, lang),
              max: euros(venture.maxInvestmentAmount, lang),
            })}
          </Typography>
          <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
            <Box component="dl" sx={{ display: 'grid', gap: 1, m: 0 }}>
              <Figure label={t('invest.balance')} value={balanceText} />
              <Figure
                label={t('invest.leftToFund')}
                value={left === null ? '-' : euros(centsToEuros(left), lang)}
              />
              <Figure
                label={t('invest.expectedReturn')}
                value={expected === null ? '-' : euros(expected, lang)}
              />
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              {t('invest.expectedReturnHint', {
                percent: formatPercent(venture.expectedReturn, lang),
                period,
              })}
            </Typography>
          </Box>
          {success ? (
            <Alert severity="success">{success}</Alert>
          ) : (
            <TextField
              label={t('invest.amount')}
              name="amount"
              type="number"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              required
              autoFocus
              disabled={processing}
              error={Boolean(error)}
              slotProps={{
                htmlInput: {
                  min: venture.minInvestmentAmount ?? 0,
                  max: venture.maxInvestmentAmount,
                  step: 0.01,
                  inputMode: 'decimal',
                  'aria-describedby': error ? 'invest-error' : undefined,
                },
              }}
            />
          )}
          {error ? (
            <Alert id="invest-error" severity="error">
              {error}
              {showVerifyLink ? (
                <Link component={RouterLink} to="/user/verification" sx={{ display: 'block', mt: 1 }}>
                  {t('invest.verify.link')}
                </Link>
              ) : null}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button type="submit" variant="contained" disabled={processing || Boolean(success)}>
            {processing ? t('invest.processing') : t('invest.submit')}
          </Button>
        </DialogActions>
      </form>
    );
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="invest-dialog-title">
      <DialogTitle id="invest-dialog-title" sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {t('invest.title', { title: venture.title })}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={close}
        disabled={processing}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      {body}
    </Dialog>
  );
}
