import {
  Box,
  Grid,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  ListButton,
  RecordContextProvider,
  Show,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { countryName } from '../../components/CountryInput';
import { formatDate } from '../../components/DateText';
import { EnumField } from '../../components/EnumField';
import { LabelledValue } from '../../components/LabelledValue';
import { SectionCard } from '../../components/SectionCard';
import type { KycRecord } from '../../providers/resources/kyc';
import { KycDecision } from './KycDecision';
import { KycDocuments } from './KycDocuments';
import { personName } from './personName';

const Actions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

const field = (name: string) => `resources.kyc.fields.${name}`;

/** The person and what they stated: date of birth, nationality, address, document type. */
const StatedData = () => {
  const record = useRecordContext<KycRecord>();
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  if (!record) return null;
  const dateOfBirth = record.dateOfBirth ? formatDate(`${record.dateOfBirth}T00:00:00Z`, locale) : null;
  return (
    <SectionCard title="app.kyc.stated_data" heading="h2">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <LabelledValue breakAnywhere label={field('user')}>
            {personName(record.user)}
            <Typography variant="body2" color="text.secondary" component="div">
              {record.user.email}
            </Typography>
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <LabelledValue breakAnywhere label={field('role')}>
            {translate(`app.enums.role.${record.user.role}`, { _: record.user.role })}
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <LabelledValue breakAnywhere label={field('status')}>
            <EnumField source="status" enumName="kycStatus" />
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <LabelledValue breakAnywhere label={field('submittedAt')}>
            {formatDate(record.submittedAt, locale, true) ?? '-'}
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <LabelledValue breakAnywhere label={field('provider')}>
            {translate(`app.kyc.providers.${record.provider}`, { _: record.provider })}
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <LabelledValue breakAnywhere label={field('documentType')}>
            {record.documentType ? translate(`app.kyc.document_types.${record.documentType}`) : '-'}
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <LabelledValue breakAnywhere label={field('dateOfBirth')}>
            {dateOfBirth ?? '-'}
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <LabelledValue breakAnywhere label={field('nationality')}>
            {record.nationality ? countryName(record.nationality, locale) : '-'}
          </LabelledValue>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <LabelledValue breakAnywhere label={field('address')}>
            {record.address ?? '-'}
          </LabelledValue>
        </Grid>
      </Grid>
    </SectionCard>
  );
};

/** Every decision on the person, earlier verifications included: when, what, who, why. */
const Decisions = () => {
  const record = useRecordContext<KycRecord>();
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!record) return null;
  const who = (decision: KycRecord['decisions'][number]) =>
    decision.decidedBy?.email ?? translate('app.kyc.by_provider');
  return (
    <SectionCard title="app.kyc.decisions" heading="h2" headingId="kyc-decisions">
      {record.decisions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.kyc.no_decisions')}
        </Typography>
      ) : isPhone ? (
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {record.decisions.map((decision) => (
            <Box component="li" key={`${decision.decidedAt}-${decision.status}`}>
              <RecordContextProvider value={decision}>
                <EnumField source="status" enumName="kycStatus" />
              </RecordContextProvider>
              <Typography variant="body2">
                {formatDate(decision.decidedAt, locale, true)} · {who(decision)}
              </Typography>
              {decision.reason ? <Typography variant="body2">{decision.reason}</Typography> : null}
            </Box>
          ))}
        </Stack>
      ) : (
        <Table size="small" aria-labelledby="kyc-decisions">
          <TableHead>
            <TableRow>
              <TableCell>{translate(field('decidedAt'))}</TableCell>
              <TableCell>{translate(field('status'))}</TableCell>
              <TableCell>{translate(field('decidedBy'))}</TableCell>
              <TableCell>{translate(field('reason'))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {record.decisions.map((decision) => (
              <TableRow key={`${decision.decidedAt}-${decision.status}`}>
                <TableCell>{formatDate(decision.decidedAt, locale, true)}</TableCell>
                <TableCell>
                  <RecordContextProvider value={decision}>
                    <EnumField source="status" enumName="kycStatus" />
                  </RecordContextProvider>
                </TableCell>
                <TableCell>{who(decision)}</TableCell>
                <TableCell>{decision.reason ?? '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
};

/** True once the record is the full verification (GET /api/kyc/admin/{userId}), not a list row. */
const isDetail = (record: Partial<KycRecord> | undefined): record is KycRecord =>
  Array.isArray(record?.documents) && Array.isArray(record?.decisions);

/**
 * The page's parts once the full verification is there. Opened from the list, react-admin first
 * gives the show view the list's row (it seeds each record's getOne cache from the list), which has
 * no documents, decisions nor stated data: a progress bar shows until the details arrive.
 */
const Details = () => {
  const record = useRecordContext<KycRecord>();
  const translate = useTranslate();
  if (!isDetail(record)) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  return (
    <Stack spacing={3} sx={{ p: { xs: 1, sm: 2 } }}>
      <StatedData />
      <KycDocuments />
      <Decisions />
      <KycDecision />
    </Stack>
  );
};

/** A person's verification (/admin/kyc/{userId}/show): stated data, documents, decisions, decide.
 * Always read from the server on opening (staleTime 0): the list's row is not the detail. */
export const KycShow = () => (
  <Show actions={<Actions />} queryOptions={{ staleTime: 0 }}>
    <Details />
  </Show>
);
