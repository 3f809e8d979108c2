import {
  CreateButton,
  DataTable,
  SelectInput,
  SimpleList,
  useLocaleState,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { enumChoices } from '../../components/choices';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { ResourceList } from '../../components/ResourceList';
import { EnumField } from '../../components/EnumField';
import { CreateOnlyActions } from '../../components/ListActions';
import { RespondByField, TicketNumberField } from '../../resources/tickets/TicketParts';

const filters = [
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('ticketStatus')}
    alwaysOn
    emptyText="app.filters.all"
  />,
];

const empty = (
  <EmptyList message="app.tickets.none_found">
    <CreateButton label="app.tickets.new_ticket" variant="contained" />
  </EmptyList>
);

const PhoneList = () => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (
    <SimpleList
      primaryText={(record: RaRecord) => `#${String(record.number)} ${String(record.subject ?? '')}`}
      secondaryText={(record: RaRecord) =>
        `${translate(`app.enums.ticketStatus.${String(record.status)}`, { _: String(record.status) })} · ${translate(
          `app.enums.ticketCategory.${String(record.category)}`,
          { _: String(record.category) },
        )}`
      }
      tertiaryText={(record: RaRecord) => formatDate(record.createdAt, locale) ?? ''}
      rowClick="show"
      empty={empty}
    />
  );
};

/** The company's own support tickets (GET /api/tickets/mine), newest first, by status. */
export const MyTicketList = () => (
  <ResourceList
    filters={filters}
    actions={<CreateOnlyActions label="app.tickets.new_ticket" />}
    exporter={false}
    empty={empty}
    phoneList={<PhoneList />}
  >
    <DataTable.Col source="number" disableSort>
      <TicketNumberField />
    </DataTable.Col>
    <DataTable.Col source="subject" disableSort />
    <DataTable.Col source="category" disableSort>
      <EnumField source="category" enumName="ticketCategory" />
    </DataTable.Col>
    <DataTable.Col source="status" disableSort>
      <EnumField source="status" enumName="ticketStatus" />
    </DataTable.Col>
    <DataTable.Col source="respondBy" disableSort>
      <RespondByField />
    </DataTable.Col>
    <DataTable.Col source="createdAt" disableSort>
      <DateText source="createdAt" showTime />
    </DataTable.Col>
    <DataTable.Col source="updatedAt" disableSort>
      <DateText source="updatedAt" showTime />
    </DataTable.Col>
  </ResourceList>
);
