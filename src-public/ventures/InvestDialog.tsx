import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../src-shared/api/client';
import { euros } from '../lib/format';
import type { Venture } from './types';

export const INVEST_SUCCESS_CLOSE_MS = 1000;

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A first version of the invest modal (spec 4 and 5): amount with the venture's min/max checks,
 * POST /api/investments with an Idempotency-Key, 'Processing...', then 'Investment successful!',
 * closing after 1 s and reloading the page. The later invest issue refines it.
 */
export function InvestDialog({
  venture,
  open,
  onClose,
  onSuccess = () => window.location.reload(),
}: {
  venture: Venture;
  open: boolean;
  onClose: () => void;
  onSuccess?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [processing, setProcessing] = useState(false);
  const [success, setSuccess] = useState(false);
  const idempotencyKey = useRef(newIdempotencyKey());
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const min = venture.minInvestmentAmount;
  const max = venture.maxInvestmentAmount;

  const close = () => {
    if (processing) return;
    setAmount('');
    setError('');
    setSuccess(false);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    if (amount.trim() === '' || !Number.isFinite(value) || (typeof min === 'number' && value < min)) {
      setError(t('invest.minimum', { min: euros(min ?? 0, i18n.language) }));
      return;
    }
    if (typeof max === 'number' && value > max) {
      setError(t('invest.maximum', { max: euros(max, i18n.language) }));
      return;
    }
    setError('');
    setProcessing(true);
    try {
      await api.post(
        '/investments',
        { ventureId: venture._id, amount: value },
        { headers: { 'Idempotency-Key': idempotencyKey.current }, fallbackMessage: t('invest.failed') },
      );
      setSuccess(true);
      closeTimer.current = window.setTimeout(() => {
        onClose();
        onSuccess();
      }, INVEST_SUCCESS_CLOSE_MS);
    } catch (caught) {
      setError(errorMessage(caught, t('invest.failed')));
      idempotencyKey.current = newIdempotencyKey();
      setProcessing(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="invest-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="invest-dialog-title" sx={{ pr: 6 }}>
          {t('invest.title', { title: venture.title })}
        </DialogTitle>
        <IconButton
          aria-label={t('common.close')}
          onClick={close}
          disabled={processing}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('invest.limits', { min: euros(min, i18n.language), max: euros(max, i18n.language) })}
          </Typography>
          {success ? (
            <Alert severity="success">{t('invest.success')}</Alert>
          ) : (
            <TextField
              label={t('invest.amount')}
              type="number"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              required
              autoFocus
              disabled={processing}
              slotProps={{ htmlInput: { min: min ?? 0, step: 0.01, inputMode: 'decimal' } }}
            />
          )}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button type="submit" variant="contained" disabled={processing || success}>
            {processing ? t('invest.processing') : t('invest.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
