import HistoryIcon from '@mui/icons-material/History';
import { BalanceHistoryList } from './BalanceHistoryList';

export default {
  list: BalanceHistoryList,
  icon: HistoryIcon,
  recordRepresentation: 'note',
};
