import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { Link } from 'react-router-dom';
import {
  Title,
  TopToolbar,
  ListButton,
  useBasename,
  useDataProvider,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { formatDate } from '../../components/DateText';
import { errorText } from '../../components/errors';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { StatementImport } from '../../providers/resources/payments';
import { REASON_LABELS } from './StatementEntryList';

/** camt.053 files are XML; the server reads at most 50 MB (decision 0135). */
export const STATEMENT_TYPES = { 'application/xml': ['.xml'], 'text/xml': ['.xml'] };
export const MAX_STATEMENT_BYTES = 50 * 1024 * 1024;

/**
 * The statement upload (POST /api/admin/bank-statements): pick or drop one camt.053 XML file, send
 * it with its progress shown, then what the import did: how many entries were credited, how many
 * were already imported before, and the unmatched ones (amount, sender, reference, booking date,
 * reason) with the way to assign them. A file that is not a camt.053 is refused by the server
 * (400 `payments.not_camt053`), shown in the reader's language.
 */
export const StatementImportPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const basename = useBasename();
  const queryClient = useQueryClient();
  const [locale = 'en'] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<StatementImport | null>(null);
  const uploading = progress !== null;

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: STATEMENT_TYPES,
    maxSize: MAX_STATEMENT_BYTES,
    multiple: false,
    maxFiles: 1,
    noClick: true,
    noKeyboard: true,
    disabled: uploading,
    onDropAccepted: (files) => {
      setProblem(null);
      setResult(null);
      setFile(files[0] ?? null);
    },
    onDropRejected: (rejections) => {
      const codes = new Set(rejections.flatMap((r) => r.errors.map((e) => e.code)));
      setProblem(
        translate(
          codes.has('file-too-large') ? 'app.payments.import.too_large' : 'app.payments.import.wrong_type',
        ),
      );
    },
  });

  const upload = async () => {
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      const answer = await dataProvider.importBankStatement(file, setProgress);
      setResult(answer);
      setFile(null);
      notify('app.payments.import.done', {
        type: 'success',
        messageArgs: { smart_count: answer.credited, unmatched: answer.unmatched.length },
      });
      void queryClient.invalidateQueries({ queryKey: ['bank-statement-entries'] });
      void queryClient.invalidateQueries({ queryKey: ['balances'] });
    } catch (error) {
      setProblem(errorText(error, translate('app.error.generic')));
    } finally {
      setProgress(null);
    }
  };

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="app.payments.import.title" />
      <TopToolbar>
        <ListButton resource="bank-statement-entries" label="app.payments.import.to_entries" />
      </TopToolbar>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {translate('app.payments.import.heading')}
            </Typography>
            <Typography variant="body2">{translate('app.payments.import.intro')}</Typography>
            <Box
              {...getRootProps()}
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: isDragActive ? 'primary.main' : 'divider',
                borderRadius: 1,
                p: 3,
                textAlign: 'center',
              }}
            >
              <input {...getInputProps()} aria-label={translate('app.payments.import.file')} />
              <Typography variant="body2" gutterBottom>
                {translate(isDragActive ? 'app.payments.import.drop_now' : 'app.payments.import.drop_here')}
              </Typography>
              <Button variant="outlined" onClick={open} disabled={uploading} startIcon={<UploadFileIcon />}>
                {translate('app.payments.import.choose')}
              </Button>
            </Box>
            {file ? (
              <Typography variant="body2">
                {translate('app.payments.import.chosen', { name: file.name })}
              </Typography>
            ) : null}
            {problem ? (
              <Alert severity="error" role="alert">
                <AlertTitle>{translate('app.payments.import.failed')}</AlertTitle>
                {problem}
              </Alert>
            ) : null}
            {uploading ? (
              <Box>
                <LinearProgress
                  variant="determinate"
                  value={percent}
                  aria-label={translate('app.payments.import.progress')}
                />
                <Typography variant="caption">
                  {translate('app.payments.import.uploading', { percent })}
                </Typography>
              </Box>
            ) : null}
            <Box>
              <Button variant="contained" onClick={() => void upload()} disabled={!file || uploading}>
                {translate('app.payments.import.send')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      {result ? (
        <Card sx={{ mt: 2 }} component="section" aria-labelledby="statement-result">
          <CardContent>
            <Stack spacing={1}>
              <Typography variant="h6" component="h2" id="statement-result">
                {translate('app.payments.import.result')}
              </Typography>
              <Typography>
                {translate('app.payments.import.credited', { smart_count: result.credited })}
              </Typography>
              <Typography>
                {translate('app.payments.import.duplicates', { smart_count: result.duplicates })}
              </Typography>
              <Typography>
                {translate('app.payments.import.unmatched', { smart_count: result.unmatched.length })}
              </Typography>
              {result.unmatched.length > 0 ? (
                <>
                  <Box sx={{ overflowX: 'auto' }}>
                    <Table size="small" aria-labelledby="statement-result">
                      <TableHead>
                        <TableRow>
                          {['amount', 'sender', 'reference', 'bookingDate', 'reason'].map((key) => (
                            <TableCell key={key} scope="col">
                              {translate(`app.payments.fields.${key}`)}
                            </TableCell>
                          ))}
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {result.unmatched.map((entry) => (
                          <TableRow key={entry._id}>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>
                              {entry.currency === 'EUR'
                                ? formatEuros(entry.amount, locale)
                                : `${entry.amount} ${entry.currency}`}
                            </TableCell>
                            <TableCell>{entry.name ?? '-'}</TableCell>
                            <TableCell>{entry.reference ?? '-'}</TableCell>
                            <TableCell>{formatDate(entry.bookingDate, locale) ?? '-'}</TableCell>
                            <TableCell>
                              {entry.reason
                                ? translate(`${REASON_LABELS}.${entry.reason}`, { _: entry.reason })
                                : '-'}
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Box>
                  <Box>
                    <Button component={Link} to={`${basename}/bank-statement-entries`}>
                      {translate('app.payments.import.review_unmatched')}
                    </Button>
                  </Box>
                </>
              ) : null}
            </Stack>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
};
