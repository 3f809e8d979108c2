import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import type { RaRecord } from 'react-admin';
import { KycList } from './KycList';
import { KycShow } from './KycShow';
import { personName } from './personName';

/** Admin verifications (`kyc`): the review queue and a person's verification page (id = user id). */
export default {
  list: KycList,
  show: KycShow,
  icon: VerifiedUserIcon,
  recordRepresentation: (record: RaRecord) => personName(record.user),
};
