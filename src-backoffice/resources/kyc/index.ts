import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import type { RaRecord } from 'react-admin';
import { lazyExport } from '../../components/lazyExport';
import { personName } from './personName';

const KycList = lazyExport(() => import('./KycList'), 'KycList');
const KycShow = lazyExport(() => import('./KycShow'), 'KycShow');

/** Admin verifications (`kyc`): the review queue and a person's verification page (id = user id). */
export default {
  list: KycList,
  show: KycShow,
  icon: VerifiedUserIcon,
  recordRepresentation: (record: RaRecord) => personName(record.user),
};
