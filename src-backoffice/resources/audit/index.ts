import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazyExport } from '../../components/lazyExport';

const AuditList = lazyExport(() => import('./AuditList'), 'AuditList');

export default {
  list: AuditList,
  icon: FactCheckIcon,
  recordRepresentation: 'action',
};
