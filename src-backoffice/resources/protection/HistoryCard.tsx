import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { RecordContextProvider, useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { formatDate } from '../../components/DateText';
import { EnumField } from '../../components/EnumField';
import { LabelledValue } from '../../components/LabelledValue';
import { SectionCard } from '../../components/SectionCard';
import type { ProtectionRecord } from '../../providers/resources/protection';
import { personName } from '../kyc/personName';
import { useCriterionLabel } from './Criteria';

/** A language's name in the reader's language ('de' -> 'German'), else its code. */
export function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * One part of the history: its heading (h3), then its rows as a table that scrolls inside its own
 * box on a phone (focusable, so a keyboard scrolls it too), or a line saying there is none.
 */
const Part = ({
  title,
  none,
  columns,
  rows,
}: {
  title: string;
  none: string;
  columns: { label: string; align?: 'right' }[];
  rows: { key: string; cells: ReactNode[] }[];
}) => {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" id={headingId} gutterBottom>
        {translate(title)}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(none)}
        </Typography>
      ) : (
        <TableContainer tabIndex={0} role="group" aria-labelledby={headingId}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.label} align={column.align}>
                    {translate(column.label)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  {row.cells.map((cell, index) => (
                    <TableCell
                      key={columns[index]?.label ?? index}
                      align={columns[index]?.align}
                      sx={{ whiteSpace: index === 0 ? 'nowrap' : undefined }}
                    >
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
};

const field = (name: string) => `app.protection.fields.${name}`;

/**
 * An investor's protection history (EU 2020/1503 Art. 21 and 22; GET
 * /api/admin/protection/{userId}/history), newest first: their category, knowledge tests (score,
 * result, topics with no answer right, language), risk acknowledgements, loss simulations (what they
 * entered and the results) and, unless `withRequests` is false, their requests to be treated as
 * sophisticated (with the category above).
 */
export const HistoryCard = ({
  record,
  withRequests = true,
  action,
}: {
  record: ProtectionRecord;
  /** False on the requests page, which shows the requests and the category above. */
  withRequests?: boolean;
  /** Shown under the category (a link to the requests page, on the user page). */
  action?: ReactNode;
}) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const criterionLabel = useCriterionLabel();
  const when = (iso: string | null) => formatDate(iso, locale, true) ?? '-';
  const money = (value: number) => formatEuros(value, locale);
  const topic = (value: string) => translate(`app.protection.topics.${value}`, { _: value });
  return (
    <SectionCard title="app.protection.history_title" heading="h2">
      <Stack spacing={3}>
        {withRequests ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-end' }}>
            <LabelledValue label={field('category')}>
              <RecordContextProvider value={record}>
                <EnumField source="category" labels="app.protection.category" />
              </RecordContextProvider>
            </LabelledValue>
            {action}
          </Stack>
        ) : null}
        <Part
          title="app.protection.tests_title"
          none="app.protection.no_tests"
          columns={[
            { label: field('takenAt') },
            { label: field('score'), align: 'right' },
            { label: field('result') },
            { label: field('topicsMissed') },
            { label: field('language') },
          ]}
          rows={record.tests.map((test) => ({
            key: test._id,
            cells: [
              when(test.takenAt),
              translate('app.protection.score', { score: test.score }),
              translate(test.passed ? 'app.protection.passed' : 'app.protection.failed'),
              test.topicsMissed.length === 0 ? '-' : test.topicsMissed.map(topic).join(', '),
              languageName(test.language, locale),
            ],
          }))}
        />
        <Part
          title="app.protection.acknowledgements_title"
          none="app.protection.no_acknowledgements"
          columns={[{ label: field('acknowledgedAt') }, { label: field('warning') }]}
          rows={record.acknowledgements.map((ack) => ({
            key: ack._id,
            cells: [when(ack.acknowledgedAt), ack.text],
          }))}
        />
        <Part
          title="app.protection.simulations_title"
          none="app.protection.no_simulations"
          columns={[
            { label: field('simulatedAt') },
            { label: field('annualIncome'), align: 'right' },
            { label: field('liquidAssets'), align: 'right' },
            { label: field('annualCommitments'), align: 'right' },
            { label: field('netWorth'), align: 'right' },
            { label: field('capacity'), align: 'right' },
          ]}
          rows={record.simulations.map((simulation) => ({
            key: simulation._id,
            cells: [
              when(simulation.createdAt),
              money(simulation.annualIncome),
              money(simulation.liquidAssets),
              money(simulation.annualCommitments),
              money(simulation.netWorth),
              money(simulation.capacity),
            ],
          }))}
        />
        {withRequests ? (
          <Part
            title="app.protection.requests_title"
            none="app.protection.no_requests"
            columns={[
              { label: field('submittedAt') },
              { label: field('criteria') },
              { label: field('status') },
              { label: field('decidedAt') },
              { label: field('decidedBy') },
              { label: field('reason') },
            ]}
            rows={record.requests.map((request) => ({
              key: request._id,
              cells: [
                when(request.createdAt),
                request.criteria.map(criterionLabel).join(', '),
                <RecordContextProvider key="status" value={request}>
                  <EnumField source="status" labels="app.protection.status" />
                </RecordContextProvider>,
                request.decidedAt ? when(request.decidedAt) : '-',
                request.decidedBy ? personName(request.decidedBy) : '-',
                request.reason ?? '-',
              ],
            }))}
          />
        ) : null}
      </Stack>
    </SectionCard>
  );
};
