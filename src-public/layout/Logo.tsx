import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../components/usePageTitle';

/** The product mark: a stylised sun over a rising bar, then the name. Links home. */
export function Logo({
  color = 'primary.main',
  markStroke = '#fff',
}: {
  color?: string;
  markStroke?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={t('nav.logoLabel')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color,
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: '1.35rem',
        letterSpacing: '-0.02em',
      }}
    >
      <Box component="svg" viewBox="0 0 32 32" aria-hidden="true" sx={{ width: 30, height: 30 }}>
        <circle cx="16" cy="16" r="15" fill="currentColor" />
        <path
          d="M8 22 L14 15 L18 18 L24 10"
          stroke={markStroke}
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
        <circle cx="24" cy="10" r="2.5" fill="#f6b042" />
      </Box>
      <span>{PRODUCT_NAME}</span>
    </Box>
  );
}
