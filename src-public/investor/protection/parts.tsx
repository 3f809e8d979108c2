import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProtectionProfile } from '../../../src-shared/contracts/protection';
import { PROTECTION_PATHS, safeNext, stepPath, withNext } from './flow';

/** The venture to return to after the missing step (`?next=`), or null. */
export function useNext(): string | null {
  return safeNext(useLocation().search);
}

/** The link back to the investor profile's overview (above a step's page), keeping `?next=`. */
export function BackToOverview() {
  const { t } = useTranslation();
  const next = useNext();
  return (
    <Link
      component={RouterLink}
      to={withNext(PROTECTION_PATHS.overview, next)}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 2 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      {t('protection.backToOverview')}
    </Link>
  );
}

/**
 * What comes after a step: the next missing step (keeping the venture to return to), or, when nothing
 * is missing any more and the investor came from a venture, the way back to it.
 */
export function WhatNext({ profile }: { profile: ProtectionProfile | undefined }) {
  const { t } = useTranslation();
  const next = useNext();
  if (!profile) return null;
  const [step] = profile.missing;
  if (step) {
    return (
      <Box sx={{ mt: 2 }}>
        <Button component={RouterLink} to={withNext(stepPath(step), next)} variant="outlined">
          {t('protection.nextStep', { step: t(`protection.missing.${step}`) })}
        </Button>
      </Box>
    );
  }
  if (!next) return null;
  return (
    <Alert
      severity="success"
      sx={{ mt: 2 }}
      action={
        <Button component={RouterLink} to={next} color="inherit" variant="outlined" size="small">
          {t('protection.backToVenture')}
        </Button>
      }
    >
      {t('protection.readyToInvest')}
    </Alert>
  );
}

/** Label and value pairs as a description list (read as such by screen readers). */
export function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, max-content) minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.75 },
        my: 1.5,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, fontWeight: 600, overflowWrap: 'anywhere' },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2">
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2">
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
