import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../../src-shared/api/http';
import { Page } from '../components/Page';
import { euros, formatDate, formatDay, formatPercent } from '../lib/format';
import { useInvestment, type InvestmentDetail } from './api';
import { SignedAmount } from './dashboardParts';
import { QueryStatus } from './QueryStatus';
import { InvestmentStatusChip } from './StatusChip';
import { RevocableUntil, RevokeButton, RevokedNotice } from './Revoke';

const cents = (value: number) => Math.round(value * 100);

/** A titled part of the page: an h2 and what it labels. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 5 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Label-value pairs as a description list that wraps on a phone (never wider than the screen). */
function Facts({ items }: { items: { label: string; value: ReactNode; hint?: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(150px, 1fr))', md: 'repeat(4, 1fr)' },
        gap: 2,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
            {item.value}
          </Typography>
          {item.hint ? (
            <Typography
              component="dd"
              variant="caption"
              color="text.secondary"
              sx={{ m: 0, display: 'block' }}
            >
              {item.hint}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

type HistoryItem = InvestmentDetail['history'][number];

/** One line of the loan's history in the reader's language. */
export function historyText(t: TFunction, item: HistoryItem, language: string): string {
  const amount = euros(item.credited, language);
  switch (item.kind) {
    case 'status':
      return t('investor.investment.events.status', {
        status: t(`investor.investment.loanStatus.${item.status ?? 'current'}`),
      });
    case 'payment':
    case 'recovery':
      return t(`investor.investment.events.${item.kind}`, { amount });
    default:
      return t(`investor.investment.events.${item.kind}`, { defaultValue: item.kind });
  }
}

function Schedule({ investment }: { investment: InvestmentDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = investment.installments;
  if (!rows) return <Typography color="text.secondary">{t('investor.investment.noSchedule')}</Typography>;
  const column = (key: string) => t(`investor.investment.scheduleColumns.${key}`);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('investor.investment.scheduleHint')}
      </Typography>
      {/* Scrolls inside its own box on a phone; focusable so a keyboard can scroll it too. */}
      <TableContainer
        component={Paper}
        variant="outlined"
        tabIndex={0}
        role="group"
        aria-labelledby="investment-schedule"
        sx={{ overflowX: 'auto', maxWidth: '100%' }}
      >
        <Table size="small" aria-labelledby="investment-schedule">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {column('number')}
              </TableCell>
              <TableCell component="th" scope="col">
                {column('dueDate')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {column('principal')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {column('interest')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {column('lateInterest')}
              </TableCell>
              <TableCell component="th" scope="col">
                {column('status')}
              </TableCell>
              <TableCell component="th" scope="col">
                {column('paidOn')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.number}>
                <TableCell component="th" scope="row">
                  {row.number}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(row.dueDate, lang)}</TableCell>
                <TableCell align="right">{euros(row.principal, lang)}</TableCell>
                <TableCell align="right">{euros(row.interest, lang)}</TableCell>
                <TableCell align="right">{euros(row.lateInterest, lang)}</TableCell>
                <TableCell>
                  {t(`investor.investment.installmentStatus.${row.status}`, { defaultValue: row.status })}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(row.paidAt, lang)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/**
 * /user/investments/:id (issue 24): one of the investor's investments from GET
 * /api/investments/{id}: the venture, amount and status, the next payment, what came back so far
 * (service fees and write-offs as losses), the investor's share of each instalment and the loan's
 * dated history. Another person's investment, or an unknown id, reads "not found". Within the
 * reflection period (EU 2020/1503 Art. 22) it says until when and offers Revoke (decision 0109).
 */
export function InvestmentDetailPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { id = '' } = useParams();
  const { data: investment, isPending, error } = useInvestment(id);
  const notFound = error instanceof ApiError && error.status === 404;
  const title = investment
    ? t('investor.investment.title', {
        venture: investment.venture.title || t('investor.investments.untitled'),
      })
    : t('investor.investment.titleFallback');

  return (
    <Page title={title}>
      <Link component={RouterLink} to="/user/investments" sx={{ display: 'inline-block', mt: 2 }}>
        {t('investor.investment.back')}
      </Link>
      <QueryStatus
        pending={isPending}
        loading={t('investor.investment.loading')}
        failed={
          error ? (notFound ? t('investor.investment.notFound') : t('investor.investment.failed')) : null
        }
      />
      {investment ? <InvestmentBody investment={investment} language={lang} t={t} /> : null}
    </Page>
  );
}

function InvestmentBody({
  investment,
  language: lang,
  t,
}: {
  investment: InvestmentDetail;
  language: string;
  t: TFunction;
}) {
  const { venture } = investment;
  const net =
    (cents(investment.receivedPrincipal) +
      cents(investment.receivedInterest) +
      cents(investment.receivedLateInterest) -
      cents(investment.serviceFees)) /
    100;
  const loss = (value: number) => (value === 0 ? 0 : -Math.abs(value));
  const [revoked, setRevoked] = useState('');
  const next = investment.nextPayment;
  return (
    <>
      <RevokedNotice message={revoked} />
      <Paper variant="outlined" sx={{ p: 2, mt: 3 }}>
        <Facts
          items={[
            {
              label: t('investor.investment.facts.status'),
              value: <InvestmentStatusChip investment={investment} />,
            },
            { label: t('investor.investment.facts.amount'), value: euros(investment.amount, lang) },
            {
              label: t('investor.investment.facts.outstanding'),
              value: euros(investment.outstandingPrincipal, lang),
            },
            {
              label: t('investor.investment.facts.investedOn'),
              value: formatDate(investment.investmentDate, lang),
            },
            {
              label: t('investor.investment.facts.rate'),
              value: t('investor.investment.facts.rateValue', {
                rate: formatPercent(venture.expectedReturn, lang),
                count: venture.investmentPeriod,
              }),
            },
            {
              label: t('investor.investment.facts.repayment'),
              value: t('investor.investment.facts.repaymentValue', {
                type: t(`investor.investment.repaymentTypes.${venture.repaymentType}`),
                frequency: t(`investor.investment.frequencies.${venture.repaymentFrequency}`),
              }),
            },
            {
              label: t('investor.investment.facts.expectedReturn'),
              value: euros(investment.totalExpectedReturn, lang),
            },
            {
              label: t('investor.investment.facts.venture'),
              value: (
                <Link component={RouterLink} to={`/ventures/${encodeURIComponent(venture._id)}`}>
                  {venture.title || t('investor.investments.untitled')}
                </Link>
              ),
            },
          ]}
        />
        <RevocableUntil investment={investment} />
        <RevokeButton investment={investment} onRevoked={setRevoked} />
      </Paper>

      <Section id="investment-next" title={t('investor.investment.nextTitle')}>
        {next ? (
          <>
            <Typography sx={{ fontWeight: 700 }}>
              {t('investor.investment.nextPayment', {
                amount: euros(next.amount, lang),
                date: formatDay(next.dueDate, lang),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('investor.investment.nextHint', { number: next.number })}
            </Typography>
          </>
        ) : (
          <Typography color="text.secondary">{t('investor.investment.noNext')}</Typography>
        )}
      </Section>

      <Section id="investment-received" title={t('investor.investment.receivedTitle')}>
        <Facts
          items={[
            {
              label: t('investor.investment.received.principal'),
              value: euros(investment.receivedPrincipal, lang),
              hint: t('investor.investment.receivedHints.principal'),
            },
            {
              label: t('investor.investment.received.interest'),
              value: euros(investment.receivedInterest, lang),
              hint: t('investor.investment.receivedHints.interest'),
            },
            {
              label: t('investor.investment.received.lateInterest'),
              value: euros(investment.receivedLateInterest, lang),
              hint: t('investor.investment.receivedHints.lateInterest'),
            },
            {
              label: t('investor.investment.received.serviceFees'),
              value: <SignedAmount value={loss(investment.serviceFees)} language={lang} />,
              hint: t('investor.investment.receivedHints.serviceFees'),
            },
            {
              label: t('investor.investment.received.writtenOff'),
              value: <SignedAmount value={loss(investment.writtenOff)} language={lang} />,
              hint: t('investor.investment.receivedHints.writtenOff'),
            },
            {
              label: t('investor.investment.received.net'),
              value: euros(net, lang),
              hint: t('investor.investment.receivedHints.net'),
            },
          ]}
        />
      </Section>

      <Section id="investment-schedule" title={t('investor.investment.scheduleTitle')}>
        <Schedule investment={investment} />
      </Section>

      <Section id="investment-history" title={t('investor.investment.historyTitle')}>
        {investment.history.length === 0 ? (
          <Typography color="text.secondary">{t('investor.investment.noHistory')}</Typography>
        ) : (
          <Box component="ol" aria-labelledby="investment-history" sx={{ pl: 0, m: 0, listStyle: 'none' }}>
            {investment.history.map((item, index) => (
              <Box
                component="li"
                key={`${item.businessDate}-${item.kind}-${index}`}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  columnGap: 2,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box
                  component="time"
                  dateTime={item.businessDate}
                  sx={{ minWidth: 110, color: 'text.secondary' }}
                >
                  {formatDay(item.businessDate, lang)}
                </Box>
                <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {historyText(t, item, lang)}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Section>
    </>
  );
}

export { InvestmentDetailPage as Component };
