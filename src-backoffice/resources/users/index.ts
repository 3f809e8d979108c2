import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { UserList } from './UserList';

export default {
  list: UserList,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) =>
    [record.firstName, record.lastName].filter(Boolean).join(' ') || String(record.email ?? record.id),
};
