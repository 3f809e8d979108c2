import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { StepNumber } from './StepNumber';

/** The six steps of spec 2.3, with their links. */
const STEPS: readonly { key: string; link?: string }[] = [
  { key: 'createAccount', link: '/register' },
  { key: 'addBalance' },
  { key: 'kyc', link: '/dashboard/verification' },
  { key: 'chooseVenture', link: '/ventures' },
  { key: 'investTrack' },
  { key: 'withdraw' },
];

export function HowToInvestPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('howToInvest.title')} intro={t('howToInvest.intro')} maxWidth="md">
      <Box component="ol" sx={{ listStyle: 'none', p: 0, mt: 4, display: 'grid', gap: 2 }}>
        {STEPS.map((step, index) => (
          <Card component="li" key={step.key} variant="outlined">
            <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <StepNumber number={index + 1} sx={{ flex: '0 0 44px', height: 44, fontSize: '1.2rem' }} />
              <Box>
                <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                  {t('howToInvest.stepLabel', {
                    number: index + 1,
                    title: t(`howToInvest.steps.${step.key}.title`),
                  })}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                  {t(`howToInvest.steps.${step.key}.text`)}
                </Typography>
                {step.link ? (
                  <Button component={RouterLink} to={step.link} variant="text" sx={{ mt: 1, px: 0 }}>
                    {t(`howToInvest.steps.${step.key}.link`)}
                  </Button>
                ) : null}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Page>
  );
}

export { HowToInvestPage as Component };
