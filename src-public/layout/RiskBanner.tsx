import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { palette } from '../../src-shared/theme';

/** The risk warning shown on every public page (spec section 1). */
export function RiskBanner() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t('risk.label')}
      sx={{ bgcolor: palette.banner, borderBottom: '1px solid #f0c98b', px: 2, py: 1 }}
    >
      <Typography variant="body2" sx={{ color: '#4a2a00', textAlign: 'center' }}>
        <Box component="strong" sx={{ mr: 0.5 }}>
          {t('risk.title')}
        </Box>
        {t('risk.text')}
      </Typography>
    </Box>
  );
}
