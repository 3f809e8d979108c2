import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { DialogContentText, List, ListItem, ListItemText } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { errorText } from '../../components/errors';
import type { AdminWithdrawalRow } from '../../providers/resources/payments';
import { ActionDialog } from '../../components/ActionDialog';
import { sumEuros } from './sumEuros';

type Row = AdminWithdrawalRow & RaRecord;

/** A row the server refused: who, how much, why (translated by the error's code). */
interface Failure {
  id: string;
  who: string;
  amount: number | undefined;
  message: string;
}

const nameOf = (row: Row | undefined, id: string) =>
  row ? [row.user.firstName, row.user.lastName].filter(Boolean).join(' ') || row.user.email : id;

/**
 * Approves the selected withdrawals: a confirmation naming their count and total, then one
 * `PATCH /api/admin/withdrawals/{id}` `{ status: 'approved' }` per row (decision 0136: each its own
 * transaction), then what happened: how many were approved and, per row, why the server refused one
 * (already decided, not found...). Rows approved stay approved whatever happened to the others.
 * The list refreshes when that outcome is closed.
 */
export const BulkApproveButton = () => {
  const { selectedIds, data = [], onUnselectItems } = useListContext<Row>();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale = 'en'] = useLocaleState();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ approved: number; failures: Failure[] } | null>(null);

  const selected = data.filter((row) => selectedIds.includes(row.id));
  const total = sumEuros(selected);
  const money = (value: number | undefined) => formatEuros(value, locale);

  const approve = async () => {
    setPending(true);
    const ids = selectedIds.map(String);
    const outcomes = await Promise.allSettled(
      ids.map((id) =>
        dataProvider.update<Row>('withdrawals', {
          id,
          data: { status: 'approved' },
          previousData: data.find((row) => String(row.id) === id) ?? ({ id } as Row),
        }),
      ),
    );
    const failures: Failure[] = [];
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') return;
      const id = ids[index]!;
      const row = data.find((r) => String(r.id) === id);
      failures.push({
        id,
        who: nameOf(row, id),
        amount: row?.amount,
        message: errorText(outcome.reason, translate('app.error.generic')),
      });
    });
    const approved = ids.length - failures.length;
    setResult({ approved, failures });
    setPending(false);
    notify(failures.length === 0 ? 'app.payments.bulk.done' : 'app.payments.bulk.partly_done', {
      type: failures.length === 0 ? 'success' : 'warning',
      messageArgs: { smart_count: approved, failed: failures.length },
    });
  };

  // The list is refreshed (and the selection cleared) only when the outcome is closed: approved rows
  // leave the "requested" list, and a list left empty unmounts the table, its bulk toolbar and this
  // dialog with it, before the admin could read which rows were refused.
  const close = () => {
    if (pending) return;
    setOpen(false);
    if (result !== null) {
      onUnselectItems();
      refresh();
    }
    setResult(null);
  };

  return (
    <>
      <Button label="app.payments.bulk.approve" onClick={() => setOpen(true)}>
        <CheckCircleIcon />
      </Button>
      <ActionDialog
        open={open}
        title={translate('app.payments.bulk.title')}
        pending={pending}
        done={result !== null}
        confirmLabel={translate('app.payments.bulk.confirm', { smart_count: selectedIds.length })}
        onClose={close}
        onConfirm={approve}
      >
        {result === null ? (
          <DialogContentText>
            {translate('app.payments.bulk.review', {
              smart_count: selectedIds.length,
              total: money(total),
            })}
          </DialogContentText>
        ) : (
          <>
            <DialogContentText>
              {translate('app.payments.bulk.approved', { smart_count: result.approved })}
            </DialogContentText>
            {result.failures.length > 0 ? (
              <>
                <DialogContentText sx={{ mt: 1 }}>
                  {translate('app.payments.bulk.failed', { smart_count: result.failures.length })}
                </DialogContentText>
                <List dense aria-label={translate('app.payments.bulk.failed_list')}>
                  {result.failures.map((failure) => (
                    <ListItem key={failure.id} disableGutters>
                      <ListItemText
                        primary={`${failure.who} · ${money(failure.amount)}`}
                        secondary={failure.message}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            ) : null}
          </>
        )}
      </ActionDialog>
    </>
  );
};
