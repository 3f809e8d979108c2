import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazyExport } from '../../components/lazyExport';

const MyTicketList = lazyExport(() => import('./MyTicketList'), 'MyTicketList');
const TicketCreate = lazyExport(() => import('./TicketCreate'), 'TicketCreate');
const CorporateTicketShow = lazyExport(() => import('./TicketShow'), 'CorporateTicketShow');

/** The company's own support tickets: list, new ticket, a ticket's thread with a reply. */
export default {
  list: MyTicketList,
  create: TicketCreate,
  show: CorporateTicketShow,
  icon: SupportAgentIcon,
  recordRepresentation: (record: { number?: number; subject?: string }) =>
    `#${record.number ?? ''} ${record.subject ?? ''}`.trim(),
};
