import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { AdminSophisticatedRequest } from '../../../src-shared/contracts/protection';
import { formatDate } from '../../components/DateText';
import { useObjectUrl } from '../../components/useObjectUrl';
import type { BackofficeDataProvider } from '../../providers/dataProvider';

/** A file's size in the reader's language: kB below a megabyte, MB (one decimal) above. */
export function fileSize(bytes: number, locale: string): string {
  const mega = bytes >= 1_000_000;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: mega ? 1 : 0,
  }).format(mega ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
}

/**
 * A request's evidence, fetched through the admin-only route with the admin's session (never a
 * public URL, decision 0034's rule for identity documents): an image is shown; a PDF is named, opens
 * in the browser's viewer in a new tab; either can be downloaded under its own name.
 */
export const Evidence = ({ request, owner }: { request: AdminSophisticatedRequest; owner: string }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const file = useQuery({
    queryKey: ['protection', 'evidence', request._id],
    queryFn: () => dataProvider.getProtectionEvidence(request._id),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
  const url = useObjectUrl(file.data);
  const { name, mimeType, size } = request.evidence;
  const isPdf = (file.data?.type || mimeType) === 'application/pdf';
  const open = () => {
    if (url) window.open(url, '_blank');
  };
  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {translate('app.protection.evidence_file', { name, size: fileSize(size, locale) })}
      </Typography>
      {file.isPending ? (
        <Stack direction="row" spacing={1} alignItems="center">
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{translate('app.protection.loading_evidence')}</Typography>
        </Stack>
      ) : null}
      {file.isError ? <Alert severity="error">{translate('app.protection.evidence_failed')}</Alert> : null}
      {url && !isPdf ? (
        <Box
          component="img"
          src={url}
          alt={translate('app.protection.evidence_alt', {
            name: owner,
            date: formatDate(request.createdAt, locale) ?? '',
          })}
          sx={{
            width: '100%',
            maxHeight: 420,
            objectFit: 'contain',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        />
      ) : null}
      {url && isPdf ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <PictureAsPdfIcon color="error" aria-hidden />
          <Typography variant="body2">{translate('app.protection.pdf_evidence')}</Typography>
        </Box>
      ) : null}
      {url ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
          <Button
            size="small"
            variant={isPdf ? 'contained' : 'outlined'}
            startIcon={<OpenInNewIcon aria-hidden />}
            onClick={open}
          >
            {translate(isPdf ? 'app.protection.open_pdf' : 'app.protection.open_image')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            component="a"
            href={url}
            download={name}
            startIcon={<DownloadIcon aria-hidden />}
          >
            {translate('app.protection.download')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
};
