import { Link } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { HistoryRow } from '../../../src-shared/api/types';

/**
 * Link to the proof document of a ledger entry, when one was uploaded (same origin only): the admin-only
 * GET /api/balances/proofs/{transactionId}, opened in a new tab with the session cookie.
 */
export const ProofLink = (_props: { label?: string }) => {
  const record = useRecordContext<Pick<HistoryRow, 'proofUrl'>>();
  const translate = useTranslate();
  const url = record?.proofUrl;
  if (typeof url !== 'string' || url === '' || /^[a-z]+:|^\/\//i.test(url)) return null;
  const href = url.startsWith('/') ? url : `/${url}`;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={translate('app.balance_histories.view_proof_new_tab')}
      onClick={(event) => event.stopPropagation()}
    >
      {translate('app.balance_histories.view_proof')}
    </Link>
  );
};
