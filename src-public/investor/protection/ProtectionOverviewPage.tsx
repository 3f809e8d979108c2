import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProtectionProfile } from '../../../src-shared/contracts/protection';
import { Page } from '../../components/Page';
import { euros, formatDate } from '../../lib/format';
import { QueryStatus } from '../QueryStatus';
import { useProtectionProfile } from './api';
import { PROTECTION_PATHS, stepPath, withNext } from './flow';
import { Facts, useNext } from './parts';

/**
 * /user/profile/investor: the investor profile of EU 2020/1503 Art. 21 and 22 from GET
 * /api/protection/me. What investing still needs (the knowledge test or the acknowledged risk
 * warning, and the loss simulation), then one card per part with its state and the way to it: the
 * category, the knowledge test (status, score, date, valid until, warning acknowledged), the loss
 * simulation (net worth, the loss one could bear, the warning threshold) and the request to be
 * treated as sophisticated. With `?next=/ventures/<id>` every link keeps the venture to return to.
 */
export function ProtectionOverviewPage() {
  const { t } = useTranslation();
  const next = useNext();
  const { data, isPending, error } = useProtectionProfile();

  return (
    <Page title={t('protection.overview.title')} intro={t('protection.overview.intro')} maxWidth="md">
      <QueryStatus
        pending={isPending}
        loading={t('protection.loading')}
        failed={error ? t('protection.loadFailed') : null}
      />
      {data ? (
        <>
          <MissingSteps profile={data} next={next} />
          <Grid container spacing={2} sx={{ mt: 1 }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <CategoryCard profile={data} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TestCard profile={data} next={next} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <SimulationCard profile={data} next={next} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <SophisticatedCard profile={data} next={next} />
            </Grid>
          </Grid>
        </>
      ) : null}
    </Page>
  );
}

/** What is still missing before investing, each with the button to its page. */
function MissingSteps({ profile, next }: { profile: ProtectionProfile; next: string | null }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity={profile.missing.length > 0 ? 'warning' : 'success'}
      role="region"
      aria-labelledby="protection-missing-title"
      sx={{ mt: 3, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography id="protection-missing-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('protection.overview.missingTitle')}
      </Typography>
      {profile.missing.length > 0 ? (
        <>
          <Typography variant="body2">
            {next ? t('protection.overview.missingForVenture') : t('protection.overview.missingIntro')}
          </Typography>
          <Typography component="ul" variant="body2" sx={{ pl: 2.5, my: 1 }}>
            {profile.missing.map((step) => (
              <li key={step}>{t(`protection.missing.${step}`)}</li>
            ))}
          </Typography>
          <Button
            component={RouterLink}
            to={withNext(stepPath(profile.missing[0]!), next)}
            variant="contained"
            size="small"
          >
            {t('protection.overview.startMissing')}
          </Button>
        </>
      ) : (
        <>
          <Typography variant="body2">
            {profile.category === 'sophisticated'
              ? t('protection.overview.nothingMissingSophisticated')
              : t('protection.overview.nothingMissing')}
          </Typography>
          {next ? (
            <Button component={RouterLink} to={next} variant="contained" size="small" sx={{ mt: 1 }}>
              {t('protection.backToVenture')}
            </Button>
          ) : null}
        </>
      )}
    </Alert>
  );
}

function PartCard({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
      {action ? <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>{action}</CardActions> : null}
    </Card>
  );
}

function CategoryCard({ profile }: { profile: ProtectionProfile }) {
  const { t } = useTranslation();
  return (
    <PartCard id="protection-category" title={t('protection.overview.categoryTitle')}>
      <Typography sx={{ fontWeight: 600, mt: 1 }}>{t(`protection.category.${profile.category}`)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t(`protection.category.${profile.category}Text`)}
      </Typography>
    </PartCard>
  );
}

function TestCard({ profile, next }: { profile: ProtectionProfile; next: string | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const test = profile.knowledgeTest;
  const sophisticated = profile.category === 'sophisticated';
  const failed = test.status === 'failed';
  const acknowledged = profile.riskAcknowledgedAt;
  const label =
    test.status === 'not_taken' || test.status === 'review_due'
      ? t('protection.overview.takeTest')
      : failed && !acknowledged
        ? t('protection.overview.acknowledgeOrRetake')
        : t('protection.overview.retakeTest');
  return (
    <PartCard
      id="protection-test"
      title={t('protection.overview.testTitle')}
      action={
        sophisticated ? null : (
          <Button component={RouterLink} to={withNext(PROTECTION_PATHS.test, next)} variant="outlined">
            {label}
          </Button>
        )
      }
    >
      <Facts
        items={[
          { label: t('protection.overview.status'), value: t(`protection.testStatus.${test.status}`) },
          ...(test.score !== null
            ? [
                {
                  label: t('protection.overview.score'),
                  value: t('protection.percent', { value: test.score }),
                },
              ]
            : []),
          ...(test.takenAt
            ? [{ label: t('protection.overview.takenAt'), value: formatDate(test.takenAt, lang) }]
            : []),
          // A passed test, or a failed one with the warning acknowledged, counts for two years.
          ...(test.validUntil && (test.status === 'passed' || (failed && acknowledged))
            ? [{ label: t('protection.overview.validUntil'), value: formatDate(test.validUntil, lang) }]
            : []),
          ...(failed
            ? [
                {
                  label: t('protection.overview.riskAcknowledged'),
                  value: acknowledged
                    ? t('protection.overview.acknowledgedOn', { date: formatDate(acknowledged, lang) })
                    : t('protection.overview.notAcknowledged'),
                },
              ]
            : []),
        ]}
      />
      <Typography variant="body2" color="text.secondary">
        {sophisticated ? t('protection.overview.testNotNeeded') : t('protection.overview.testText')}
      </Typography>
    </PartCard>
  );
}

function SimulationCard({ profile, next }: { profile: ProtectionProfile; next: string | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const simulation = profile.lossCapacity;
  const sophisticated = profile.category === 'sophisticated';
  return (
    <PartCard
      id="protection-simulation"
      title={t('protection.overview.simulationTitle')}
      action={
        sophisticated ? null : (
          <Button component={RouterLink} to={withNext(PROTECTION_PATHS.simulation, next)} variant="outlined">
            {simulation ? t('protection.overview.updateSimulation') : t('protection.overview.runSimulation')}
          </Button>
        )
      }
    >
      {simulation ? (
        <Facts
          items={[
            { label: t('protection.simulation.netWorth'), value: euros(simulation.netWorth, lang) },
            { label: t('protection.simulation.capacity'), value: euros(simulation.capacity, lang) },
            { label: t('protection.simulation.threshold'), value: euros(profile.warningThreshold, lang) },
            { label: t('protection.overview.savedOn'), value: formatDate(simulation.updatedAt, lang) },
          ]}
        />
      ) : (
        <Typography sx={{ fontWeight: 600, mt: 1 }}>{t('protection.overview.noSimulation')}</Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: simulation ? 0 : 1 }}>
        {sophisticated
          ? t('protection.overview.simulationNotNeeded')
          : t('protection.overview.simulationText')}
      </Typography>
    </PartCard>
  );
}

function SophisticatedCard({ profile, next }: { profile: ProtectionProfile; next: string | null }) {
  const { t, i18n } = useTranslation();
  const request = profile.sophisticatedRequest;
  const canRequest = profile.category !== 'sophisticated' && request?.status !== 'pending';
  return (
    <PartCard
      id="protection-sophisticated"
      title={t('protection.overview.sophisticatedTitle')}
      action={
        <Button component={RouterLink} to={withNext(PROTECTION_PATHS.sophisticated, next)} variant="outlined">
          {canRequest ? t('protection.overview.requestSophisticated') : t('protection.overview.viewRequest')}
        </Button>
      }
    >
      <Typography sx={{ fontWeight: 600, mt: 1 }}>
        {request
          ? t(`protection.request.${request.status}`, {
              date: formatDate(request.decidedAt ?? request.createdAt, i18n.language),
            })
          : t('protection.request.none')}
      </Typography>
      {request?.status === 'rejected' && request.reason ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('protection.request.reason', { reason: request.reason })}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('protection.overview.sophisticatedText')}
      </Typography>
    </PartCard>
  );
}

export { ProtectionOverviewPage as Component };
