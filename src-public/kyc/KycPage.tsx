import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../src-shared/api/http';
import { translateError } from '../../src-shared/i18n/errors';
import { Page } from '../components/Page';
import { formatDateTime } from '../lib/format';
import { answeredWithCode, failureText } from '../lib/errors';
import { useKycSession } from './api';
import { KycForm } from './KycForm';
import { Receipt } from './steps/Receipt';

/**
 * The built-in identity verification at /kyc/{token}: the link the investor's or company's
 * verification page opens. No sign-in is needed (the single-use token is the credential), so it
 * works on a phone too. It loads the session, takes the document type, the document's front (and
 * back), a selfie, the date of birth, nationality and address, and sends them as one multipart
 * request. The server's refusals (`code` and per-field `codes`) are shown in the reader's language
 * next to the client's own checks.
 */
export function KycPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const [receipt, setReceipt] = useState<string | null>(null);
  const session = useKycSession(token);

  const person = session.data ? `${session.data.firstName} ${session.data.lastName}`.trim() : '';

  let body;
  if (receipt !== null) {
    body = <Receipt message={receipt} />;
  } else if (session.isPending) {
    body = (
      <Typography role="status" color="text.secondary" sx={{ mt: 3 }}>
        {t('kyc.loading')}
      </Typography>
    );
  } else if (session.isError) {
    const error = session.error;
    const message =
      // A 404 without a code: no such route (an old link format) rather than the server's refusal.
      error instanceof ApiError && error.status === 404 && !answeredWithCode(error)
        ? translateError(i18n, undefined, 'kyc.invalid_link')
        : failureText(i18n, error, {
            fallback: t('kyc.loadFailed'),
            noResponse: t('auth.errors.noResponse'),
          });
    body = (
      <Alert severity="error" sx={{ mt: 3 }}>
        {message}
      </Alert>
    );
  } else {
    body = (
      <>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('kyc.intro')}
        </Typography>
        {session.data.expiresAt ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('kyc.validUntil', { date: formatDateTime(session.data.expiresAt, i18n.language) })}
          </Typography>
        ) : null}
        <KycForm token={token} session={session.data} onDone={setReceipt} />
      </>
    );
  }

  return (
    <Page title={t('kyc.title')} intro={person ? t('kyc.person', { name: person }) : undefined} maxWidth="md">
      {body}
    </Page>
  );
}

export { KycPage as Component };
