import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import { MyVentureList } from './MyVentureList';
import { VentureCreate } from './VentureCreate';
import { VentureEdit } from './VentureEdit';
import { VentureShow } from './VentureShow';

/** The corporate account's own ventures. */
export default {
  list: MyVentureList,
  create: VentureCreate,
  edit: VentureEdit,
  show: VentureShow,
  icon: BusinessCenterIcon,
  recordRepresentation: 'title',
};
