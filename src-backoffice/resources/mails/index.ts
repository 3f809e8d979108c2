import MailIcon from '@mui/icons-material/Mail';
import { lazyExport } from '../../components/lazyExport';

const MailList = lazyExport(() => import('./MailList'), 'MailList');
const MailShow = lazyExport(() => import('./MailShow'), 'MailShow');

export default {
  list: MailList,
  show: MailShow,
  icon: MailIcon,
  recordRepresentation: 'subject',
};
