import HistoryIcon from '@mui/icons-material/History';
import { lazyExport } from '../../components/lazyExport';

const BalanceHistoryList = lazyExport(() => import('./BalanceHistoryList'), 'BalanceHistoryList');

export default {
  list: BalanceHistoryList,
  icon: HistoryIcon,
  recordRepresentation: 'note',
};
