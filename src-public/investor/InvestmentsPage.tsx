import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { euros, formatDate, formatDay } from '../lib/format';
import { useMyInvestments } from './api';
import { InvestmentStatusChip } from './StatusChip';
import { QueryStatus } from './QueryStatus';
import { RevocableUntil, RevokeButton, RevokedNotice } from './Revoke';
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
 */
export function InvestmentsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, isPending, error } = useMyInvestments();
  const [revoked, setRevoked] = useState('');

  return (
    <Page title={t('investor.investments.title')}>
      <QueryStatus
        pending={isPending}
        loading={t('investor.investments.loading')}
        failed={error ? t('investor.investments.failed') : null}
      />
      <RevokedNotice message={revoked} />
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
      {data && data.length > 0 ? (
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
                      <RevokeButton investment={investment} onRevoked={setRevoked} />
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
          </Table>
        </TableContainer>
      ) : null}
    </Page>
  );
}

export { InvestmentsPage as Component };
