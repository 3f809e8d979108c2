import ShieldIcon from '@mui/icons-material/Shield';
import type { RaRecord } from 'react-admin';
import { lazyExport } from '../../components/lazyExport';
import { personName } from '../kyc/personName';

const ProtectionList = lazyExport(() => import('./ProtectionList'), 'ProtectionList');
const ProtectionShow = lazyExport(() => import('./ProtectionShow'), 'ProtectionShow');

/**
 * Investor protection (issue 25; EU 2020/1503 Art. 21, 22 and Annex II): the requests to be treated
 * as a sophisticated investor, and a person's page (id = user id) where the admin decides.
 */
export default {
  list: ProtectionList,
  show: ProtectionShow,
  icon: ShieldIcon,
  recordRepresentation: (record: RaRecord) => personName(record.user),
};
