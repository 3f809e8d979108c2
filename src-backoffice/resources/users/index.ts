import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { lazyExport } from '../../components/lazyExport';
import { fullName } from './userName';

const UserList = lazyExport(() => import('./UserList'), 'UserList');
const UserShow = lazyExport(() => import('./UserShow'), 'UserShow');

export default {
  list: UserList,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => fullName(record),
};
