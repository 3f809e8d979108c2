import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { VentureView as Venture } from '../../../src-shared/api/types';
import { usePageTitle } from '../../components/usePageTitle';
import type { KeepScrollState } from '../../layout/RootLayout';
import { InvestDialog } from './investDialog';
import { VentureCharts } from './VentureCharts';
import { VentureDates, VentureStats } from './VentureFacts';
import { VentureHero } from './VentureHero';
import { VentureTexts } from './VentureTexts';

/** A loaded venture: its top, figures, charts, dates, texts and tags, and the invest dialog. */
export function VentureView({ venture, investOpen }: { venture: Venture; investOpen: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Every opening of the invest dialog (a navigation to the form) gets a fresh dialog: empty amount,
  // no message, a new Idempotency-Key. Closing keeps the instance, so it can fade out.
  const [opening, setOpening] = useState(location.key);
  if (investOpen && location.key !== opening) setOpening(location.key);
  // Mounted from the first opening on, so that its closing transition plays as before.
  const [dialogUsed, setDialogUsed] = useState(investOpen);
  if (investOpen && !dialogUsed) setDialogUsed(true);
  const detailPath = `/ventures/${encodeURIComponent(venture._id)}`;
  const keepScroll: KeepScrollState = { keepScroll: true };
  usePageTitle(venture.title);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <VentureHero
        venture={venture}
        onInvest={() => navigate(`${detailPath}/investment-form`, { state: keepScroll })}
      />
      <VentureStats venture={venture} />
      <VentureCharts venture={venture} />
      <VentureDates venture={venture} />
      <VentureTexts venture={venture} />

      <Box sx={{ mt: 5 }}>
        <Button component={RouterLink} to="/ventures">
          {t('venture.backToList')}
        </Button>
      </Box>

      {dialogUsed ? (
        <Suspense fallback={null}>
          <InvestDialog
            key={opening}
            venture={venture}
            open={investOpen}
            onClose={() => navigate(detailPath, { replace: true, state: keepScroll })}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
