import { Alert, Button, CardContent, Stack } from '@mui/material';
import { useCreatePath, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * What every corporate venture screen shows when its venture does not load: the company's own
 * ventures are read through owner-scoped calls, so another company's venture (or an unknown id)
 * lands here, without a form or a picker.
 */
export const VentureLoadError = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <CardContent>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" role="alert">
          {translate('app.corporate.ventures.load_detail_failed')}
        </Alert>
        <Button component={Link} to={createPath({ resource: 'ventures', type: 'list' })} variant="outlined">
          {translate('app.menu.my_ventures')}
        </Button>
      </Stack>
    </CardContent>
  );
};

/** Props for <Edit>/<Show> of an own venture: no redirect and no generic toast when it fails to load. */
export const ownVentureLoad = {
  redirectOnError: false,
  error: <VentureLoadError />,
  queryOptions: { onError: () => undefined, retry: false },
} as const;
