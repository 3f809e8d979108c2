import { DataTable, List, SearchInput, SelectInput, ShowButton, TextInput } from 'react-admin';
import { enumChoices } from '../../components/choices';
import { DateText } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { FundingField } from '../../components/FundingField';
import { ListPagination } from '../../components/ListPagination';
import { PersonField } from '../../components/PersonField';

/** Spec 2.7: search, lifecycleStatus, ventureType, adminStatus, visibility, riskLevel, country. */
const ventureFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="lifecycleStatus"
    source="lifecycleStatus"
    choices={enumChoices('lifecycleStatus')}
    alwaysOn
    emptyText="app.filters.all"
  />,
  <SelectInput
    key="ventureType"
    source="ventureType"
    choices={enumChoices('ventureType')}
    alwaysOn
    emptyText="app.filters.all"
  />,
  <SelectInput
    key="adminStatus"
    source="adminStatus"
    choices={enumChoices('adminStatus')}
    alwaysOn
    emptyText="app.filters.all"
  />,
  <SelectInput
    key="visibility"
    source="visibility"
    choices={enumChoices('visibility')}
    emptyText="app.filters.all"
  />,
  <SelectInput
    key="riskLevel"
    source="riskLevel"
    choices={enumChoices('riskLevel')}
    emptyText="app.filters.all"
  />,
  <TextInput key="country" source="country" />,
];

const Empty = () => <EmptyList message="app.ventures.none_found" />;

export const VentureList = () => (
  <List
    filters={ventureFilters}
    perPage={10}
    exporter={false}
    pagination={<ListPagination />}
    empty={<Empty />}
  >
    <DataTable bulkActionButtons={false} rowClick="show" empty={<Empty />}>
      <DataTable.Col source="title" disableSort />
      <DataTable.Col source="createdBy" disableSort>
        <PersonField source="createdBy" />
      </DataTable.Col>
      <DataTable.Col source="ventureType" disableSort>
        <EnumField source="ventureType" enumName="ventureType" />
      </DataTable.Col>
      <DataTable.Col source="lifecycleStatus" disableSort>
        <EnumField source="lifecycleStatus" enumName="lifecycleStatus" />
      </DataTable.Col>
      <DataTable.Col source="adminStatus" disableSort>
        <EnumField source="adminStatus" enumName="adminStatus" emptyValue="pending" />
      </DataTable.Col>
      <DataTable.Col source="visibility" disableSort>
        <EnumField source="visibility" enumName="visibility" />
      </DataTable.Col>
      <DataTable.Col source="riskLevel" disableSort>
        <EnumField source="riskLevel" enumName="riskLevel" />
      </DataTable.Col>
      <DataTable.Col label="resources.ventures.fields.funding" disableSort>
        <FundingField />
      </DataTable.Col>
      <DataTable.Col source="createdAt" disableSort>
        <DateText source="createdAt" />
      </DataTable.Col>
      <DataTable.Col label="app.common.actions" disableSort>
        <ShowButton label="app.common.view" />
      </DataTable.Col>
    </DataTable>
  </List>
);
