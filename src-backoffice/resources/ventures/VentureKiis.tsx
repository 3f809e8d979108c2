import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatDate } from '../../components/DateText';
import { SectionCard } from '../../components/SectionCard';
import { kiisPdfUrl, type BackofficeDataProvider } from '../../providers/dataProvider';
import type { VentureRecord } from './ventureRecord';

const K = 'app.kiis';

/** The translated names of the sheet's fields, joined for a sentence. */
export function useKiisFieldNames() {
  const translate = useTranslate();
  return (fields: readonly string[]) => fields.map((f) => translate(`${K}.fields.${f}`, { _: f })).join(', ');
}

/** The query of a venture's sheet (the review form reads it again after a refused approval). */
export const ventureKiisKey = (id: unknown) => ['ventures', 'kiis', String(id)] as const;

/**
 * The admin venture page's KIIS state (EU 2020/1503 Art. 23): complete or what is missing, when it was
 * published and whether the company changed it since, and links to the published PDF and the draft.
 */
export const VentureKiis = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const names = useKiisFieldNames();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const id = record?.id;
  const { data, isPending, error } = useQuery({
    queryKey: ventureKiisKey(id),
    queryFn: () => dataProvider.getKiis(id!),
    enabled: id !== undefined,
  });
  if (!record) return null;
  return (
    <SectionCard title={`${K}.admin.heading`} heading="h2">
      {isPending ? (
        <Skeleton height={48} />
      ) : error || !data ? (
        <Alert severity="error">{translate(`${K}.load_failed`)}</Alert>
      ) : (
        <Stack spacing={1}>
          {data.complete ? (
            <Alert severity="success">{translate(`${K}.admin.complete`)}</Alert>
          ) : (
            <Alert severity="warning">
              {translate(`${K}.admin.incomplete`, { missing: names(data.missing) })}
            </Alert>
          )}
          <Typography variant="body2">
            {data.publishedAt
              ? translate(`${K}.admin.published`, { date: formatDate(data.publishedAt, locale, true) })
              : translate(`${K}.admin.not_published`)}
          </Typography>
          {data.publishedAt && data.updatedAt && data.updatedAt > data.publishedAt ? (
            <Typography variant="body2" color="text.secondary">
              {translate(`${K}.admin.changed`)}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {data.publishedAt ? (
              <Button
                size="small"
                variant="outlined"
                startIcon={<PictureAsPdfIcon />}
                href={kiisPdfUrl(record.id, locale)}
                target="_blank"
                rel="noopener"
              >
                {translate(`${K}.admin.open_published`)}
              </Button>
            ) : null}
            {data.updatedAt ? (
              <Button
                size="small"
                startIcon={<PictureAsPdfIcon />}
                href={kiisPdfUrl(record.id, locale, true)}
                target="_blank"
                rel="noopener"
              >
                {translate(`${K}.admin.open_draft`)}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      )}
    </SectionCard>
  );
};
