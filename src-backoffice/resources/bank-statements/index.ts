import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { lazyExport } from '../../components/lazyExport';

const StatementEntryList = lazyExport(() => import('./StatementEntryList'), 'StatementEntryList');

/** Bank statements (issue 27): the imported entries, the unmatched ones first, each assignable. */
export default {
  list: StatementEntryList,
  icon: AccountBalanceWalletIcon,
  recordRepresentation: (record: { name?: string | null; id: unknown }) => record.name ?? String(record.id),
};

export const StatementImportPage = lazyExport(() => import('./StatementImportPage'), 'StatementImportPage');
