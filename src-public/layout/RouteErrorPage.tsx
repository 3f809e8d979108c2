import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/PageLoader';
import { isChunkLoadError, markChunkReload, mayReloadForChunkError } from '../lib/chunkReload';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return [error.status, error.statusText].filter(Boolean).join(' ');
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}

/**
 * The router's error element (spec section 8): 'Unexpected Application Error!' with the status and
 * status text, or the error message. When a lazy page module failed to load (usually a new
 * deployment), the page reloads once instead.
 */
export function RouteErrorPage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const [willReload] = useState(() => isChunkLoadError(error) && mayReloadForChunkError());

  useEffect(() => {
    if (!willReload) return;
    markChunkReload();
    reload();
  }, [willReload, reload]);

  if (willReload) return <PageLoader label={t('error.reloading')} />;

  const detail = describe(error);
  return (
    <Container maxWidth="md" sx={{ py: 8 }}>
      <Box role="alert">
        <Typography component="h1" variant="h4" gutterBottom>
          {t('error.title')}
        </Typography>
        {detail ? (
          <Typography component="p" variant="h6" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {detail}
          </Typography>
        ) : null}
      </Box>
      <Button href="/" variant="contained" sx={{ mt: 4 }}>
        {t('error.backHome')}
      </Button>
    </Container>
  );
}
