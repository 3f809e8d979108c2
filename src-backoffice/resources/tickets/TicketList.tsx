import { type SxProps } from '@mui/material';
import {
  DataTable,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocaleState,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { isOverdue } from '../../../src-shared/rules/workingDays';
import { enumChoices } from '../../components/choices';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { ResourceList } from '../../components/ResourceList';
import { EnumField } from '../../components/EnumField';
import { RespondByField, TicketAuthorField, TicketNumberField } from './TicketParts';

/** Search (subject, author e-mail, number), status and category, kept in the URL. */
export const ticketFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('ticketStatus')}
    alwaysOn
    emptyText="app.filters.all"
  />,
  <SelectInput
    key="category"
    source="category"
    choices={enumChoices('ticketCategory')}
    alwaysOn
    emptyText="app.filters.all"
  />,
];

const empty = <EmptyList message="app.tickets.none_found" />;

const overdue = (record: RaRecord) =>
  isOverdue(
    { status: String(record.status), respondBy: (record.respondBy as string | null) ?? null },
    new Date(),
  );

/** An overdue complaint's row stands out. */
const overdueSx = (record: RaRecord): SxProps =>
  overdue(record) ? { borderLeft: 4, borderLeftColor: 'error.main' } : {};

const TicketSimpleList = () => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (
    <SimpleList
      primaryText={(record: RaRecord) => `#${String(record.number)} ${String(record.subject ?? '')}`}
      secondaryText={(record: RaRecord) =>
        [
          translate(`app.enums.ticketStatus.${String(record.status)}`, { _: String(record.status) }),
          translate(`app.enums.ticketCategory.${String(record.category)}`, { _: String(record.category) }),
          (record.author as { email?: string } | undefined)?.email ?? '',
          overdue(record) ? translate('app.tickets.overdue') : '',
        ]
          .filter(Boolean)
          .join(' · ')
      }
      tertiaryText={(record: RaRecord) => formatDate(record.respondBy ?? record.createdAt, locale) ?? ''}
      rowSx={overdueSx}
      rowClick="show"
      empty={empty}
    />
  );
};

/**
 * Every support ticket (GET /api/admin/tickets): complaints waiting for an answer first, the oldest
 * deadline on top (overdue ones marked), then the others newest first.
 */
export const TicketList = () => (
  <ResourceList
    filters={ticketFilters}
    sort={{ field: 'respondBy', order: 'ASC' }}
    empty={empty}
    phoneList={<TicketSimpleList />}
    table={{ rowSx: overdueSx }}
  >
    <DataTable.Col source="number">
      <TicketNumberField />
    </DataTable.Col>
    <DataTable.Col source="subject" disableSort />
    <DataTable.Col source="author" disableSort>
      <TicketAuthorField />
    </DataTable.Col>
    <DataTable.Col source="category" disableSort>
      <EnumField source="category" enumName="ticketCategory" />
    </DataTable.Col>
    <DataTable.Col source="status">
      <EnumField source="status" enumName="ticketStatus" />
    </DataTable.Col>
    <DataTable.Col source="respondBy">
      <RespondByField />
    </DataTable.Col>
    <DataTable.Col source="createdAt">
      <DateText source="createdAt" showTime />
    </DataTable.Col>
    <DataTable.Col source="updatedAt">
      <DateText source="updatedAt" showTime />
    </DataTable.Col>
  </ResourceList>
);
