import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import { VentureList } from './VentureList';
import { VentureShow } from './VentureShow';

/** Admin ventures: list with filters and the review page (the review form lives on the show page). */
export default {
  list: VentureList,
  show: VentureShow,
  icon: BusinessCenterIcon,
  recordRepresentation: 'title',
};
