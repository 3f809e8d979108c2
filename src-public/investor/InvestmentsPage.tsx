import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { PhoneList, usePhone } from '../components/PhoneList';
import { euros, formatDate, formatDay } from '../lib/format';
import type { MyInvestment } from '../../src-shared/api/types';
import { useMyInvestments } from './api';
import { InvestmentStatusChip } from './StatusChip';
import { QueryStatus } from './QueryStatus';
import {
  RevocableUntil,
  RevokeButton,
  RevokeDialog,
  RevokedNotice,
  type RevocableInvestment,
} from './Revoke';
import { InvestmentsCsvButton } from './statements/StatementsPage';

/**
 * /user/investments (spec 2.5 and 8, issue 24): the investor's investments, newest first: venture (a
 * link to it, or 'Untitled Venture'), amount, status as it is (Raising, Repaying · On time, Repaying
 * · Late n days, In default, ...), principal outstanding, next payment date, profit paid, total
 * expected return, date, and a link to the investment's page.
 * 'Loading investments...' while loading, 'Failed to load investments.' when the call fails, and
 * 'You have no investments yet.' with a link to the ventures when there are none. The invest dialog
 * invalidates this list after an investment. While an investment is within its reflection period
 * (EU 2020/1503 Art. 22), its status says until when and offers Revoke (decision 0109); a revocation
 * is confirmed above the table with the new balance, and the row turns 'Revoked'. Above the table, the
 * list as CSV (GET /api/statements/investments, issue 28).
 * The table ends with a totals row; on a phone it is a one-line-per-investment list (issue 30,
 * decision 0182): the title (an ellipsis) beside the amount, the status and date below, the totals last.
 */
export function InvestmentsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const phone = usePhone();
  const { data, isPending, error } = useMyInvestments();
  const [revoked, setRevoked] = useState('');
  // One dialog for the page, outside the rows: switching between the table and the phone list
  // (crossing 600 px) must not close a confirmation that is open.
  const [revoking, setRevoking] = useState<RevocableInvestment | null>(null);
  const totals = data ? investmentTotals(data) : undefined;
  const totalLabel = t('investorTables.total', { count: totals?.count ?? 0 });

  return (
    <Page title={t('investor.investments.title')}>
      <QueryStatus
        pending={isPending}
        loading={t('investor.investments.loading')}
        failed={error ? t('investor.investments.failed') : null}
      />
      <RevokedNotice message={revoked} />
      <RevokeDialog investment={revoking} onClose={() => setRevoking(null)} onRevoked={setRevoked} />
      {data && data.length > 0 ? (
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
          <InvestmentsCsvButton />
        </Box>
      ) : null}
      {data && data.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          {t('investor.overview.noInvestments')}{' '}
          <Link component={RouterLink} to="/ventures">
            {t('investor.investments.browse')}
          </Link>
        </Typography>
      ) : null}
      {data && data.length > 0 && totals && phone ? (
        <PhoneList
          aria-label={t('investor.investments.title')}
          items={data.map((investment) => {
            const title = investment.venture?.title || t('investor.investments.untitled');
            return {
              key: investment._id,
              primary: (
                <Link
                  component={RouterLink}
                  to={`/user/investments/${encodeURIComponent(investment._id)}`}
                  aria-label={t('investor.investments.detailsLabel', { venture: title })}
                >
                  {title}
                </Link>
              ),
              figure: euros(investment.amount, lang),
              secondary: (
                <>
                  <InvestmentStatusChip investment={investment} />
                  <span>{formatDate(investment.investmentDate, lang)}</span>
                  <RevocableUntil investment={investment} />
                  <RevokeButton investment={investment} onRevoked={setRevoked} onOpen={setRevoking} />
                </>
              ),
            };
          })}
          footer={
            <Box sx={{ display: 'flex', gap: 1.5, px: 2, py: 1, fontWeight: 700 }}>
              <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
                {totalLabel}
              </Box>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {euros(totals.amount, lang)}
              </Box>
            </Box>
          }
        />
      ) : null}
      {data && data.length > 0 && totals && !phone ? (
        // Scrolls inside its own box on a phone; focusable so a keyboard can scroll it too.
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="group"
          aria-label={t('investor.investments.title')}
          sx={{ mt: 3, overflowX: 'auto', maxWidth: '100%' }}
        >
          <Table aria-label={t('investor.investments.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('investor.columns.venture')}</TableCell>
                <TableCell align="right">{t('investor.columns.amount')}</TableCell>
                <TableCell>{t('investor.columns.status')}</TableCell>
                <TableCell align="right">{t('investor.columns.outstanding')}</TableCell>
                <TableCell>{t('investor.columns.nextPayment')}</TableCell>
                <TableCell align="right">{t('investor.columns.profitPaid')}</TableCell>
                <TableCell align="right">{t('investor.columns.totalExpectedReturn')}</TableCell>
                <TableCell>{t('investor.columns.date')}</TableCell>
                <TableCell>{t('investor.columns.details')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((investment) => {
                const title = investment.venture?.title || t('investor.investments.untitled');
                return (
                  <TableRow key={investment._id}>
                    <TableCell>
                      {investment.venture?._id ? (
                        <Link
                          component={RouterLink}
                          to={`/ventures/${encodeURIComponent(investment.venture._id)}`}
                        >
                          {title}
                        </Link>
                      ) : (
                        title
                      )}
                    </TableCell>
                    <TableCell align="right">{euros(investment.amount, lang)}</TableCell>
                    <TableCell>
                      <InvestmentStatusChip investment={investment} />
                      <RevocableUntil investment={investment} />
                      <RevokeButton investment={investment} onRevoked={setRevoked} onOpen={setRevoking} />
                    </TableCell>
                    <TableCell align="right">{euros(investment.outstandingPrincipal, lang)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDay(investment.nextPaymentDate, lang)}
                    </TableCell>
                    <TableCell align="right">{euros(investment.profitPaid, lang)}</TableCell>
                    <TableCell align="right">{euros(investment.totalExpectedReturn, lang)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(investment.investmentDate, lang)}
                    </TableCell>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`/user/investments/${encodeURIComponent(investment._id)}`}
                        aria-label={t('investor.investments.detailsLabel', { venture: title })}
                      >
                        {t('investor.investments.details')}
                      </Link>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
            {/* MUI's footer cells are small and grey; totals are figures people read, so body size, bold. */}
            <TableFooter
              sx={{
                '& .MuiTableCell-footer': { color: 'text.primary', fontSize: '0.875rem', fontWeight: 700 },
              }}
            >
              <TableRow>
                <TableCell component="th" scope="row">
                  {totalLabel}
                </TableCell>
                <TableCell align="right">{euros(totals.amount, lang)}</TableCell>
                <TableCell />
                <TableCell align="right">{euros(totals.outstanding, lang)}</TableCell>
                <TableCell />
                <TableCell align="right">{euros(totals.profitPaid, lang)}</TableCell>
                <TableCell align="right">{euros(totals.totalExpectedReturn, lang)}</TableCell>
                <TableCell />
                <TableCell />
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      ) : null}
    </Page>
  );
}

/** Refunded and revoked investments hold nothing: the totals leave them out. */
const NOT_HELD = new Set(['refunded', 'revoked']);

const cents = (value: unknown) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? Math.round(number * 100) : 0;
};

/** The totals row: sums in whole cents (no floating-point drift), over the investments still held. */
export function investmentTotals(rows: readonly MyInvestment[]) {
  const held = rows.filter((row) => !NOT_HELD.has(String(row.status)));
  const sum = (pick: (row: MyInvestment) => unknown) =>
    held.reduce((total, row) => total + cents(pick(row)), 0) / 100;
  return {
    count: held.length,
    amount: sum((row) => row.amount),
    outstanding: sum((row) => row.outstandingPrincipal),
    profitPaid: sum((row) => row.profitPaid),
    totalExpectedReturn: sum((row) => row.totalExpectedReturn),
  };
}

export { InvestmentsPage as Component };
