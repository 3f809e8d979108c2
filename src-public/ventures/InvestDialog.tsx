import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { api, ApiError } from '../../src-shared/api/client';
import type { KycStatus } from '../../src-shared/constants/enums';
import type { MyVerification } from '../../src-shared/contracts/kyc';
import type { Investment } from '../../src-shared/contracts/money';
import { centsToEuros, eurosToCents, expectedReturnCents } from '../../src-shared/money';
import { useAuth } from '../auth/AuthProvider';
import { BALANCE_QUERY_KEY, useBalance } from '../auth/BalanceProvider';
import { INVESTMENTS_QUERY_KEY, KYC_STATUS_QUERY_KEY } from '../investor/queryKeys';
import { euros, formatPercent } from '../lib/format';
import { failureMessage, successMessage } from '../lib/serverMessages';
import { venturesKeys } from './api';
import type { Venture } from './types';

/** Spec 9: the success message stays 1 second, then the dialog closes. */
export const INVEST_SUCCESS_CLOSE_MS = 1000;

/** The server's answers to a key that is being or was used for another request (not shown as sent). */
const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is in progress.';
const NOT_VERIFIED = 'Please complete identity verification before investing.';

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Euros as the API sends them to integer cents (null for anything that is not an amount). */
const toCents = (value: unknown): bigint | null => (typeof value === 'number' ? eurosToCents(value) : null);

/** What is left to fund (target - funded, never below 0), or null without both figures. */
export function leftToFundCents(venture: Venture): bigint | null {
  const target = toCents(venture.targetAmount);
  const funded = toCents(venture.amountFunded);
  if (target === null || funded === null) return null;
  return target > funded ? target - funded : 0n;
}

/** Whether the venture takes investments now (the server decides; this only spares a useless form). */
function isOpenForInvestment(venture: Venture, now = Date.now()): boolean {
  if (venture.lifecycleStatus && venture.lifecycleStatus !== 'new') return false;
  if (venture.closingDate && Date.parse(venture.closingDate) <= now) return false;
  if (venture.goesLiveAt && Date.parse(venture.goesLiveAt) > now) return false;
  return leftToFundCents(venture) !== 0n;
}

type AmountCheck = { cents: bigint; error?: undefined } | { cents?: undefined; error: string };

/**
 * The client-side amount rules (spec 5): not a number or below the minimum reads 'Minimum investment
 * is €{min}', above the maximum 'Maximum investment is €{max}'. As on the server, the last ticket may
 * be below the minimum when it is exactly what is left to fund. Money has at most two decimals.
 */
export function checkAmount(text: string, venture: Venture, t: TFunction, language: string): AmountCheck {
  const min = venture.minInvestmentAmount;
  const max = venture.maxInvestmentAmount;
  const minimum = t('invest.minimum', { min: euros(min ?? 0, language) });
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value) || value <= 0) return { error: minimum };
  const cents = eurosToCents(value);
  const minCents = toCents(min);
  const maxCents = toCents(max);
  const left = leftToFundCents(venture);
  const isLastTicket = cents !== null && left !== null && left > 0n && cents === left;
  // An amount with more decimals than money has still compares by its value.
  const below = minCents !== null && (cents !== null ? cents < minCents : value < Number(min));
  if (below && !isLastTicket) return { error: minimum };
  const above = maxCents !== null && (cents !== null ? cents > maxCents : value > Number(max));
  if (above) return { error: t('invest.maximum', { max: euros(max, language) }) };
  if (cents === null) return { error: t('invest.decimals') };
  return { cents };
}

/** The expected return of an amount (api-contract: simple annual interest, rounded to cents). */
function expectedReturnOf(cents: bigint, venture: Venture): number | null {
  const { expectedReturn, investmentPeriod } = venture;
  if (typeof expectedReturn !== 'number' || eurosToCents(expectedReturn) === null) return null;
  if (typeof investmentPeriod !== 'number' || !Number.isInteger(investmentPeriod)) return null;
  return centsToEuros(expectedReturnCents(cents, expectedReturn, investmentPeriod));
}

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
 * refetched (query invalidation, no page reload) and the dialog closes after 1 s. A refusal shows the
 * server's message in the reader's language. Closing with the x clears the amount and the message:
 * the page gives every opening its own instance (`key`), so each starts empty with a new key.
 */
export function InvestDialog({
  venture,
  open,
  onClose,
  onSuccess,
}: {
  venture: Venture;
  open: boolean;
  onClose: () => void;
  /** Called with the new investment when the dialog closes after a success. */
  onSuccess?: (investment: Investment | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const queryClient = useQueryClient();
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

  const isInvestor = user?.role === 'user';
  const ventureOpen = isOpenForInvestment(venture);
  const kyc = useQuery({
    queryKey: KYC_STATUS_QUERY_KEY,
    queryFn: async (): Promise<KycStatus | null> => {
      const response = await api.get<Partial<MyVerification> | null>('/kyc/my-verification');
      return response?.statusInOurSystem ?? null;
    },
    // Checked again at every opening: the status may have changed since.
    enabled: open && isInvestor && ventureOpen,
    staleTime: 0,
    retry: false,
  });

  const close = () => {
    if (submitting.current) return;
    window.clearTimeout(closeTimer.current);
    idempotencyKey.current = newIdempotencyKey();
    onClose();
  };

  const refreshFigures = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: venturesKeys.all }),
      queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: INVESTMENTS_QUERY_KEY }),
    ]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || success) return;
    const checked = checkAmount(amount, venture, t, lang);
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
      const response = await api.post<{ message?: string; data?: Investment }>(
        '/investments',
        { ventureId: venture._id, amount: centsToEuros(checked.cents) },
        { headers: { 'Idempotency-Key': idempotencyKey.current }, fallbackMessage: t('invest.failed') },
      );
      // This key has done its work; a further investment from this dialog needs a new one.
      idempotencyKey.current = newIdempotencyKey();
      setSuccess(successMessage(response, t, t('invest.success'), lang));
      void refreshFigures();
      closeTimer.current = window.setTimeout(() => {
        onClose();
        onSuccess?.(response?.data);
      }, INVEST_SUCCESS_CLOSE_MS);
    } catch (caught) {
      // The key stays: a refused request did not use it up, and a request whose answer was lost
      // must be retried with the same key so that it cannot invest twice.
      const status = caught instanceof ApiError ? caught.status : -1;
      if (status === 422) setError(t('invest.keyReused'));
      else if (status === 409 && caught instanceof ApiError && caught.message === KEY_IN_PROGRESS)
        setError(t('invest.inProgress'));
      else
        setError(
          failureMessage(
            caught,
            t,
            { fallback: t('invest.failed'), noResponse: t('auth.errors.noResponse') },
            lang,
          ),
        );
      setShowVerifyLink(status === 403 && caught instanceof ApiError && caught.message === NOT_VERIFIED);
      // The balance or the venture may have changed: show the figures the server went by.
      void refreshFigures();
    } finally {
      submitting.current = false;
      setProcessing(false);
    }
  };

  const checked = checkAmount(amount, venture, t, lang);
  const expected = checked.cents !== undefined ? expectedReturnOf(checked.cents, venture) : null;
  const left = leftToFundCents(venture);
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
    body = <Notice severity="info">{t('invest.server.notOpen')}</Notice>;
  } else if (kyc.isPending || (kyc.isFetching && kyc.data !== 'complete')) {
    body = <Checking text={t('invest.checkingVerification')} />;
  } else if (kyc.isSuccess && kyc.data !== 'complete') {
    body = <VerificationNotice status={kyc.data} />;
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
