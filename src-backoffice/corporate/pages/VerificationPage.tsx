import VerifiedIcon from '@mui/icons-material/VerifiedUser';
import { Box, Button, Card, CardActions, CardContent, Link, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { errorText } from '../../components/errors';
import type { BackofficeDataProvider } from '../../providers/dataProvider';

/**
 * Identity verification (spec 2.5/2.6): 'Checking status...', then 'Verified & Ready!' when complete,
 * else the 'Verify Your Identity' card whose button asks for a verification link and opens it.
 * A failed status check counts as pending (spec 4).
 */
export const VerificationPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [link, setLink] = useState<string | null>(null);
  const { data: status, isPending } = useQuery({
    queryKey: ['backoffice', 'kyc', 'my-verification'],
    queryFn: async () => {
      try {
        const answer = await dataProvider.getMyVerification();
        return answer?.statusInOurSystem ?? 'pending';
      } catch {
        notify('app.verification.status_failed', { type: 'warning' });
        return 'pending';
      }
    },
    retry: false,
  });
  const start = useMutation({
    mutationFn: () => dataProvider.startVerification(),
    onSuccess: (answer) => {
      const url = answer?.verificationUrl;
      if (!url) {
        notify('app.verification.no_url', { type: 'error' });
        return;
      }
      notify(answer.message || 'app.verification.link_generated', { type: 'success' });
      setLink(url);
      window.open(url, '_blank', 'noopener');
    },
    onError: (error) => notify(errorText(error, 'app.verification.start_failed'), { type: 'error' }),
  });

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, maxWidth: 640 }}>
      <Title title="app.menu.verification" />
      {isPending ? (
        <Typography>{translate('app.verification.checking')}</Typography>
      ) : status === 'complete' ? (
        <Card variant="outlined">
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <VerifiedIcon color="success" fontSize="large" />
            <Typography variant="h5" component="h1">
              {translate('app.verification.verified')}
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h5" component="h1" gutterBottom>
              {translate('app.verification.title')}
            </Typography>
            <Typography variant="body2" gutterBottom>
              {translate('app.verification.intro')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.verification.current_status', {
                status: translate(`app.enums.kycStatus.${status ?? 'pending'}`, { _: status ?? '' }),
              })}
            </Typography>
            {link ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                <Link href={link} target="_blank" rel="noopener">
                  {translate('app.verification.open_link')}
                </Link>
              </Typography>
            ) : null}
          </CardContent>
          <CardActions>
            <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
              {translate('app.verification.start')}
            </Button>
          </CardActions>
        </Card>
      )}
    </Box>
  );
};
