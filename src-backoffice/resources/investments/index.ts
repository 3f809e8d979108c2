import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { RaRecord } from 'react-admin';
import { lazyExport } from '../../components/lazyExport';

const InvestmentList = lazyExport(() => import('./InvestmentList'), 'InvestmentList');

export default {
  list: InvestmentList,
  icon: TrendingUpIcon,
  recordRepresentation: (record: RaRecord) => String(record.venture?.title ?? record.id),
};
