import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AmbientVideo } from '../components/AmbientVideo';
import { usePageTitle } from '../components/usePageTitle';
import { useVentureTeaser } from '../ventures/api';
import { VentureCard } from '../ventures/VentureCard';
import { CORE_VALUES } from './coreValues';
import { CoreValueText } from './CoreValueText';
import { StepNumber } from './StepNumber';

const HOW_IT_WORKS = ['register', 'addFunds', 'selectProjects', 'track', 'receive'] as const;
const WHO_CAN_INVEST = ['who', 'age', 'deposits', 'minimum'] as const;

function Hero() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        position: 'relative',
        overflow: 'hidden',
        color: '#fff',
        backgroundColor: '#0d2b22',
        py: { xs: 8, md: 14 },
      }}
    >
      {/* The hero video of spec 2.3: decoration behind the text, under the same dark gradient. */}
      <AmbientVideo cover />
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          inset: 0,
          background:
            'linear-gradient(100deg, rgba(8,40,30,0.92) 0%, rgba(8,40,30,0.7) 55%, rgba(8,40,30,0.35) 100%)',
        }}
      />
      <Container maxWidth="lg" sx={{ position: 'relative', zIndex: 1 }}>
        <Box sx={{ maxWidth: 680 }}>
          <Typography
            component="h1"
            variant="h2"
            sx={{ fontWeight: 800, fontSize: { xs: '2.2rem', md: '3.4rem' }, lineHeight: 1.1 }}
          >
            {t('home.hero.title')}
          </Typography>
          <Typography variant="h6" component="p" sx={{ mt: 2, fontWeight: 400, color: '#e8f3ee' }}>
            {t('home.hero.subtitle')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, mt: 4, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/ventures" variant="contained" size="large" color="secondary">
              {t('home.hero.investNow')}
            </Button>
            <Button
              component={RouterLink}
              to="/help"
              variant="outlined"
              size="large"
              sx={{ color: '#fff', borderColor: '#fff', '&:hover': { borderColor: '#fff' } }}
            >
              {t('home.hero.getHelp')}
            </Button>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}

function SectionTitle({ children, id }: { children: string; id: string }) {
  return (
    <Typography id={id} component="h2" variant="h4" sx={{ fontWeight: 800, mb: 3 }}>
      {children}
    </Typography>
  );
}

function NewProjects() {
  const { t } = useTranslation();
  const { data: ventures = [], isPending } = useVentureTeaser();
  return (
    <Box component="section" aria-labelledby="home-new-projects" sx={{ py: 6 }}>
      <Container maxWidth="lg">
        <SectionTitle id="home-new-projects">{t('home.newProjects.title')}</SectionTitle>
        {isPending ? (
          <Typography color="text.secondary" role="status">
            {t('home.newProjects.loading')}
          </Typography>
        ) : null}
        <Grid container spacing={3}>
          {ventures.map((venture) => (
            <Grid key={venture._id} size={{ xs: 12, sm: 6, md: 4 }}>
              <VentureCard venture={venture} variant="teaser" />
            </Grid>
          ))}
        </Grid>
        <Box sx={{ mt: 4, textAlign: 'center' }}>
          <Button component={RouterLink} to="/ventures" variant="outlined" size="large">
            {t('home.newProjects.browseMore')}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('home.pageTitle'));
  return (
    <>
      <Hero />

      <Box component="section" aria-labelledby="home-headline" sx={{ py: 6, bgcolor: 'background.paper' }}>
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography id="home-headline" component="h2" variant="h4" sx={{ fontWeight: 800 }}>
            {t('home.headline.title')}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 2, fontWeight: 400 }}>
            {t('home.headline.text')}
          </Typography>
          <Link
            component={RouterLink}
            to="/ventures"
            sx={{ display: 'inline-block', mt: 3, fontWeight: 700 }}
          >
            {t('home.headline.investNow')}
          </Link>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="home-how" sx={{ py: 6 }}>
        <Container maxWidth="lg">
          <SectionTitle id="home-how">{t('home.how.title')}</SectionTitle>
          <Grid component="ol" container spacing={3} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {HOW_IT_WORKS.map((step, index) => (
              <Grid component="li" key={step} size={{ xs: 12, sm: 6, md: 12 / 5 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardContent>
                    <StepNumber number={index + 1} sx={{ width: 40, height: 40, mb: 2 }} />
                    <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                      {t(`home.how.steps.${step}.title`)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {t(`home.how.steps.${step}.text`)}
                    </Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="home-who" sx={{ py: 6, bgcolor: '#e8f3ee' }}>
        <Container maxWidth="md">
          <SectionTitle id="home-who">{t('home.who.title')}</SectionTitle>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {WHO_CAN_INVEST.map((item) => (
              <Box component="li" key={item} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                <CheckCircleOutlineIcon color="primary" aria-hidden="true" />
                <Typography>{t(`home.who.items.${item}`)}</Typography>
              </Box>
            ))}
          </Box>
        </Container>
      </Box>

      <NewProjects />

      <Box component="section" aria-labelledby="home-values" sx={{ py: 6, bgcolor: 'background.paper' }}>
        <Container maxWidth="lg">
          <SectionTitle id="home-values">{t('home.values.title')}</SectionTitle>
          <Grid container spacing={3}>
            {CORE_VALUES.map((value) => (
              <Grid key={value} size={{ xs: 12, sm: 6, md: 3 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to="/about-us" sx={{ height: '100%' }}>
                    <CoreValueText value={value} />
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Container>
      </Box>
    </>
  );
}

export { HomePage as Component };
