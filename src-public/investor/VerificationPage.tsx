import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { APP_TOAST_MS, useToast } from '../components/ToastProvider';
import { formatDate } from '../lib/format';
import { useMyVerification, useStartVerification } from '../kyc/api';
import { failureText } from '../lib/errors';

/**
 * Identity verification (spec 2.5 and 4), from GET /api/kyc/my-verification: 'Checking status...',
 * then 'Verified & Ready!' (with the day of approval) when complete; 'Pending review' with the day
 * the documents were sent and no Start button while an admin reviews them (the server would refuse
 * a new start with 409); else the 'Verify Your Identity' card whose button asks the server for a
 * verification link and opens it in a new tab, with the reviewer's reason after a rejection. A
 * failed status check counts as pending but, not knowing, keeps the card and its button (a refusal
 * is worded by the server's code).
 */
export function VerificationPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [starting, setStarting] = useState(false);
  const [link, setLink] = useState<string | null>(null);

  const { mutateAsync: startVerification } = useStartVerification();

  const verification = useMyVerification();
  const { isPending, error: checkError } = verification;
  // A failed check counts as pending (without the review notice) and is told once.
  const failed = Boolean(checkError);
  useEffect(() => {
    if (!checkError) return;
    console.warn('Could not check verification status', checkError);
    toast.error(t('investor.verification.checkFailed'), APP_TOAST_MS);
  }, [checkError, t, toast]);
  const data = failed ? null : verification.data;
  const status = isPending ? undefined : (data?.statusInOurSystem ?? 'pending');
  const date = (value: string | null | undefined) => (value ? formatDate(value, i18n.language) : null);
  const submittedOn = date(data?.submittedAt);
  const verifiedOn = date(data?.decidedAt);

  const start = async () => {
    setStarting(true);
    try {
      const response = await startVerification();
      const url = response?.verificationUrl;
      if (!url) {
        toast.error(t('investor.verification.noUrl'), APP_TOAST_MS);
        return;
      }
      toast.success(t('investor.verification.linkGenerated'), APP_TOAST_MS);
      setLink(url);
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch (error) {
      // The refusal (e.g. 409 kyc.under_review) in the reader's language.
      const message = failureText(i18n, error, {
        fallback: t('investor.verification.startFailed'),
        noResponse: t('auth.errors.noResponse'),
      });
      toast.error(message, APP_TOAST_MS);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Page title={t('investor.verification.title')} maxWidth="md">
      {isPending ? (
        <Typography role="status" color="text.secondary" sx={{ mt: 3 }}>
          {t('investor.verification.checking')}
        </Typography>
      ) : status === 'complete' ? (
        <Alert icon={<VerifiedUserIcon />} severity="success" role="note" sx={{ mt: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('investor.verification.verified')}
          </Typography>
          <Typography variant="body2">{t('investor.verification.verifiedText')}</Typography>
          {verifiedOn ? (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('investor.verification.verifiedOn', { date: verifiedOn })}
            </Typography>
          ) : null}
        </Alert>
      ) : status === 'pending' && !failed ? (
        <Alert icon={<HourglassTopIcon />} severity="info" role="note" sx={{ mt: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('investor.verification.pendingTitle')}
          </Typography>
          <Typography variant="body2">
            {submittedOn
              ? t('investor.verification.pending', { date: submittedOn })
              : t('investor.verification.pendingUndated')}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('investor.verification.pendingNext')}
          </Typography>
        </Alert>
      ) : (
        <Card variant="outlined" sx={{ mt: 3 }}>
          <CardContent sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
              {t('investor.verification.verifyTitle')}
            </Typography>
            <Typography color="text.secondary">{t('investor.verification.verifyText')}</Typography>
            {status === 'rejected' ? (
              <Alert severity="warning" role="note">
                <Typography variant="body2">
                  {data?.reason
                    ? t('investor.verification.rejected', { reason: data.reason })
                    : t('investor.verification.rejectedNoReason')}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {t('investor.verification.startAgain')}
                </Typography>
              </Alert>
            ) : null}
            <Button variant="contained" onClick={start} disabled={starting}>
              {starting ? t('investor.verification.starting') : t('investor.verification.start')}
            </Button>
            {link ? (
              <Button href={link} target="_blank" rel="noopener noreferrer" variant="text">
                {t('investor.verification.openLink')}
              </Button>
            ) : null}
          </CardContent>
        </Card>
      )}
    </Page>
  );
}

export { VerificationPage as Component };
