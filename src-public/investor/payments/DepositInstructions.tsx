import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { MIN_DEPOSIT_EUROS } from '../../../src-shared/rules/funding';
import { formatReference } from '../../../src-shared/rules/payments';
import { euros } from '../../lib/format';
import { useDepositInstructions } from './api';

/** How long the "Copied" message stays. */
const COPIED_MS = 4000;

interface Detail {
  id: 'beneficiary' | 'iban' | 'bic' | 'reference';
  /** As shown: IBAN and reference in groups of four. */
  shown: string;
  /** As copied: the compact form a bank's form accepts. */
  copied: string;
}

/**
 * The deposit instructions of the funding page's Add funds panel (issue 27; decision 0142): the
 * platform's client-money account (beneficiary, IBAN in groups of four, BIC) and the investor's own
 * ISO 11649 RF reference from GET /api/payments/deposit-instructions, each with a copy button; the
 * "Copied" message is announced politely. The steps name the reference; a transfer that carries it
 * is credited when the bank statement is imported (decision 0135).
 */
export function DepositInstructionsPanel() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, error, isPending } = useDepositInstructions();
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (detail: Detail) => {
    const label = t(`payments.deposit.${detail.id}`);
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(detail.copied);
      setMessage(t('payments.copied', { what: label }));
    } catch {
      setMessage(t('payments.copyFailed', { what: label }));
    }
    timer.current = setTimeout(() => setMessage(''), COPIED_MS);
  };

  const details: Detail[] = data
    ? [
        { id: 'beneficiary', shown: data.beneficiary, copied: data.beneficiary },
        { id: 'iban', shown: formatReference(data.iban), copied: data.iban.replace(/\s+/g, '') },
        { id: 'bic', shown: data.bic, copied: data.bic },
        { id: 'reference', shown: formatReference(data.reference), copied: data.reference },
      ]
    : [];
  const reference = data ? formatReference(data.reference) : '-';

  return (
    <>
      <Typography>{t('payments.deposit.intro')}</Typography>
      {error ? (
        <Alert severity="error" role="status" sx={{ mt: 2 }}>
          {t('payments.deposit.failed')}
        </Alert>
      ) : isPending ? (
        <Typography role="status" color="text.secondary" sx={{ mt: 2 }}>
          {t('payments.deposit.loading')}
        </Typography>
      ) : (
        <Box
          component="dl"
          aria-label={t('payments.deposit.detailsLabel')}
          sx={{ mt: 2, mb: 0, display: 'grid', gap: 1 }}
        >
          {details.map((detail) => (
            <Box
              key={detail.id}
              sx={{
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) auto',
                alignItems: 'center',
                columnGap: 1,
                px: 1.5,
                py: 0.75,
                borderRadius: 1,
                bgcolor: 'action.hover',
                border: 1,
                borderColor: detail.id === 'reference' ? 'primary.main' : 'transparent',
              }}
            >
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ gridColumn: 1 }}>
                {t(`payments.deposit.${detail.id}`)}
              </Typography>
              <Typography
                component="dd"
                data-testid={`deposit-${detail.id}`}
                sx={{
                  m: 0,
                  gridColumn: 1,
                  minWidth: 0,
                  fontWeight: 700,
                  overflowWrap: 'anywhere',
                  ...(detail.id === 'beneficiary'
                    ? {}
                    : {
                        fontFamily: 'monospace',
                        fontSize: detail.id === 'reference' ? '1.35rem' : '1.1rem',
                      }),
                }}
              >
                {detail.shown}
              </Typography>
              <Box component="dd" sx={{ m: 0, gridColumn: 2, gridRow: '1 / span 2' }}>
                <IconButton
                  onClick={() => void copy(detail)}
                  aria-label={t('payments.copy', { what: t(`payments.deposit.${detail.id}`) })}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      <Typography role="status" aria-live="polite" variant="body2" sx={{ minHeight: '1.5em', mt: 1 }}>
        {message}
      </Typography>
      <Box component="ol" sx={{ pl: 3, mt: 1, mb: 0, '& li': { mb: 1 } }}>
        <li>{t('payments.deposit.stepTransfer', { minimum: euros(MIN_DEPOSIT_EUROS, lang) })}</li>
        <li>{t('payments.deposit.stepReference', { reference })}</li>
        <li>{t('payments.deposit.stepCredit')}</li>
      </Box>
    </>
  );
}
