import {
  AutocompleteInput,
  DataTable,
  ReferenceInput,
  SearchInput,
  SimpleList,
  useBasename,
  useLocaleState,
  type RaRecord,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { ResourceList } from '../../components/ResourceList';
import { MoneyField } from '../../components/MoneyField';
import { PersonLink } from '../../components/RecordLinks';
import { RowNumberField } from '../../components/RowNumberField';
import { AddBalanceButton } from './AddBalanceButton';
import { personName, userFilterToQuery, userOptionText } from './people';

/** Search always shown; one person through "Add filter" (which also saves the current query). */
export const balanceFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <ReferenceInput key="userId" source="userId" reference="users">
    <AutocompleteInput
      label="resources.balances.fields.userId"
      optionText={userOptionText}
      filterToQuery={userFilterToQuery}
    />
  </ReferenceInput>,
];

const empty = <EmptyList message="app.balances.none_found" />;

/** At phone width one line per person: name, balance, last change; a tap opens the add-balance form. */
const PhoneList = () => {
  const [locale = 'en'] = useLocaleState();
  const basename = useBasename();
  return (
    <SimpleList
      primaryText={(record: RaRecord) => personName(record.user)}
      secondaryText={(record: RaRecord) => formatEuros(record.balance as number, locale)}
      tertiaryText={(record: RaRecord) => formatDate(record.updatedAt, locale, true) ?? ''}
      rowClick={(id) => `${basename}/balances/add-balance/${encodeURIComponent(String(id))}`}
      empty={empty}
    />
  );
};

/**
 * Spec 2.7: search, sort (the API's updatedAt and balance, by the column headers), numbered rows,
 * 10 a page, and an Add Balance link per person. The balance is the account's current one; the
 * add-balance form refreshes this list's cache after a credit.
 */
export const BalanceList = () => (
  <ResourceList
    filters={balanceFilters}
    sort={{ field: 'updatedAt', order: 'DESC' }}
    loadFailed="app.balances.load_failed"
    empty={empty}
    phoneList={<PhoneList />}
    table={{ rowClick: false }}
  >
    <DataTable.Col label="app.common.number" disableSort>
      <RowNumberField />
    </DataTable.Col>
    <DataTable.Col source="user" label="resources.balances.fields.user" disableSort>
      <PersonLink source="user" />
    </DataTable.Col>
    <DataTable.Col source="balance">
      <MoneyField source="balance" />
    </DataTable.Col>
    <DataTable.Col source="createdAt" disableSort>
      <DateText source="createdAt" />
    </DataTable.Col>
    <DataTable.Col source="updatedAt">
      <DateText source="updatedAt" showTime />
    </DataTable.Col>
    <DataTable.Col label="app.common.actions" disableSort>
      <AddBalanceButton />
    </DataTable.Col>
  </ResourceList>
);
