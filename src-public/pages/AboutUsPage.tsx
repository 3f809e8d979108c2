import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import XIcon from '@mui/icons-material/X';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { useTranslation } from 'react-i18next';
import { AmbientVideo } from '../components/AmbientVideo';
import { Page } from '../components/Page';
import { PRODUCT_NAME } from '../components/usePageTitle';
import { CORE_VALUES } from './coreValues';
import { CoreValueText } from './CoreValueText';
import { TEAM } from './team';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('about.title')} intro={t('about.intro')}>
      <Grid container spacing={{ xs: 3, md: 5 }} sx={{ mt: 5, alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Box component="section" aria-labelledby="about-story">
            <Typography id="about-story" component="h2" variant="h4" sx={{ fontWeight: 800, mb: 2 }}>
              {t('about.story.title')}
            </Typography>
            <Typography sx={{ mb: 2 }}>{t('about.story.p1')}</Typography>
            <Typography>{t('about.story.p2')}</Typography>
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          {/* Spec 2.3's About video: a short decorative loop, described by its caption. */}
          <Box component="figure" sx={{ m: 0 }}>
            <AmbientVideo sx={{ borderRadius: 2 }} />
            <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('about.video.caption')}
            </Typography>
          </Box>
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="about-values" sx={{ mt: 6 }}>
        <Typography id="about-values" component="h2" variant="h4" sx={{ fontWeight: 800, mb: 3 }}>
          {t('about.values.title')}
        </Typography>
        <Grid container spacing={3}>
          {CORE_VALUES.map((value) => (
            <Grid key={value} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CoreValueText value={value} />
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>

      <Box component="section" aria-labelledby="about-team" sx={{ mt: 6 }}>
        <Typography id="about-team" component="h2" variant="h4" sx={{ fontWeight: 800, mb: 1 }}>
          {t('about.team.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('about.team.intro')}
        </Typography>
        <Grid container spacing={3}>
          {TEAM.map((member) => {
            const title = t(member.titleKey);
            return (
              <Grid key={member.email} size={{ xs: 12, sm: 6, md: 3 }}>
                <Card variant="outlined" sx={{ height: '100%', textAlign: 'center' }}>
                  <CardContent>
                    <Avatar
                      aria-hidden="true"
                      sx={{
                        width: 72,
                        height: 72,
                        mx: 'auto',
                        mb: 2,
                        bgcolor: 'primary.main',
                        fontWeight: 700,
                      }}
                    >
                      {initials(member.name)}
                    </Avatar>
                    <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                      {member.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {title}
                    </Typography>
                    <Box sx={{ mt: 1 }}>
                      <IconButton
                        component="a"
                        href={member.social.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t(`about.team.social.${member.social.type}`, { company: PRODUCT_NAME })}
                      >
                        {member.social.type === 'linkedin' ? <LinkedInIcon /> : <XIcon />}
                      </IconButton>
                      <IconButton
                        component="a"
                        href={`mailto:${member.email}`}
                        aria-label={t('about.team.mail', { name: member.name })}
                      >
                        <MailOutlineIcon />
                      </IconButton>
                    </Box>
                  </CardContent>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      </Box>
    </Page>
  );
}

export { AboutUsPage as Component };
