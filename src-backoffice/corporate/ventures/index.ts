import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import { lazyExport } from '../../components/lazyExport';

const MyVentureList = lazyExport(() => import('./MyVentureList'), 'MyVentureList');
const VentureCreate = lazyExport(() => import('./VentureCreate'), 'VentureCreate');
const VentureEdit = lazyExport(() => import('./VentureEdit'), 'VentureEdit');
const VentureShow = lazyExport(() => import('./VentureShow'), 'VentureShow');

/** The corporate account's own ventures. */
export default {
  list: MyVentureList,
  create: VentureCreate,
  edit: VentureEdit,
  show: VentureShow,
  icon: BusinessCenterIcon,
  recordRepresentation: 'title',
};
