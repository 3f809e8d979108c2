import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { COMPANY } from '../layout/company';

const TALLINN_OFFICE = COMPANY.offices.find((office) => office.code === 'EE');

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden="true">
          {icon}
        </Box>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Box sx={{ mt: 1 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

export function ContactUsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('contact.title')} intro={t('contact.intro')}>
      <Grid container spacing={3} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ContactCard icon={<MailOutlineIcon fontSize="large" />} title={t('contact.email')}>
            <Link href={`mailto:${COMPANY.email}`}>{COMPANY.email}</Link>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ContactCard icon={<PhoneOutlinedIcon fontSize="large" />} title={t('contact.phone')}>
            <Link href={COMPANY.phoneHref}>{COMPANY.phone}</Link>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ContactCard icon={<PlaceOutlinedIcon fontSize="large" />} title={t('contact.office')}>
            <Typography component="address" sx={{ fontStyle: 'normal' }}>
              {COMPANY.legalName}
              <br />
              {TALLINN_OFFICE?.address}
            </Typography>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ContactCard icon={<ScheduleOutlinedIcon fontSize="large" />} title={t('contact.hours')}>
            <Typography>{t('contact.hoursValue')}</Typography>
          </ContactCard>
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', gap: 2, mt: 5, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/ventures" variant="contained" size="large">
          {t('contact.investNow')}
        </Button>
        <Button component={RouterLink} to="/help" variant="outlined" size="large">
          {t('contact.getHelp')}
        </Button>
      </Box>
    </Page>
  );
}

export { ContactUsPage as Component };
