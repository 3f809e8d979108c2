import {
  Alert,
  Box,
  Button,
  Chip,
  DialogContentText,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TablePagination,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  useDataProvider,
  useGetList,
  useLocaleState,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { formatDate } from '../../components/DateText';
import { errorText } from '../../components/errors';
import { ActionDialog } from '../../components/ActionDialog';
import { SectionCard } from '../../components/SectionCard';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { MyWithdrawal } from '../../providers/resources/payments';
import { myBalanceKey } from './queries';

type Row = MyWithdrawal & RaRecord;
const PER_PAGE = 10;

/**
 * The company's withdrawals (GET /api/payments/withdrawals/mine), newest first: when, how much, to
 * which IBAN (masked), the status and a rejection's reason; a requested one can be cancelled after a
 * confirmation (POST /api/payments/withdrawals/{id}/cancel: refunded in full).
 */
export const MyWithdrawals = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [locale = 'en'] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [page, setPage] = useState(0);
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const [pending, setPending] = useState(false);
  const {
    data = [],
    total = 0,
    isPending,
    error,
    refetch,
  } = useGetList<Row>('withdrawals', {
    pagination: { page: page + 1, perPage: PER_PAGE },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  const money = (value: number) => formatEuros(value, locale);
  const status = (value: string) => translate(`app.payments.status.${value}`, { _: value });

  const cancel = async () => {
    if (!cancelling) return;
    setPending(true);
    try {
      await dataProvider.cancelWithdrawal(cancelling.id);
      notify('app.payments.mine.cancelled', {
        type: 'success',
        messageArgs: { amount: money(cancelling.amount) },
      });
      void queryClient.invalidateQueries({ queryKey: myBalanceKey });
      void refetch();
    } catch (failure) {
      notify(errorText(failure, 'app.error.generic'), { type: 'error' });
      void refetch();
    } finally {
      setPending(false);
      setCancelling(null);
    }
  };

  return (
    <SectionCard title="app.payments.mine.title" heading="h2" headingId="my-withdrawals-title">
      {isPending ? (
        <Skeleton variant="rectangular" height={96} />
      ) : error ? (
        <Alert severity="error">{translate('app.payments.mine.load_failed')}</Alert>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.payments.mine.none')}</Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="my-withdrawals-title">
              <TableHead>
                <TableRow>
                  {['requestedAt', 'amount', 'iban', 'status', 'reason', 'actions'].map((key) => (
                    <TableCell key={key} scope="col">
                      {translate(`app.payments.fields.${key}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(row.createdAt, locale, true)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{money(row.amount)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{row.iban}</TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" label={status(row.status)} />
                    </TableCell>
                    <TableCell>{row.reason ?? ''}</TableCell>
                    <TableCell>
                      {row.status === 'requested' ? (
                        <Button size="small" color="error" onClick={() => setCancelling(row)}>
                          {translate('app.payments.mine.cancel')}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {total > PER_PAGE ? (
            <TablePagination
              component="div"
              count={total}
              page={page}
              rowsPerPage={PER_PAGE}
              rowsPerPageOptions={[PER_PAGE]}
              onPageChange={(_event, next) => setPage(next)}
            />
          ) : null}
        </>
      )}
      <ActionDialog
        open={cancelling !== null}
        title={translate('app.payments.mine.cancel_title')}
        pending={pending}
        done={false}
        confirmLabel={translate('app.payments.mine.cancel_confirm')}
        onClose={() => (pending ? undefined : setCancelling(null))}
        onConfirm={cancel}
      >
        <DialogContentText>
          {translate('app.payments.mine.cancel_text', { amount: money(cancelling?.amount ?? 0) })}
        </DialogContentText>
      </ActionDialog>
    </SectionCard>
  );
};
