import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WithdrawalStatus } from '../../../src-shared/constants/enums';
import { euros, formatDate } from '../../lib/format';
import { useCancelWithdrawal, useMyWithdrawals, type Withdrawal } from './api';
import { paymentFailure, type PaymentFailure } from './paymentErrors';

const PAGE = 10;

type ChipLook = { color: 'primary' | 'success' | 'error' | 'default'; variant: 'filled' | 'outlined' };

/** Chip looks whose text meets AA contrast (the theme's colours, as the investment chips). */
const LOOKS: Record<WithdrawalStatus, ChipLook> = {
  requested: { color: 'primary', variant: 'outlined' },
  approved: { color: 'primary', variant: 'filled' },
  sent: { color: 'success', variant: 'filled' },
  rejected: { color: 'error', variant: 'outlined' },
  cancelled: { color: 'default', variant: 'outlined' },
};

export function WithdrawalStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const look = LOOKS[status as WithdrawalStatus] ?? { color: 'default', variant: 'filled' };
  const known = status in LOOKS;
  return (
    <Chip
      size="small"
      color={look.color}
      variant={look.variant}
      label={known ? t(`payments.status.${status}`) : status}
      data-status={status}
    />
  );
}

/**
 * "Your withdrawals" on the funding page (issue 27; decision 0144): GET /api/payments/withdrawals/mine,
 * newest first, ten at a time (Show more): the date, the amount, the account, a status chip
 * (requested, approved, sent, rejected with its reason, cancelled) and, while requested, Cancel with
 * a confirmation. A cancellation refreshes the list, the header balance and the page's figures.
 */
export function WithdrawalsList() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [limit, setLimit] = useState(PAGE);
  const { data, error, isPending, isFetching } = useMyWithdrawals(limit);
  const [cancelling, setCancelling] = useState<Withdrawal | null>(null);
  const [notice, setNotice] = useState('');
  const rows = data?.data ?? [];
  const total = data?.pagination.total ?? rows.length;

  return (
    <>
      <Typography role="status" aria-live="polite" sx={{ mb: notice ? 2 : 0 }}>
        {notice}
      </Typography>
      {error && !data ? (
        <Alert severity="error" role="status">
          {t('payments.list.failed')}
        </Alert>
      ) : isPending ? (
        <Typography role="status" color="text.secondary">
          {t('payments.list.loading')}
        </Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('payments.list.empty')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('payments.list.title')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {rows.map((row) => (
            <Box
              component="li"
              key={row._id}
              data-testid="withdrawal-row"
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 2,
                rowGap: 1,
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{euros(row.amount, lang)}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t('payments.list.line', { date: formatDate(row.createdAt, lang), iban: row.iban })}
                </Typography>
                {row.status === 'rejected' && row.reason ? (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {t('payments.list.reason', { reason: row.reason })}
                  </Typography>
                ) : null}
              </Box>
              <WithdrawalStatusChip status={row.status} />
              {row.status === 'requested' ? (
                <Button
                  size="small"
                  variant="outlined"
                  color="secondary"
                  onClick={() => {
                    setNotice('');
                    setCancelling(row);
                  }}
                  aria-label={t('payments.list.cancelLabel', {
                    amount: euros(row.amount, lang),
                    date: formatDate(row.createdAt, lang),
                  })}
                >
                  {t('payments.list.cancel')}
                </Button>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
      {total > rows.length && rows.length > 0 ? (
        <Button onClick={() => setLimit((n) => n + PAGE)} disabled={isFetching} sx={{ mt: 2 }}>
          {t('payments.list.more')}
        </Button>
      ) : null}
      {cancelling ? (
        <CancelDialog
          key={cancelling._id}
          withdrawal={cancelling}
          onClose={(message) => {
            setCancelling(null);
            if (message) setNotice(message);
          }}
        />
      ) : null}
    </>
  );
}

function CancelDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: Withdrawal;
  onClose: (message?: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { mutateAsync, isPending } = useCancelWithdrawal();
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const amount = euros(withdrawal.amount, lang);

  const close = () => {
    if (!isPending) onClose();
  };

  const cancel = async () => {
    setFailure(null);
    try {
      await mutateAsync(withdrawal._id);
      onClose(t('payments.list.cancelled', { amount }));
    } catch (caught) {
      setFailure(paymentFailure(i18n, caught, t('payments.list.cancelFailed')));
    }
  };

  return (
    <Dialog
      open
      onClose={close}
      maxWidth="xs"
      aria-labelledby="cancel-withdrawal-title"
      aria-describedby="cancel-withdrawal-text"
    >
      <DialogTitle id="cancel-withdrawal-title">{t('payments.list.cancelTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id="cancel-withdrawal-text">
          {t('payments.list.cancelText', { amount, date: formatDate(withdrawal.createdAt, lang) })}
        </DialogContentText>
        {failure ? (
          <Alert severity="error" role="alert">
            {failure.text}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={isPending}>
          {t('payments.list.keep')}
        </Button>
        <Button variant="contained" color="secondary" onClick={() => void cancel()} disabled={isPending}>
          {isPending ? t('payments.list.cancelling') : t('payments.list.cancelConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
