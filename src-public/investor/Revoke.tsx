import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useIsFetching, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../src-shared/api/http';
import { balanceKeys } from '../auth/session/api';
import { useBalance } from '../auth/session/BalanceProvider';
import { APP_TOAST_MS, useToast } from '../components/ToastProvider';
import { euros } from '../lib/format';
import { failureText } from '../lib/errors';
import { investmentKeys } from './api';
import { formatMoment, offersRevoke, type RevocableSource } from './reflection';

/**
 * POST /api/investments/{investmentId}/revoke (EU 2020/1503 Art. 22): the investor takes back an
 * investment within its reflection period and gets the whole amount back. Settled either way, it
 * refreshes the investments (list, page, dashboard), the header balance and the ventures (the
 * amount funded falls; `['ventures']` is `ventureKeys.all`, not imported: ventures/api imports this file).
 */
export function useRevokeInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (investmentId: string) =>
      call(api.POST('/api/investments/{investmentId}/revoke', { params: { path: { investmentId } } })),
    onSettled: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: investmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['ventures'] }),
      ]);
    },
  });
}

export interface RevocableInvestment extends RevocableSource {
  _id: string;
  amount: number;
  venture?: { title?: string | null } | null;
}

/** "Revocable until <date time>" in the investor's time zone, or nothing once the period is over. */
export function RevocableUntil({ investment }: { investment: RevocableInvestment }) {
  const { t, i18n } = useTranslation();
  if (!offersRevoke(investment)) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {t('investFlow.revoke.until', { date: formatMoment(investment.revocableUntil, i18n.language) })}
    </Typography>
  );
}

/**
 * Revoke (EU 2020/1503 Art. 22): shown while the investment is revocable by the server's
 * `revocableUntil`. With `onOpen` the button only asks its page to open the one `RevokeDialog` the
 * page holds (the investments list: its rows are a table or a phone list by the window's width, and
 * a dialog owned by a row was closed whenever the layout switched, as a full-page screenshot's
 * viewport change made it do in the browser tests); without, it holds its own dialog (a page whose
 * layout does not switch: the investment's page).
 */
export function RevokeButton({
  investment,
  onRevoked,
  onOpen,
}: {
  investment: RevocableInvestment;
  onRevoked: (message: string) => void;
  onOpen?: (investment: RevocableInvestment) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!offersRevoke(investment)) return null;
  const venture = investment.venture?.title || t('investor.investments.untitled');
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="secondary"
        onClick={() => (onOpen ? onOpen(investment) : setOpen(true))}
        aria-label={t('investFlow.revoke.buttonLabel', { venture })}
        sx={{ mt: 0.5 }}
      >
        {t('investFlow.revoke.button')}
      </Button>
      {onOpen ? null : (
        <RevokeDialog
          investment={open ? investment : null}
          onClose={() => setOpen(false)}
          onRevoked={onRevoked}
        />
      )}
    </>
  );
}

/**
 * The confirmation of a revocation: the amount, the venture and that the whole amount comes back,
 * then POST /api/investments/{id}/revoke. A refusal (409 `investment.reflection_over` once the 96
 * business hours are over) is shown in the dialog, translated; success closes it, shows a toast and
 * hands the message to the page (`onRevoked`), whose list or investment refreshes to `revoked`.
 * Open while `investment` is set; it keeps the last investment's text while it fades out.
 */
export function RevokeDialog({
  investment,
  onClose,
  onRevoked,
}: {
  investment: RevocableInvestment | null;
  onClose: () => void;
  onRevoked: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const toast = useToast();
  const { mutateAsync, isPending } = useRevokeInvestment();
  const [error, setError] = useState('');
  const [shown, setShown] = useState<RevocableInvestment | null>(investment);
  if (investment && investment !== shown) setShown(investment);
  const current = investment ?? shown;
  if (!current) return null;
  const venture = current.venture?.title || t('investor.investments.untitled');
  const amount = euros(current.amount, lang);
  const titleId = `revoke-title-${current._id}`;
  const textId = `revoke-text-${current._id}`;

  const close = () => {
    if (isPending) return;
    setError('');
    onClose();
  };

  const revoke = async () => {
    setError('');
    try {
      await mutateAsync(current._id);
      const message = t('investFlow.revoke.success', { amount });
      onClose();
      toast.success(message, APP_TOAST_MS);
      onRevoked(message);
    } catch (caught) {
      setError(failureText(i18n, caught, { fallback: t('investFlow.revoke.failed') }));
    }
  };

  return (
    <Dialog
      open={investment !== null}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('investFlow.revoke.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box id={textId}>
          <Typography>{t('investFlow.revoke.text', { amount, venture })}</Typography>
          <Typography sx={{ mt: 1 }}>{t('investFlow.revoke.refund')}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('investFlow.revoke.until', { date: formatMoment(current.revocableUntil, lang) })}
        </Typography>
        {error ? <Alert severity="error">{error}</Alert> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={isPending}>
          {t('investFlow.revoke.cancel')}
        </Button>
        <Button variant="contained" color="secondary" onClick={() => void revoke()} disabled={isPending}>
          {isPending ? t('investFlow.revoke.processing') : t('investFlow.revoke.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The page's note after a revocation: what came back and, once refetched, the new balance. */
export function RevokedNotice({ message }: { message: string }) {
  const { t, i18n } = useTranslation();
  const { balance } = useBalance();
  const fetching = useIsFetching({ queryKey: balanceKeys.all }) > 0;
  if (!message) return null;
  return (
    <Alert severity="success" role="status" sx={{ mt: 2 }}>
      {message}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {fetching
          ? t('investFlow.receipt.balanceUpdating')
          : typeof balance === 'number'
            ? t('investFlow.receipt.balance', { balance: euros(balance, i18n.language) })
            : null}
      </Typography>
    </Alert>
  );
}
