import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { UserList } from './UserList';
import { UserShow } from './UserShow';
import { fullName } from './userName';

export default {
  list: UserList,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => fullName(record),
};
