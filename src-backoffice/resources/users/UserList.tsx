import {
  BooleanField,
  DataTable,
  SearchInput,
  SelectInput,
  SimpleList,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { enumChoices } from '../../components/choices';
import { DateText } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { MoneyField } from '../../components/MoneyField';
import { ResourceList } from '../../components/ResourceList';
import { RowNumberField } from '../../components/RowNumberField';
import { ToggleActiveButton } from './ToggleActiveButton';
import { UserBulkActions } from './UserBulkActions';
import { fullName } from './userName';

/**
 * Spec 2.7: search, role (superadmin included) and active-state filters, all kept in the URL by
 * react-admin (`/admin/users?filter={"role":"corporate"}` opens the corporate accounts); a numbered
 * table of 10 rows sorted by the API (createdAt, lastLoginAt, email, lastName, role).
 */
export const userFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput key="role" source="role" choices={enumChoices('role')} alwaysOn emptyText="app.filters.all" />,
  <SelectInput
    key="kycStatus"
    source="kycStatus"
    choices={enumChoices('kycStatus')}
    alwaysOn
    emptyText="app.filters.all"
  />,
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

/** A cell that never wraps (a phone number, a button's label). */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

const empty = <EmptyList message="app.users.none_found" />;

/** One line per person at phone width: name, e-mail and role (no sideways scroll at 390 px). */
const UserSimpleList = () => {
  const translate = useTranslate();
  return (
    <SimpleList
      primaryText={(record: RaRecord) => fullName(record)}
      secondaryText={(record: RaRecord) => String(record.email ?? '')}
      tertiaryText={(record: RaRecord) =>
        `${translate(`app.enums.role.${String(record.role)}`, { _: String(record.role) })}${
          record.isActive === false ? ` · ${translate('app.users.inactive')}` : ''
        }`
      }
      rowClick="show"
      empty={empty}
    />
  );
};

export const UserList = () => (
  <ResourceList
    filters={userFilters}
    sort={{ field: 'createdAt', order: 'DESC' }}
    empty={empty}
    phoneList={<UserSimpleList />}
    // Issue 30: row selection with bulk activate, deactivate and export; country and last login
    // and registration date from the column chooser, so that the table fits 1366 px with the Actions
    // column whole (tests/e2e/admin-polish.test.ts).
    table={{
      bulkActionButtons: <UserBulkActions />,
      hiddenColumns: ['countryName', 'lastLoginAt', 'createdAt'],
    }}
  >
    <DataTable.Col label="app.common.number" disableSort>
      <RowNumberField />
    </DataTable.Col>
    {/* Shows the full name, sorts by last name (the API's `lastName`). */}
    <DataTable.Col source="lastName" label="resources.users.fields.name" render={fullName} />
    <DataTable.Col source="email" />
    <DataTable.Col source="phone" disableSort sx={ONE_LINE} />
    <DataTable.Col source="countryName" disableSort />
    <DataTable.Col source="role">
      <EnumField source="role" enumName="role" />
    </DataTable.Col>
    <DataTable.Col source="kycStatus" disableSort>
      <EnumField source="kycStatus" enumName="kycStatus" />
    </DataTable.Col>
    <DataTable.Col source="isActive" disableSort>
      <BooleanField source="isActive" />
    </DataTable.Col>
    <DataTable.Col source="balance" disableSort>
      <MoneyField source="balance" />
    </DataTable.Col>
    <DataTable.Col source="createdAt">
      <DateText source="createdAt" />
    </DataTable.Col>
    <DataTable.Col source="lastLoginAt">
      <DateText source="lastLoginAt" showTime />
    </DataTable.Col>
    <DataTable.Col label="app.common.actions" disableSort sx={ONE_LINE}>
      <ToggleActiveButton />
    </DataTable.Col>
  </ResourceList>
);
