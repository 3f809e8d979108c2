import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { palette } from '../../src-shared/theme';

/** Where the full risk warning lives: the "Investment risk" section of the terms (README Decisions). */
export const FULL_RISK_WARNING_PATH = '/terms-and-conditions#legal-risk';

const TEXT_COLOR = '#4a2a00';

/**
 * The risk warning shown on every public page (spec section 1). Below the `sm` breakpoint the
 * shorter wording keeps it to two lines on a phone; both end with a link to the full warning.
 */
export function RiskBanner() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t('risk.label')}
      sx={{
        bgcolor: palette.banner,
        borderBottom: '1px solid #f0c98b',
        px: { xs: 1.5, sm: 2 },
        py: { xs: 0.75, sm: 1 },
      }}
    >
      <Typography
        variant="body2"
        sx={{
          color: TEXT_COLOR,
          textAlign: 'center',
          fontSize: { xs: '0.8125rem', sm: '0.875rem' },
          lineHeight: { xs: 1.4, sm: 1.43 },
        }}
      >
        <Box component="strong" sx={{ mr: 0.5 }}>
          {t('risk.title')}
        </Box>
        <Box component="span" data-testid="risk-text-full" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('risk.text')}
        </Box>
        <Box component="span" data-testid="risk-text-short" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {t('risk.short')}
        </Box>{' '}
        <Link
          component={RouterLink}
          to={FULL_RISK_WARNING_PATH}
          sx={{ color: TEXT_COLOR, fontWeight: 700, textDecorationColor: TEXT_COLOR, whiteSpace: 'nowrap' }}
        >
          {t('risk.more')}
        </Link>
      </Typography>
    </Box>
  );
}
