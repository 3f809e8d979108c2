import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { repaymentShares, type RepaymentShare } from '../../../../src-shared/rules/repayment';
import type { BackofficeDataProvider } from '../../../providers/dataProvider';
import {
  ActionDialog,
  InvestmentsStatus,
  useMoneyCall,
  useMoneyWords,
  type MoneyDialogProps,
} from './MoneyDialog';
import { parseEuros } from './moneyRules';

/** What each investor receives of `amount`, with the totals invested and repaid. */
const RepaymentPreview = ({ shares, amount }: { shares: RepaymentShare[]; amount: number | null }) => {
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

/**
 * Record a repayment: an amount and whether it is the final one, then what each investor receives
 * before it is sent. `idempotencyKey` is new at each opening: a second click, or a retry after a
 * lost answer, repays once.
 */
export const RepaymentDialog = ({
  record,
  open,
  onClose,
  investments,
  figures,
  idempotencyKey,
}: MoneyDialogProps & { idempotencyKey: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const words = useMoneyWords();
  const { pending, run, close } = useMoneyCall(onClose);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [final, setFinal] = useState(false);
  const amount = parseEuros(amountText);
  const shares = useMemo(
    () => (amount === null ? [] : repaymentShares(amount, figures.forRepayment)),
    [amount, figures.forRepayment],
  );
  const ready = investments.isSuccess;

  const confirm = () => {
    if (amount === null) {
      setAmountError(translate('app.moneyActions.amount_invalid'));
      return;
    }
    return run(
      async () => {
        const answer = await dataProvider.recordRepayment(record.id, { amount, final }, idempotencyKey);
        return translate(final ? 'app.moneyActions.repaid_final' : 'app.moneyActions.repaid', {
          amount: words.money(answer.data.credited),
          investors: words.investors(answer.data.investors),
        });
      },
      (fields) => {
        if (fields.amount) setAmountError(fields.amount);
      },
    );
  };

  return (
    <ActionDialog
      open={open}
      title={translate('app.moneyActions.repayment_title', { title: record.title ?? '' })}
      confirmLabel={
        amount === null
          ? translate('app.moneyActions.record_repayment')
          : translate('app.moneyActions.repay_confirm', { amount: words.money(amount) })
      }
      pending={pending}
      disabled={!ready || amount === null || shares.length === 0}
      onClose={close}
      onConfirm={() => void confirm()}
    >
      <Stack spacing={1}>
        <TextField
          label={translate('app.moneyActions.amount')}
          value={amountText}
          onChange={(event) => {
            setAmountText(event.target.value);
            setAmountError(null);
          }}
          onBlur={() => {
            if (amountText.trim() !== '' && amount === null)
              setAmountError(translate('app.moneyActions.amount_invalid'));
          }}
          required
          fullWidth
          margin="dense"
          error={amountError !== null}
          helperText={amountError ?? translate('app.moneyActions.amount_help')}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <FormControlLabel
          control={<Checkbox checked={final} onChange={(event) => setFinal(event.target.checked)} />}
          label={translate('app.moneyActions.final')}
        />
        <InvestmentsStatus investments={investments} />
        {ready && figures.completedInvestors === 0 ? (
          <Alert severity="warning">{translate('app.moneyActions.no_completed')}</Alert>
        ) : null}
        {ready && figures.completedInvestors > 0 ? (
          <RepaymentPreview shares={shares} amount={amount} />
        ) : null}
      </Stack>
    </ActionDialog>
  );
};
