import { DataTable, useLocaleState, useTranslate } from 'react-admin';
import { DateText, formatDate } from '../../../components/DateText';
import { EnumField } from '../../../components/EnumField';
import { RespondByField, TicketNumberField } from '../../tickets/TicketParts';
import { RelatedTab } from './RelatedTab';

/** The person's support tickets, newest first (GET /api/admin/tickets?userId=); a row opens the ticket. */
export const TicketsTab = (_props: { label?: false }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <RelatedTab
      reference="tickets"
      sortBy="createdAt"
      empty="app.tickets.none_found"
      rowClick="show"
      primaryText={(record) => `#${String(record.number)} ${String(record.subject ?? '')}`}
      secondaryText={(record) =>
        `${translate(`app.enums.ticketStatus.${String(record.status)}`, { _: String(record.status) })} · ${translate(
          `app.enums.ticketCategory.${String(record.category)}`,
          { _: String(record.category) },
        )}`
      }
      tertiaryText={(record) => formatDate(record.createdAt, locale) ?? ''}
    >
      <DataTable.Col source="number" label="resources.tickets.fields.number">
        <TicketNumberField />
      </DataTable.Col>
      <DataTable.Col source="subject" label="resources.tickets.fields.subject" disableSort />
      <DataTable.Col source="category" label="resources.tickets.fields.category" disableSort>
        <EnumField source="category" enumName="ticketCategory" />
      </DataTable.Col>
      <DataTable.Col source="status" label="resources.tickets.fields.status">
        <EnumField source="status" enumName="ticketStatus" />
      </DataTable.Col>
      <DataTable.Col source="respondBy" label="resources.tickets.fields.respondBy" disableSort>
        <RespondByField />
      </DataTable.Col>
      <DataTable.Col source="createdAt" label="resources.tickets.fields.createdAt">
        <DateText source="createdAt" showTime />
      </DataTable.Col>
    </RelatedTab>
  );
};
