import VerifiedIcon from '@mui/icons-material/VerifiedUser';
import { Alert, Box, Button, Card, CardActions, CardContent, Link, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { KycStatus } from '../../../src-shared/constants/enums';
import { formatDate } from '../../components/DateText';
import { errorText } from '../../components/errors';
import type { BackofficeDataProvider } from '../../providers/dataProvider';

interface VerificationState {
  status: KycStatus;
  reason: string | null;
  submittedAt: string | null;
  /** The status check failed: shown as pending, without the review notice (spec 4). */
  failed: boolean;
}

/**
 * Identity verification (spec 2.5/2.6): 'Checking status...', then 'Verified & Ready!' when complete,
 * else the 'Verify Your Identity' card whose button asks for a verification link and opens it.
 * A failed status check counts as pending (spec 4). A rejected verification shows the reviewer's
 * reason and keeps the button; documents under review (pending) say so, without the button,
 * whose refusal (409) is shown in the reader's language, translated by its code.
 */
export const VerificationPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [link, setLink] = useState<string | null>(null);
  const { data, isPending } = useQuery({
    queryKey: ['backoffice', 'kyc', 'my-verification'],
    queryFn: async (): Promise<VerificationState> => {
      try {
        const answer = await dataProvider.getMyVerification();
        return {
          status: answer?.statusInOurSystem ?? 'pending',
          reason: answer?.reason ?? null,
          submittedAt: answer?.submittedAt ?? null,
          failed: false,
        };
      } catch {
        notify('app.verification.status_failed', { type: 'warning' });
        return { status: 'pending', reason: null, submittedAt: null, failed: true };
      }
    },
    retry: false,
  });
  const status = data?.status;
  const start = useMutation({
    mutationFn: () => dataProvider.startVerification(),
    onSuccess: (answer) => {
      const url = answer?.verificationUrl;
      if (!url) {
        notify('app.verification.no_url', { type: 'error' });
        return;
      }
      notify('app.verification.link_generated', { type: 'success' });
      setLink(url);
      window.open(url, '_blank', 'noopener');
    },
    onError: (error) =>
      // Translated by the error's code (kyc.already_verified, kyc.under_review, ...) in the dataProvider.
      notify(errorText(error, 'app.verification.start_failed'), { type: 'error' }),
  });
  // Documents under review: nothing to start again until an admin decides (the server refuses it too).
  const underReview = status === 'pending' && !data?.failed;
  const submittedOn = data?.submittedAt ? formatDate(data.submittedAt, locale) : null;

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
            {status === 'rejected' ? (
              <Alert severity="warning" sx={{ mt: 2 }}>
                <Typography variant="body2">
                  {data?.reason
                    ? translate('app.verification.rejected_reason', { reason: data.reason })
                    : translate('app.verification.rejected')}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {translate('app.verification.start_again')}
                </Typography>
              </Alert>
            ) : null}
            {underReview ? (
              <Alert severity="info" sx={{ mt: 2 }}>
                {submittedOn
                  ? translate('app.verification.pending_review', { date: submittedOn })
                  : translate('app.verification.pending_undated')}
              </Alert>
            ) : null}
            {link ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                <Link href={link} target="_blank" rel="noopener">
                  {translate('app.verification.open_link')}
                </Link>
              </Typography>
            ) : null}
          </CardContent>
          {underReview ? null : (
            <CardActions>
              <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
                {translate('app.verification.start')}
              </Button>
            </CardActions>
          )}
        </Card>
      )}
    </Box>
  );
};
