import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { countryLabel } from '../lib/format';
import { COMPANY } from './company';
import { Logo } from './Logo';
import { FOOTER_LINKS } from './navLinks';

const linkSx = { color: '#e8f3ee', '&:hover': { color: '#ffffff' } } as const;

/** The footer blocks of spec 2.2. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ bgcolor: '#0d2b22', color: '#e8f3ee', mt: 8, pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        {/* A CSS grid (MUI's Grid and its breakpoint engine are not in the first load; decision 0218):
            one column on a phone, the description above two columns on a tablet, three from md. */}
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          <Box sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}>
            <Logo color="#ffffff" markStroke="#0d2b22" />
            <Typography variant="body2" sx={{ mt: 2, lineHeight: 1.7 }}>
              {t('footer.description')}
            </Typography>
          </Box>
          <Box>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t('footer.contactTitle')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              {COMPANY.offices.map((office) => (
                <Box component="li" key={office.code}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t('footer.office', {
                      country: countryLabel(office.code, office.country, i18n.language),
                    })}
                  </Typography>
                  <Typography variant="body2">{office.address}</Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="body2" sx={{ mt: 2 }}>
              {t('footer.mailLabel')}{' '}
              <Link href={`mailto:${COMPANY.email}`} sx={linkSx}>
                {COMPANY.email}
              </Link>
            </Typography>
          </Box>
          <Box>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t('footer.linksTitle')}
            </Typography>
            <Box component="nav" aria-label={t('footer.linksTitle')}>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                {FOOTER_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link component={RouterLink} to={link.to} variant="body2" sx={linkSx}>
                      {t(link.labelKey)}
                    </Link>
                  </li>
                ))}
              </Box>
            </Box>
          </Box>
        </Box>
        <Box sx={{ borderTop: '1px solid rgba(255,255,255,0.2)', mt: 4, pt: 3, display: 'grid', gap: 1.5 }}>
          <Typography variant="body2">
            {t('footer.cookieNotice')}{' '}
            <Link component={RouterLink} to="/cookie-policy" sx={linkSx}>
              {t('footer.cookieLink')}
            </Link>
          </Typography>
          <Typography variant="body2">
            {t('footer.legal', { name: COMPANY.legalName, number: COMPANY.registrationNumber })}
          </Typography>
          <Typography variant="body2">{t('footer.copyright', { year, name: COMPANY.legalName })}</Typography>
        </Box>
      </Container>
    </Box>
  );
}
