import PaymentsIcon from '@mui/icons-material/Payments';
import type { RaRecord } from 'react-admin';
import { lazyExport } from '../../components/lazyExport';

const WithdrawalList = lazyExport(() => import('./WithdrawalList'), 'WithdrawalList');

/** Withdrawals (issue 27): requested ones to approve (in bulk) or reject, the SEPA payment file. */
export default {
  list: WithdrawalList,
  icon: PaymentsIcon,
  recordRepresentation: (record: RaRecord) =>
    [record.user?.firstName, record.user?.lastName].filter(Boolean).join(' ') || String(record.id),
};
