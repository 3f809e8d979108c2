import { ListButton, Show, TopToolbar } from 'react-admin';
import type { TicketRecord } from '../../providers/resources/tickets';
import { TicketDetails } from '../../resources/tickets/TicketShow';

const Actions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

/** One of the company's tickets: its facts, the thread and a reply (another company's: 404). */
export const CorporateTicketShow = () => (
  <Show<TicketRecord> actions={<Actions />} queryOptions={{ staleTime: 0 }}>
    <TicketDetails admin={false} />
  </Show>
);
