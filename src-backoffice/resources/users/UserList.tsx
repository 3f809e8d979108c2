import { BooleanField, DataTable, DateField, List, SearchInput, SelectInput } from 'react-admin';
import { enumChoices } from '../../components/choices';
import { EnumField } from '../../components/EnumField';
import { ListPagination } from '../../components/ListPagination';
import { RowNumberField } from '../../components/RowNumberField';
import { ToggleActiveButton } from './ToggleActiveButton';

/** Spec 2.7: search, role (superadmin included) and active-state filters; numbered table. */
const userFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput key="role" source="role" choices={enumChoices('role')} alwaysOn emptyText="app.filters.all" />,
  <SelectInput
    key="isActive"
    source="isActive"
    alwaysOn
    emptyText="app.filters.all"
    choices={[
      { id: 'true', name: 'app.users.active' },
      { id: 'false', name: 'app.users.inactive' },
    ]}
  />,
];

export const UserList = () => (
  <List filters={userFilters} perPage={10} exporter={false} pagination={<ListPagination />}>
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col label="app.common.number" disableSort>
        <RowNumberField />
      </DataTable.Col>
      <DataTable.Col
        label="resources.users.fields.name"
        disableSort
        render={(record) => [record.firstName, record.lastName].filter(Boolean).join(' ')}
      />
      <DataTable.Col source="email" disableSort />
      <DataTable.Col source="phone" disableSort />
      <DataTable.Col source="countryName" disableSort />
      <DataTable.Col source="role" disableSort>
        <EnumField source="role" enumName="role" />
      </DataTable.Col>
      <DataTable.Col source="isActive" disableSort>
        <BooleanField source="isActive" />
      </DataTable.Col>
      <DataTable.Col source="createdAt" disableSort>
        <DateField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="lastLoginAt" disableSort>
        <DateField source="lastLoginAt" showTime emptyText="-" />
      </DataTable.Col>
      <DataTable.Col label="app.common.actions" disableSort>
        <ToggleActiveButton />
      </DataTable.Col>
    </DataTable>
  </List>
);
