import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  Form,
  NumberInput,
  ResourceContextProvider,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  Title,
  maxLength,
  useCreatePath,
  useDataProvider,
  useGetOne,
  useLocaleState,
  useNotify,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import {
  KIIS_MAX_RISKS,
  KIIS_RISK_KINDS,
  KIIS_SHORT_TEXT_MAX,
  KIIS_TEXT_MAX,
  kiisMissing,
  type KiisField,
} from '../../../../src-shared/contracts/kiis';
import { formatDate } from '../../../components/DateText';
import { errorText, fieldErrors } from '../../../components/errors';
import { SectionCard } from '../../../components/SectionCard';
import { kiisPdfUrl, type BackofficeDataProvider, type KiisDraft } from '../../../providers/dataProvider';
import type { VentureRecord } from '../../../resources/ventures/ventureRecord';
import { VentureLoadError } from '../VentureLoadError';
import { incompleteRow, toFormValues, toPayload, type KiisFormValues } from './kiisForm';

const K = 'app.kiis';
export const kiisQueryKey = (id: Identifier) => ['ventures', 'kiis', String(id)] as const;

const RISK_CHOICES = KIIS_RISK_KINDS.map((id) => ({ id, name: `${K}.risks.kinds.${id}` }));

/** A text of the sheet, with its help and its limit. */
const KiisText = ({ source, short = false }: { source: KiisField; short?: boolean }) => (
  <TextInput
    source={source}
    label={`${K}.fields.${source}`}
    helperText={`${K}.help.${source}`}
    multiline
    minRows={short ? 2 : 4}
    fullWidth
    validate={maxLength(short ? KIIS_SHORT_TEXT_MAX : KIIS_TEXT_MAX, `${K}.too_long`)}
  />
);

/** The key figures: three rows of numbers (year, turnover, net profit, total assets). */
const KeyFigures = () => {
  const translate = useTranslate();
  const rowRule = (index: number) => (_value: unknown, values: KiisFormValues) =>
    incompleteRow(values.keyFigures?.[index]) ? `${K}.key_figures.incomplete_row` : undefined;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        {translate(`${K}.fields.keyFigures`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${K}.key_figures.intro`)}
      </Typography>
      {[0, 1, 2].map((index) => (
        <Box
          component="fieldset"
          key={index}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1, m: 0 }}
        >
          <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
            {translate(`${K}.key_figures.row`, { n: index + 1 })}
          </Typography>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 3 }}>
              <NumberInput
                source={`keyFigures.${index}.year`}
                label={`${K}.key_figures.year`}
                step={1}
                fullWidth
                validate={rowRule(index)}
              />
            </Grid>
            {(['turnover', 'netProfit', 'totalAssets'] as const).map((figure) => (
              <Grid size={{ xs: 12, sm: 3 }} key={figure}>
                <NumberInput
                  source={`keyFigures.${index}.${figure}`}
                  label={`${K}.key_figures.${figure}`}
                  fullWidth
                  validate={rowRule(index)}
                />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
    </Stack>
  );
};

/** What approval still needs, from the form as it is now (the same rule as the server's). */
const Completeness = ({ draft }: { draft: KiisDraft }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const values = useWatch() as KiisFormValues;
  const missing = kiisMissing(toPayload(values));
  const changed =
    draft.publishedAt !== null && draft.updatedAt !== null && draft.updatedAt > draft.publishedAt;
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      {missing.length === 0 ? (
        <Alert severity="success">{translate(`${K}.state.complete`)}</Alert>
      ) : (
        <Alert severity="warning">
          <AlertTitle>{translate(`${K}.state.missing`)}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {missing.map((field) => (
              <li key={field}>{translate(`${K}.fields.${field}`)}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {draft.publishedAt
          ? translate(`${K}.state.published`, { date: formatDate(draft.publishedAt, locale) })
          : translate(`${K}.state.not_published`)}
      </Typography>
      {changed ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${K}.state.changed`)}
        </Typography>
      ) : null}
    </Stack>
  );
};

/** The sections of the company's part, Save and Preview. */
const KiisFields = ({ ventureId, draft }: { ventureId: Identifier; draft: KiisDraft }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { handleSubmit, setError } = useFormContext<KiisFormValues>();
  const [saving, setSaving] = useState(false);

  const save = async (values: KiisFormValues) => {
    setSaving(true);
    try {
      await dataProvider.saveKiis(ventureId, toPayload(values));
      notify(`${K}.saved`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: kiisQueryKey(ventureId) });
      // A rejected venture goes back to review when its sheet changes: its page reads it again.
      await queryClient.invalidateQueries({ queryKey: ['ventures', 'getOne'] });
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrors(error) ?? {}))
        setError(field as keyof KiisFormValues, { type: 'server', message });
      notify(errorText(error, `${K}.save_failed`), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2}>
      <SectionCard title={`${K}.state.heading`} heading="h2">
        <Completeness draft={draft} />
      </SectionCard>
      <SectionCard title={`${K}.part_a`} heading="h2">
        <KiisText source="ownerDescription" />
        <KiisText source="management" />
        <KiisText source="responsiblePersons" short />
        <KiisText source="responsibilityStatement" short />
        <KiisText source="activities" />
        <KeyFigures />
      </SectionCard>
      <SectionCard title={`${K}.part_b`} heading="h2">
        <KiisText source="projectDescription" />
      </SectionCard>
      <SectionCard title={`${K}.part_c`} heading="h2">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(`${K}.risks.intro`)}
        </Typography>
        <ArrayInput source="risks" label={`${K}.fields.risks`}>
          <SimpleFormIterator
            disableReordering
            disableClear
            getItemLabel={(index) => translate(`${K}.risks.item`, { n: index + 1 })}
            // At most KIIS_MAX_RISKS (the server's limit).
            addButton={<AddRiskButton />}
          >
            <SelectInput
              source="kind"
              label={`${K}.risks.kind`}
              choices={RISK_CHOICES}
              defaultValue="project"
              sx={{ minWidth: 220 }}
            />
            <TextInput
              source="description"
              label={`${K}.risks.description`}
              multiline
              fullWidth
              validate={maxLength(KIIS_SHORT_TEXT_MAX, `${K}.too_long`)}
            />
          </SimpleFormIterator>
        </ArrayInput>
      </SectionCard>
      <SectionCard title={`${K}.part_funds`} heading="h2">
        <KiisText source="useOfFunds" />
      </SectionCard>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={saving}
          onClick={() => void handleSubmit(save)()}
        >
          {translate(`${K}.save`)}
        </Button>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          href={kiisPdfUrl(ventureId, locale, true)}
          target="_blank"
          rel="noopener"
          aria-describedby="kiis-preview-help"
        >
          {translate(`${K}.preview`)}
        </Button>
        <Typography id="kiis-preview-help" variant="body2" color="text.secondary">
          {translate(`${K}.preview_help`)}
        </Typography>
      </Stack>
    </Stack>
  );
};

/** Adds a risk row while fewer than KIIS_MAX_RISKS exist. */
const AddRiskButton = (props: { onClick?: () => void; disabled?: boolean }) => {
  const translate = useTranslate();
  const risks = (useWatch({ name: 'risks' }) as unknown[] | undefined) ?? [];
  return (
    <Button size="small" onClick={props.onClick} disabled={props.disabled || risks.length >= KIIS_MAX_RISKS}>
      {translate(`${K}.risks.add`)}
    </Button>
  );
};

/**
 * The company's part of a venture's key investment information sheet (EU 2020/1503 Art. 23) at
 * /corporate/ventures/{id}/kiis: a section per part, what approval still needs (updated as the company
 * types), Save (PUT, the whole draft) and Preview (the saved draft as PDF in a new tab). The venture
 * is read owner-scoped: another company's venture shows the load error.
 */
const KiisPage = () => {
  const { ventureId = '' } = useParams();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const venture = useGetOne<VentureRecord>(
    'ventures',
    { id: ventureId },
    { enabled: ventureId !== '', retry: false },
  );
  const draft = useQuery({
    queryKey: kiisQueryKey(ventureId),
    queryFn: () => dataProvider.getKiis(ventureId),
    enabled: ventureId !== '',
    retry: false,
  });
  const title = venture.data?.title
    ? translate(`${K}.title`, { title: venture.data.title })
    : translate(`${K}.page_title`);
  const pending = venture.isPending || draft.isPending;
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, maxWidth: 1100, minWidth: 0 }}>
      {/* The app bar's title is the page's level-one heading (components/AppLayout.tsx). */}
      <Title title={title} />
      {pending ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : venture.error || !venture.data ? (
        <Card variant="outlined">
          <VentureLoadError />
        </Card>
      ) : draft.error || !draft.data ? (
        <Alert severity="error" role="alert">
          {translate(`${K}.load_failed`)}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate(`${K}.intro`)}
              </Typography>
              <Button
                component={Link}
                to={createPath({ resource: 'ventures', type: 'show', id: ventureId })}
                startIcon={<ArrowBackIcon />}
                variant="outlined"
              >
                {translate(`${K}.back`)}
              </Button>
            </CardContent>
          </Card>
          {/* A custom route has no resource; the risks' list (SimpleFormIterator) needs one. */}
          <ResourceContextProvider value="ventures">
            <Form
              key={draft.data.updatedAt ?? 'new'}
              record={toFormValues(draft.data.fields)}
              onSubmit={() => undefined}
            >
              <KiisFields ventureId={ventureId} draft={draft.data} />
            </Form>
          </ResourceContextProvider>
        </Stack>
      )}
    </Box>
  );
};

export default KiisPage;
