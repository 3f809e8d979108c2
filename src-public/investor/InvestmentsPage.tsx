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
import { euros, formatDate } from '../lib/format';
import { useMyInvestments } from './api';
import { InvestmentStatusChip } from './StatusChip';
import { QueryStatus } from './QueryStatus';

/**
 * /user/investments (spec 2.5 and 8): the investor's investments, newest first: venture (a link to
 * it, or 'Untitled Venture'), amount, profit paid, status, total expected return and date.
 * 'Loading investments...' while loading, 'Failed to load investments.' when the call fails, and
 * 'You have no investments yet.' with a link to the ventures when there are none. The invest dialog
 * invalidates this list after an investment.
 */
export function InvestmentsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, isPending, error } = useMyInvestments();

  return (
    <Page title={t('investor.investments.title')}>
      <QueryStatus
        pending={isPending}
        loading={t('investor.investments.loading')}
        failed={error ? t('investor.investments.failed') : null}
      />
      {data && data.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          {t('investor.overview.noInvestments')}{' '}
          <Link component={RouterLink} to="/ventures">
            {t('investor.investments.browse')}
          </Link>
        </Typography>
      ) : null}
      {data && data.length > 0 ? (
        <TableContainer component={Paper} variant="outlined" sx={{ mt: 3 }}>
          <Table aria-label={t('investor.investments.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('investor.columns.venture')}</TableCell>
                <TableCell align="right">{t('investor.columns.amount')}</TableCell>
                <TableCell align="right">{t('investor.columns.profitPaid')}</TableCell>
                <TableCell>{t('investor.columns.status')}</TableCell>
                <TableCell align="right">{t('investor.columns.totalExpectedReturn')}</TableCell>
                <TableCell>{t('investor.columns.date')}</TableCell>
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
                    <TableCell align="right">{euros(investment.profitPaid, lang)}</TableCell>
                    <TableCell>
                      <InvestmentStatusChip status={investment.status} />
                    </TableCell>
                    <TableCell align="right">{euros(investment.totalExpectedReturn, lang)}</TableCell>
                    <TableCell>{formatDate(investment.investmentDate, lang)}</TableCell>
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
