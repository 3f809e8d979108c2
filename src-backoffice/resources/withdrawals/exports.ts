import DescriptionIcon from '@mui/icons-material/Description';
import { lazyExport } from '../../components/lazyExport';

const PaymentFileList = lazyExport(() => import('./PaymentFileList'), 'PaymentFileList');

/** The SEPA payment files made so far (GET /api/admin/withdrawals/exports), each downloadable again. */
export default {
  list: PaymentFileList,
  icon: DescriptionIcon,
  recordRepresentation: 'messageId',
};
