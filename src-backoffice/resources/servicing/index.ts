import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import type { RaRecord } from 'react-admin';
import { lazyExport } from '../../components/lazyExport';

const ServicingList = lazyExport(() => import('./ServicingList'), 'ServicingList');
const LoanShow = lazyExport(() => import('./LoanShow'), 'LoanShow');

/** Loan servicing (issue 24): the loans, most days late first, and each loan's page. */
export default {
  list: ServicingList,
  show: LoanShow,
  icon: AccountBalanceIcon,
  recordRepresentation: (record: RaRecord) => String(record.venture?.title ?? record.id),
};
