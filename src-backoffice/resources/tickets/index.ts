import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { TicketList } from './TicketList';
import { TicketShow } from './TicketShow';

export default {
  list: TicketList,
  show: TicketShow,
  icon: SupportAgentIcon,
  recordRepresentation: (record: { number?: number; subject?: string }) =>
    `#${record.number ?? ''} ${record.subject ?? ''}`.trim(),
};
