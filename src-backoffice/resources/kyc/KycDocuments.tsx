import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useObjectUrl } from '../../components/useObjectUrl';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { KycRecord } from '../../providers/resources/kyc';
import { personName } from './personName';

type KycDocument = KycRecord['documents'][number];

/**
 * One identity document, fetched through the admin-only route with the admin's session (never a
 * public URL): an image is shown, a PDF opens in the browser's viewer in a new tab.
 */
export const KycDocumentView = ({ document, owner }: { document: KycDocument; owner: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const file = useQuery({
    queryKey: ['kyc', 'document', document.id],
    queryFn: () => dataProvider.getKycDocument(document.id),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
  const url = useObjectUrl(file.data);
  const kind = translate(`app.kyc.kinds.${document.kind}`, { _: document.kind });
  const isPdf = (file.data?.type || document.mimeType) === 'application/pdf';
  const open = () => {
    // The browser's own viewer shows the file (a PDF in its PDF viewer) in a new tab.
    if (url) window.open(url, '_blank');
  };

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3">
            {kind}
          </Typography>
          {file.isPending ? (
            <Stack direction="row" spacing={1} alignItems="center">
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2">{translate('app.kyc.loading_document')}</Typography>
            </Stack>
          ) : null}
          {file.isError ? <Alert severity="error">{translate('app.kyc.document_failed')}</Alert> : null}
          {url && !isPdf ? (
            <Box
              component="img"
              src={url}
              alt={translate('app.kyc.document_alt', { kind, name: owner })}
              sx={{
                width: '100%',
                maxHeight: 360,
                objectFit: 'contain',
                bgcolor: 'action.hover',
                borderRadius: 1,
              }}
            />
          ) : null}
          {url && isPdf ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <PictureAsPdfIcon color="error" aria-hidden />
              <Typography variant="body2">{translate('app.kyc.pdf_document')}</Typography>
            </Box>
          ) : null}
          {url ? (
            <Box>
              <Button
                size="small"
                variant={isPdf ? 'contained' : 'text'}
                startIcon={<OpenInNewIcon aria-hidden />}
                onClick={open}
              >
                {translate(isPdf ? 'app.kyc.open_pdf' : 'app.kyc.open_image', { kind })}
              </Button>
            </Box>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
};

/** Every document of the person's latest verification. */
export const KycDocuments = () => {
  const record = useRecordContext<KycRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const owner = personName(record.user);
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.kyc.documents')}
      </Typography>
      {record.documents.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.kyc.no_documents')}
        </Typography>
      ) : (
        <Grid container spacing={2}>
          {record.documents.map((document) => (
            <Grid key={document.id} size={{ xs: 12, md: 4 }}>
              <KycDocumentView document={document} owner={owner} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
};
