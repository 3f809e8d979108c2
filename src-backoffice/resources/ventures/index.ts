import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import { lazyExport } from '../../components/lazyExport';

const VentureList = lazyExport(() => import('./VentureList'), 'VentureList');
const VentureShow = lazyExport(() => import('./VentureShow'), 'VentureShow');

/** Admin ventures: list with filters and the review page (the review form lives on the show page). */
export default {
  list: VentureList,
  show: VentureShow,
  icon: BusinessCenterIcon,
  recordRepresentation: 'title',
};
