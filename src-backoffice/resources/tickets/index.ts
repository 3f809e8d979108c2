import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazyExport } from '../../components/lazyExport';

const TicketList = lazyExport(() => import('./TicketList'), 'TicketList');
const TicketShow = lazyExport(() => import('./TicketShow'), 'TicketShow');

export default {
  list: TicketList,
  show: TicketShow,
  icon: SupportAgentIcon,
  recordRepresentation: (record: { number?: number; subject?: string }) =>
    `#${record.number ?? ''} ${record.subject ?? ''}`.trim(),
};
