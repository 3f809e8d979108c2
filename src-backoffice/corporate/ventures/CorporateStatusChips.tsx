import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { corporateVentureStatus } from '../../../src-shared/rules/ventureStatus';
import type { VentureRecord } from '../../resources/ventures/ventureRecord';

/**
 * ONE status telling the company where its venture is (issue 30, item 8; decision 0201), as a
 * filled chip, and the review status beside it as a smaller outlined one where it adds something
 * (never 'Draft' beside 'Pending'). Derived by src-shared/rules/ventureStatus.ts; the browser's
 * clock only decides whether an approved venture has gone live yet (`goesLiveAt`).
 */
export const CorporateStatusChips = (_props: { label?: string }) => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const { status, review, tone } = corporateVentureStatus(record, new Date());
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip
        size="small"
        color={tone}
        label={translate(`corporateStatus.status.${status}`)}
        data-status={status}
      />
      {review ? (
        <Chip
          size="small"
          variant="outlined"
          label={translate(`corporateStatus.review.${review}`)}
          aria-label={`${translate('corporateStatus.review_label')}: ${translate(`corporateStatus.review.${review}`)}`}
          sx={{ color: 'text.secondary', borderColor: 'divider' }}
        />
      ) : null}
    </Stack>
  );
};

/** The same, as text for a phone's one-line list ('Live (raising) · Review: approved'). */
export function corporateStatusText(translate: (key: string) => string, record: VentureRecord): string {
  const { status, review } = corporateVentureStatus(record, new Date());
  return [
    translate(`corporateStatus.status.${status}`),
    ...(review ? [translate(`corporateStatus.review.${review}`)] : []),
  ].join(' · ');
}
