import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import type { RaRecord } from 'react-admin';
import { lazyExport } from '../../components/lazyExport';

const BalanceList = lazyExport(() => import('./BalanceList'), 'BalanceList');

/** The add-balance form (the custom route balances/add-balance/:userId). */
export const AddBalancePage = lazyExport(() => import('./AddBalancePage'), 'AddBalancePage');

/** Balances: the list; the add-balance form is the custom route balances/add-balance/:userId. */
export default {
  list: BalanceList,
  icon: AccountBalanceWalletIcon,
  recordRepresentation: (record: RaRecord) =>
    [record.user?.firstName, record.user?.lastName].filter(Boolean).join(' ') || String(record.id),
};
