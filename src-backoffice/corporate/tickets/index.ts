import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { MyTicketList } from './MyTicketList';
import { TicketCreate } from './TicketCreate';
import { CorporateTicketShow } from './TicketShow';

/** The company's own support tickets: list, new ticket, a ticket's thread with a reply. */
export default {
  list: MyTicketList,
  create: TicketCreate,
  show: CorporateTicketShow,
  icon: SupportAgentIcon,
  recordRepresentation: (record: { number?: number; subject?: string }) =>
    `#${record.number ?? ''} ${record.subject ?? ''}`.trim(),
};
