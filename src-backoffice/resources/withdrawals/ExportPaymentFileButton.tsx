import DescriptionIcon from '@mui/icons-material/Description';
import { DialogContentText, LinearProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { errorText } from '../../components/errors';
import { saveFile } from '../../components/saveFile';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { AdminWithdrawalRow } from '../../providers/resources/payments';
import { ActionDialog } from '../../components/ActionDialog';
import { sumEuros } from './sumEuros';

/** As many approved withdrawals as the confirmation counts (the dataProvider reads them page by page). */
const ALL = 10_000;

/**
 * The SEPA payment file: a confirmation with the count and total of the approved withdrawals not yet
 * exported (read when the dialog opens), then `POST /api/admin/withdrawals/export`; the browser saves
 * the pain.001 XML under the name the server gave it and a notice says what it holds. Nothing
 * approved: 409 `payments.nothing_to_export`, shown in the reader's language.
 */
export const ExportPaymentFileButton = () => {
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [locale = 'en'] = useLocaleState();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [approved, setApproved] = useState<{ count: number; total: number } | null>(null);

  const money = (value: number) => formatEuros(value, locale);

  const start = async () => {
    setOpen(true);
    setApproved(null);
    try {
      const { data, total } = await dataProvider.getList<AdminWithdrawalRow & RaRecord>('withdrawals', {
        filter: { status: 'approved' },
        pagination: { page: 1, perPage: ALL },
        sort: { field: 'createdAt', order: 'DESC' },
      });
      setApproved({ count: total ?? data.length, total: sumEuros(data) });
    } catch (error) {
      notify(errorText(error, 'app.payments.withdrawals_load_failed'), { type: 'error' });
      setOpen(false);
    }
  };

  const send = async () => {
    setPending(true);
    try {
      const file = await dataProvider.exportWithdrawals();
      saveFile(file.fileName, file.xml);
      notify('app.payments.export.done', {
        type: 'success',
        messageArgs: {
          file: file.fileName,
          smart_count: approved?.count ?? 0,
          total: money(approved?.total ?? 0),
        },
      });
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['withdrawal-exports'] });
      refresh();
    } catch (error) {
      notify(errorText(error, 'app.error.generic'), { type: 'error' });
      setOpen(false);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button label="app.payments.export.button" onClick={() => void start()}>
        {/* The icon of "Payment files": at phone width, where only icons show, it differs from the CSV export's. */}
        <DescriptionIcon />
      </Button>
      <ActionDialog
        open={open}
        title={translate('app.payments.export.title')}
        pending={pending}
        done={false}
        disabled={approved === null}
        confirmLabel={translate('app.payments.export.confirm')}
        onClose={() => (pending ? undefined : setOpen(false))}
        onConfirm={send}
      >
        {approved === null ? (
          <LinearProgress aria-label={translate('ra.page.loading')} />
        ) : (
          <>
            <DialogContentText>
              {approved.count === 0
                ? translate('app.payments.export.review_none')
                : translate('app.payments.export.review', {
                    smart_count: approved.count,
                    total: money(approved.total),
                  })}
            </DialogContentText>
            <DialogContentText sx={{ mt: 1 }}>{translate('app.payments.export.after')}</DialogContentText>
          </>
        )}
      </ActionDialog>
    </>
  );
};
