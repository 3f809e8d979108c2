import { Button, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Link, useCreatePath, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { CancelDialog } from './money/CancelDialog';
import { CloseFundingDialog } from './money/CloseFundingDialog';
import { moneyActionsFor, type MoneyAction } from './money/moneyRules';
import { RepaymentDialog } from './money/RepaymentDialog';
import { investmentFigures, useVentureInvestments } from './useVentureInvestments';
import type { VentureRecord } from './ventureRecord';
import { SectionCard } from '../../components/SectionCard';

export { moneyActionsFor, parseEuros } from './money/moneyRules';

/**
 * The admin's calls on a venture's money (contract "A venture's money"), each behind a dialog that
 * states the amounts: close the funding (amount funded, investors), cancel with refunds (a reason;
 * the sum refunded and the investments), record a repayment (amount, final; what each investor
 * receives, before it is sent, with one Idempotency-Key per opening of the dialog). The dialogs are
 * in ./money, with what they share in money/MoneyDialog.tsx.
 */
export const MoneyActions = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const createPath = useCreatePath();
  const [open, setOpen] = useState<MoneyAction | null>(null);
  // One key per opening: the dialogs start afresh (their key), and a repayment's second click, or a
  // retry after a lost answer, repays once (its Idempotency-Key).
  const [opening, setOpening] = useState('');
  const actions = record ? moneyActionsFor(record) : [];
  const investments = useVentureInvestments(record?.id, actions.length > 0);
  const figures = useMemo(() => investmentFigures(investments.data), [investments.data]);

  if (!record || actions.length === 0) return null;

  const openDialog = (action: MoneyAction) => {
    setOpening(crypto.randomUUID());
    setOpen(action);
  };
  const dialog = (action: MoneyAction) => ({
    record,
    open: open === action,
    onClose: () => setOpen(null),
    investments,
    figures,
  });

  return (
    <SectionCard title="app.moneyActions.title">
      {record?.cancelledAt ? (
        <Typography>
          {translate('app.moneyActions.cancelled_on', {
            date: new Date(record.cancelledAt).toLocaleDateString(locale),
            reason: record.cancelReason ?? '-',
          })}
        </Typography>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actions.includes('close') ? (
          <Button variant="outlined" onClick={() => openDialog('close')}>
            {translate('app.moneyActions.close_funding')}
          </Button>
        ) : null}
        {actions.includes('repay') ? (
          <Button variant="outlined" onClick={() => openDialog('repay')}>
            {translate('app.moneyActions.record_repayment')}
          </Button>
        ) : null}
        {actions.includes('repay') ? (
          <Button component={Link} to={createPath({ resource: 'servicing', id: record.id, type: 'show' })}>
            {translate('app.servicing.loan_link')}
          </Button>
        ) : null}
        {actions.includes('cancel') ? (
          <Button variant="outlined" color="error" onClick={() => openDialog('cancel')}>
            {translate('app.moneyActions.cancel')}
          </Button>
        ) : null}
      </Stack>

      <CloseFundingDialog key={`close-${opening}`} {...dialog('close')} />
      <CancelDialog key={`cancel-${opening}`} {...dialog('cancel')} />
      <RepaymentDialog key={`repay-${opening}`} {...dialog('repay')} idempotencyKey={opening} />
    </SectionCard>
  );
};
