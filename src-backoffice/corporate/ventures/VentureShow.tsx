import EditIcon from '@mui/icons-material/Edit';
import DescriptionIcon from '@mui/icons-material/Description';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  EditButton,
  ListButton,
  Show,
  TopToolbar,
  useBasename,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { formatEuros } from '../../../src-shared/money';
import { formatDate } from '../../components/DateText';
import { errorText } from '../../components/errors';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import { VentureDetails } from '../../resources/ventures/VentureDetails';
import type { VentureRecord } from '../../resources/ventures/ventureRecord';
import { RevisionBanner } from '../../resources/ventures/Revision';
import { CorporateStatusChips } from './CorporateStatusChips';
import { LoanSchedule } from './LoanSchedule';
import { imagesPath, kiisPath } from './paths';
import { ownVentureLoad } from './VentureLoadError';
import { SectionCard } from '../../components/SectionCard';

/** Spec 2.6's 'Submit for review': a draft becomes public, which sends it to the admins' queue. */
const SubmitForReviewButton = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate();
  if (!record || record.visibility !== 'draft') return null;
  const submit = () =>
    update(
      'ventures',
      { id: record.id, data: { visibility: 'public' }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('app.corporate.ventures.submitted', { type: 'success' });
        },
        onError: (error) => {
          setOpen(false);
          notify(errorText(error, 'app.corporate.ventures.save_failed'), { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button variant="contained" size="small" startIcon={<SendIcon />} onClick={() => setOpen(true)}>
        {translate('app.corporate.ventures.submit')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate('app.corporate.ventures.submit_confirm_title', { title: record.title })}
        content={translate('app.corporate.ventures.submit_confirm_content')}
        confirm="app.corporate.ventures.submit"
        onConfirm={submit}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

const ImagesButton = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const basename = useBasename();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={`${basename}${imagesPath(record.id)}`}
      size="small"
      startIcon={<PhotoLibraryIcon />}
    >
      {translate('app.corporate.ventures.edit_images')}
    </Button>
  );
};

/** The venture's key investment information sheet (the company's part, completeness, preview). */
const KiisButton = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const basename = useBasename();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={`${basename}${kiisPath(record.id)}`}
      size="small"
      startIcon={<DescriptionIcon />}
    >
      {translate('app.kiis.open')}
    </Button>
  );
};

const Actions = () => (
  <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
    <ListButton />
    <EditButton label="app.corporate.ventures.edit_details" icon={<EditIcon />} />
    <ImagesButton />
    <KiisButton />
    <SubmitForReviewButton />
  </TopToolbar>
);

/** Where the venture stands with the admins, and the reviewer's reason when it was rejected. */
const ReviewState = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.adminStatus === 'rejected') {
    return (
      <Alert severity="error" variant="outlined">
        <AlertTitle>{translate('app.corporate.ventures.rejected_title')}</AlertTitle>
        {record.adminNotes ? (
          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
            {record.adminNotes}
          </Box>
        ) : null}
        <Box component="p" sx={{ mb: 0 }}>
          {translate('app.corporate.ventures.rejected_next')}
        </Box>
      </Alert>
    );
  }
  if (record.visibility === 'draft') {
    return (
      <Alert severity="info" variant="outlined">
        {translate('app.corporate.ventures.draft_notice')}
      </Alert>
    );
  }
  if (record.adminStatus === 'pending' || record.adminStatus === 'under-review') {
    return (
      <Alert severity="info" variant="outlined">
        {translate('app.corporate.ventures.in_review_notice')}
      </Alert>
    );
  }
  return null;
};

/** The venture's investments: how many, how much and when (investors stay anonymous). */
const Investments = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const id = record?.id;
  const { data, isPending, error } = useQuery({
    queryKey: ['ventures', 'getMyVentureInvestments', id],
    queryFn: () => dataProvider.getMyVentureInvestments(id!),
    enabled: id !== undefined,
  });
  if (!record) return null;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.corporate.ventures.investments.${key}`, options);
  return (
    <SectionCard title="app.corporate.ventures.investments.title">
      {isPending ? (
        <Skeleton height={48} />
      ) : error || !data ? (
        <Alert severity="error">{t('load_error')}</Alert>
      ) : data.count === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <>
          <Typography gutterBottom>
            {t('summary', {
              smart_count: data.count,
              count: data.count,
              total: formatEuros(data.total, locale),
            })}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t('col_date')}</TableCell>
                  <TableCell scope="col" align="right">
                    {t('col_amount')}
                  </TableCell>
                  <TableCell scope="col">{t('col_status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((row) => (
                  <TableRow key={row._id}>
                    <TableCell>{formatDate(row.investmentDate, locale) ?? '-'}</TableCell>
                    <TableCell align="right">{formatEuros(row.amount, locale)}</TableCell>
                    <TableCell>
                      {translate(`app.enums.investmentStatus.${row.status}`, { _: row.status })}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </SectionCard>
  );
};

/** The corporate venture page (spec 2.6), from the owner-scoped call. */
export const VentureShow = () => (
  <Show actions={<Actions />} {...ownVentureLoad}>
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <ReviewState />
      <RevisionBanner />
      <LoanSchedule />
      <VentureDetails statusChips={<CorporateStatusChips />} />
      <Investments />
    </Stack>
  </Show>
);
