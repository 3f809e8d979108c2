import { DataTable, List, SearchInput, SelectInput } from 'react-admin';
import { enumChoices } from '../../components/choices';
import { DateText } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { ListPagination } from '../../components/ListPagination';

/** Spec 2.7: search and status filter. */
const mailFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('mailStatus')}
    alwaysOn
    emptyText="app.filters.all"
  />,
];

const Empty = () => <EmptyList message="app.mails.none_found" />;

export const MailList = () => (
  <List filters={mailFilters} perPage={10} exporter={false} pagination={<ListPagination />} empty={<Empty />}>
    <DataTable bulkActionButtons={false} rowClick="show" empty={<Empty />}>
      <DataTable.Col source="status" disableSort>
        <EnumField source="status" enumName="mailStatus" />
      </DataTable.Col>
      <DataTable.Col source="name" disableSort />
      <DataTable.Col source="email" disableSort />
      <DataTable.Col source="subject" disableSort />
      <DataTable.Col source="createdAt" disableSort>
        <DateText source="createdAt" showTime />
      </DataTable.Col>
    </DataTable>
  </List>
);
