import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useIsFetching } from '@tanstack/react-query';
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
import { balanceKeys } from '../auth/session/api';
import { useAuth } from '../auth/session/AuthProvider';
import { useBalance } from '../auth/session/BalanceProvider';
import { PROTECTION_PATHS, stepPath, withNext } from '../investor/protection/flow';
import { useProtectionProfile } from '../investor/protection/api';
import { formatMoment } from '../investor/reflection';
import { useMyVerification } from '../kyc/api';
import { euros, formatPercent } from '../lib/format';
import { failureText, translateRule } from '../lib/errors';
import { useInvest } from './api';
import { kiisHref } from './detail/VentureKiisLink';

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
function Figure({ label, value, text = false }: { label: string; value: string; text?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        // An amount stays on one line; a text (a venture's title, the repayment) wraps on a phone.
        sx={{
          m: 0,
          fontWeight: 700,
          minWidth: 0,
          ...(text ? { overflowWrap: 'anywhere', textAlign: 'right', ml: 'auto' } : { whiteSpace: 'nowrap' }),
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

type Step = 'amount' | 'review' | 'receipt';
type Invested = InvestResult['data'];
type Missing = NonNullable<ReturnType<typeof useProtectionProfile>['data']>['missing'][number];

const STEP_NUMBER: Record<Step, number> = { amount: 1, review: 2, receipt: 3 };

/** A refusal of the server as the dialog shows it: the reason in the reader's language, then what to do. */
interface Refusal {
  code: string | undefined;
  text: string;
  /** What to do when the code has no explanation of its own (no answer, an answer without a code). */
  help?: string;
}

/** Where a refusal sends the investor to fix it; the investor profile's pages come back by `?next=`. */
function refusalLink(code: string | undefined, next: string): { to: string; label: string } | null {
  switch (code) {
    case 'protection.test_required':
      return { to: withNext(PROTECTION_PATHS.test, next), label: 'investFlow.links.test' };
    case 'protection.simulation_required':
      return { to: withNext(PROTECTION_PATHS.simulation, next), label: 'investFlow.links.simulation' };
    case 'protection.acknowledgement_required':
      return { to: withNext(PROTECTION_PATHS.overview, next), label: 'investFlow.links.profile' };
    case 'investment.not_verified':
      return { to: '/user/verification', label: 'invest.verify.link' };
    case 'investment.insufficient_balance':
      return { to: '/user/funding', label: 'investFlow.links.funding' };
    default:
      return null;
  }
}

function RefusalAlert({ refusal, next }: { refusal: Refusal; next: string }) {
  const { t, i18n } = useTranslation();
  const key = refusal.code ? `investFlow.help.${refusal.code}` : '';
  const help = key && i18n.exists(key) ? t(key) : refusal.help;
  const link = refusalLink(refusal.code, next);
  return (
    <Alert id="invest-error" severity="error">
      {refusal.text}
      {help ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {help}
        </Typography>
      ) : null}
      {link ? (
        <Link component={RouterLink} to={link.to} sx={{ display: 'block', mt: 1 }}>
          {t(link.label)}
        </Link>
      ) : null}
    </Alert>
  );
}

/** Art. 21: what the investor profile still lacks, said before the investor types an amount. */
function ProtectionNotice({ missing, next }: { missing: Missing[]; next: string }) {
  const { t } = useTranslation();
  return (
    <Notice severity="warning">
      <Typography variant="body2">{t('investFlow.missing.title')}</Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
        {missing.map((step) => (
          <li key={step}>
            <Link component={RouterLink} to={withNext(stepPath(step), next)}>
              {t(`protection.missing.${step}`)}
            </Link>
          </li>
        ))}
      </Box>
      <Link component={RouterLink} to={withNext(PROTECTION_PATHS.overview, next)}>
        {t('investFlow.missing.link')}
      </Link>
    </Notice>
  );
}

/**
 * The invest modal (spec 4 and 5, API contract "Investor protection" and "Key investment information
 * sheet"). Who sees the form: an investor whose identity verification is complete and whose investor
 * profile lacks nothing (both checked when the dialog opens, `GET /api/kyc/my-verification` and
 * `GET /api/protection/me`); a company or admin is told that investing is for investor accounts, an
 * unverified investor why not (link to /user/verification), and an investor with a missing step of
 * EU 2020/1503 Art. 21 which one, with links to the investor profile that come back here (`?next=`).
 * Visitors never get here: the venture page sends them to /login first.
 *
 * Three steps (decision 0108):
 * 1. Amount: the balance, what is left to fund and the expected return of the typed amount; the
 *    minimum, maximum and what is left are checked on Continue and then as the amount changes, so an
 *    error goes as soon as the amount is right.
 * 2. Review: venture, amount, expected return, repayment, the KIIS (Art. 23) in the reader's language
 *    and the required "I have read" box; above the warning threshold of `GET /api/protection/me`
 *    (none for a sophisticated investor, or the one a 409 names) the warning of Art. 21(7) and an
 *    explicit consent, sent as `acknowledgeRisk: true`. Back keeps the amount. Confirm posts with one
 *    Idempotency-Key per opening (a retry reuses it; success starts a new one).
 * 3. Receipt: amount, venture, "Revocable until" in the investor's time zone to the minute (Art. 22)
 *    or that no reflection period applies, a link to the investment and the new balance.
 * A refusal is translated by its code, with what to do and where. Closing with the x or Close ends
 * the opening: the page gives every opening its own instance (`key`), so each starts empty.
 */
export function InvestDialog({
  venture,
  open,
  onClose,
}: {
  venture: VentureView;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { mutateAsync: investCall } = useInvest();
  const { user, isLoading: authLoading } = useAuth();
  const { balance, isLoading: balanceLoading } = useBalance();
  const balanceFetching = useIsFetching({ queryKey: balanceKeys.all }) > 0;
  const [step, setStep] = useState<Step>('amount');
  const [amount, setAmount] = useState('');
  const [amountChecked, setAmountChecked] = useState(false);
  const [kiisRead, setKiisRead] = useState(false);
  const [riskConsent, setRiskConsent] = useState(false);
  const [boxesChecked, setBoxesChecked] = useState(false);
  const [thresholdFromServer, setThresholdFromServer] = useState<bigint | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [processing, setProcessing] = useState(false);
  const [invested, setInvested] = useState<{ cents: bigint; investment: Invested | undefined } | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const submitting = useRef(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<Step>('amount');

  // A new step is announced by moving the focus to its heading (not on opening: the amount has it).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepHeading.current?.focus();
  }, [step]);

  const isInvestor = user?.role === 'user';
  const left = leftToFundCents(venture);
  const availability = ventureAvailability(venture);
  const ventureOpen = availability.open && left !== 0n;
  const checkProfile = open && isInvestor && ventureOpen;
  const kyc = useMyVerification({
    // Checked again at every opening: the status may have changed since.
    enabled: checkProfile,
    staleTime: 0,
  });
  const kycStatus: KycStatus | null = kyc.data?.statusInOurSystem ?? null;
  const protection = useProtectionProfile({ enabled: checkProfile, staleTime: 0 });
  const missing = protection.data?.missing ?? [];
  const next = `/ventures/${encodeURIComponent(venture._id)}/investment-form`;

  // Art. 21(7): the higher of EUR 1,000 and 5 % of the net worth, as the server computed it; none for
  // a sophisticated investor. A 409 naming another threshold wins (the profile may be a minute old).
  const profile = protection.data;
  const profileThreshold =
    profile && profile.category !== 'sophisticated' ? eurosToCents(profile.warningThreshold) : null;
  const threshold = thresholdFromServer ?? profileThreshold;

  const close = () => {
    if (submitting.current) return;
    idempotencyKey.current = newIdempotencyKey();
    onClose();
  };

  const checked = checkAmount(amount, venture, i18n);
  const aboveThreshold = checked.cents !== undefined && threshold !== null && checked.cents > threshold;

  const toReview = (event: FormEvent) => {
    event.preventDefault();
    setAmountChecked(true);
    if (checked.error !== undefined) return;
    setRefusal(null);
    setStep('review');
  };

  const back = () => {
    if (submitting.current) return;
    setRefusal(null);
    setStep('amount');
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || invested) return;
    if (checked.cents === undefined) {
      setAmountChecked(true);
      setStep('amount');
      return;
    }
    setBoxesChecked(true);
    if (!kiisRead || (aboveThreshold && !riskConsent)) return;
    setRefusal(null);
    submitting.current = true;
    setProcessing(true);
    try {
      // Settled either way, the call refreshes the venture, the header balance and the investments.
      const response = await investCall({
        body: {
          ventureId: venture._id,
          amount: centsToEuros(checked.cents),
          ...(aboveThreshold ? { acknowledgeRisk: true } : {}),
        },
        idempotencyKey: idempotencyKey.current,
      });
      // This key has done its work; a further investment from this dialog needs a new one.
      idempotencyKey.current = newIdempotencyKey();
      setInvested({ cents: checked.cents, investment: response?.data });
      setStep('receipt');
    } catch (caught) {
      // The key stays: a refused request did not use it up, and a request whose answer was lost
      // must be retried with the same key so that it cannot invest twice (decision 0040).
      const code = caught instanceof ApiError ? caught.code : undefined;
      const status = caught instanceof ApiError ? caught.status : -1;
      if (code === 'protection.acknowledgement_required' && caught instanceof ApiError) {
        const named = eurosToCents(Number(caught.params?.amount));
        if (named !== null) setThresholdFromServer(named);
      }
      let text: string;
      let help: string | undefined;
      if (status === 422 || code === 'idempotency.key_reused') text = t('invest.keyReused');
      else if (code === 'idempotency.in_progress') text = t('invest.inProgress');
      else {
        text = failureText(i18n, caught, {
          fallback: t('invest.failed'),
          noResponse: t('auth.errors.noResponse'),
        });
        help = t('investFlow.help.fallback');
      }
      setRefusal({ code, text, help });
    } finally {
      submitting.current = false;
      setProcessing(false);
    }
  };

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
  const kiisLang = ['en', 'de', 'es', 'fr'].includes(lang) ? lang : 'en';

  const heading = (
    <Typography
      ref={stepHeading}
      tabIndex={-1}
      component="h3"
      variant="subtitle2"
      color="text.secondary"
      sx={{ outline: 'none' }}
    >
      {t('investFlow.step', { number: STEP_NUMBER[step], name: t(`investFlow.steps.${step}`) })}
    </Typography>
  );

  let body: ReactNode;
  if (authLoading || !user) {
    body = <Checking text={t('invest.checkingAccount')} />;
  } else if (!isInvestor) {
    body = <Notice severity="info">{t('invest.investorsOnly')}</Notice>;
  } else if (step === 'receipt' && invested) {
    const investment = invested.investment;
    const until = investment?.revocableUntil;
    body = (
      <>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
          {heading}
          <Alert severity="success">
            {t('invest.success')}
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {balanceFetching || balanceLoading
                ? t('investFlow.receipt.balanceUpdating')
                : typeof balance === 'number'
                  ? t('investFlow.receipt.balance', { balance: euros(balance, lang) })
                  : null}
            </Typography>
          </Alert>
          <Box component="dl" sx={{ display: 'grid', gap: 1, m: 0 }}>
            <Figure
              label={t('investFlow.review.venture')}
              value={investment?.venture.title || venture.title}
              text
            />
            <Figure label={t('investFlow.review.amount')} value={euros(centsToEuros(invested.cents), lang)} />
          </Box>
          {until ? (
            <Box>
              <Typography sx={{ fontWeight: 700 }}>
                {t('investFlow.receipt.revocableUntil', { date: formatMoment(until, lang) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('investFlow.receipt.revocableHint')}
              </Typography>
            </Box>
          ) : until === null ? (
            <Typography variant="body2">{t('investFlow.receipt.noReflection')}</Typography>
          ) : null}
          {investment?._id ? (
            <Link component={RouterLink} to={`/user/investments/${encodeURIComponent(investment._id)}`}>
              {t('investFlow.receipt.open')}
            </Link>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button variant="contained" onClick={close}>
            {t('common.close')}
          </Button>
        </DialogActions>
      </>
    );
  } else if (!ventureOpen) {
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
  } else if (protection.isPending || (protection.isFetching && missing.length > 0)) {
    body = <Checking text={t('investFlow.checkingProfile')} />;
  } else if (protection.isSuccess && missing.length > 0) {
    body = <ProtectionNotice missing={missing} next={next} />;
  } else if (step === 'review' && checked.cents !== undefined) {
    // Verified, or a check failed: the server decides and says why if it refuses.
    const repayment =
      venture.repaymentType && venture.repaymentFrequency
        ? t('investFlow.review.repaymentValue', {
            type: t(`investor.investment.repaymentTypes.${venture.repaymentType}`),
            frequency: t(`investor.investment.frequencies.${venture.repaymentFrequency}`),
          })
        : '-';
    const amountText = euros(centsToEuros(checked.cents), lang);
    const kiisMissing = boxesChecked && !kiisRead;
    const consentMissing = boxesChecked && aboveThreshold && !riskConsent;
    body = (
      <form onSubmit={confirm} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
          {heading}
          <Typography variant="body2">{t('investFlow.review.intro')}</Typography>
          <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
            <Box component="dl" sx={{ display: 'grid', gap: 1, m: 0 }}>
              <Figure label={t('investFlow.review.venture')} value={venture.title} text />
              <Figure label={t('investFlow.review.amount')} value={amountText} />
              <Figure
                label={t('investFlow.review.expectedReturn')}
                value={expected === null ? '-' : euros(expected, lang)}
              />
              <Figure label={t('investFlow.review.repayment')} value={repayment} text />
            </Box>
          </Box>
          <Box>
            <Link href={kiisHref(venture._id, kiisLang)} target="_blank" rel="noopener">
              {t('investFlow.review.kiisLink')}
            </Link>
            <FormControlLabel
              sx={{ display: 'flex', mt: 1 }}
              control={
                <Checkbox
                  checked={kiisRead}
                  onChange={(event) => setKiisRead(event.target.checked)}
                  disabled={processing}
                  slotProps={{
                    input: {
                      'aria-invalid': kiisMissing || undefined,
                      'aria-describedby': kiisMissing ? 'invest-kiis-error' : undefined,
                    } as object,
                  }}
                />
              }
              label={t('investFlow.review.kiisConfirm')}
            />
            {kiisMissing ? (
              <FormHelperText id="invest-kiis-error" error>
                {t('investFlow.review.kiisRequired')}
              </FormHelperText>
            ) : null}
          </Box>
          {aboveThreshold && threshold !== null ? (
            <Alert severity="warning" role="group" aria-labelledby="invest-warning-title">
              <AlertTitle id="invest-warning-title" component="h4">
                {t('investFlow.warning.title')}
              </AlertTitle>
              <Typography variant="body2">
                {t('investFlow.warning.text', {
                  amount: amountText,
                  threshold: euros(centsToEuros(threshold), lang),
                })}
              </Typography>
              <FormControlLabel
                sx={{ display: 'flex', mt: 1 }}
                control={
                  <Checkbox
                    checked={riskConsent}
                    onChange={(event) => setRiskConsent(event.target.checked)}
                    disabled={processing}
                    slotProps={{
                      input: {
                        'aria-invalid': consentMissing || undefined,
                        'aria-describedby': consentMissing ? 'invest-consent-error' : undefined,
                      } as object,
                    }}
                  />
                }
                label={t('investFlow.warning.consent', { amount: amountText })}
              />
              {consentMissing ? (
                <FormHelperText id="invest-consent-error" error>
                  {t('investFlow.warning.required')}
                </FormHelperText>
              ) : null}
            </Alert>
          ) : null}
          {refusal ? <RefusalAlert refusal={refusal} next={next} /> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={back} disabled={processing}>
            {t('investFlow.back')}
          </Button>
          <Button type="submit" variant="contained" disabled={processing}>
            {processing ? t('invest.processing') : t('investFlow.confirm')}
          </Button>
        </DialogActions>
      </form>
    );
  } else {
    const amountError = amountChecked ? checked.error : undefined;
    body = (
      <form onSubmit={toReview} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
          {heading}
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
          <TextField
            label={t('invest.amount')}
            name="amount"
            type="number"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            onBlur={() => {
              if (amount.trim() !== '') setAmountChecked(true);
            }}
            required
            autoFocus
            error={Boolean(amountError)}
            slotProps={{
              htmlInput: {
                min: venture.minInvestmentAmount ?? 0,
                max: venture.maxInvestmentAmount,
                step: 0.01,
                inputMode: 'decimal',
                'aria-describedby': amountError ? 'invest-error' : undefined,
              },
            }}
          />
          {amountError ? (
            <Alert id="invest-error" severity="error">
              {amountError}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button type="submit" variant="contained">
            {t('investFlow.continue')}
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
