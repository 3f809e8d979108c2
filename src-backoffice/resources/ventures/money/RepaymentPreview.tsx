import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RepaymentShare } from '../../../../src-shared/rules/repayment';
import { useMoneyWords } from './MoneyDialog';

/** What each investor receives of `amount`, with the totals invested and repaid. */
export const RepaymentPreview = ({ shares, amount }: { shares: RepaymentShare[]; amount: number | null }) => {
  const translate = useTranslate();
  const { money } = useMoneyWords();
  return (
    <Box>
      <Typography variant="subtitle2" component="h4" id="repayment-preview">
        {translate('app.moneyActions.preview_title')}
      </Typography>
      {shares.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.moneyActions.preview_empty')}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby="repayment-preview">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.moneyActions.investor')}</TableCell>
              <TableCell align="right">{translate('app.moneyActions.invested')}</TableCell>
              <TableCell align="right">{translate('app.moneyActions.receives')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shares.map((share) => (
              <TableRow key={share.investorId}>
                <TableCell>{share.name}</TableCell>
                <TableCell align="right">{money(share.invested)}</TableCell>
                <TableCell align="right">{money(share.amount)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {translate('app.moneyActions.total')}
              </TableCell>
              <TableCell align="right">
                {money(shares.reduce((sum, s) => sum + Math.round(s.invested * 100), 0) / 100)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(amount ?? 0)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
    </Box>
  );
};
