import { Box } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  ReferenceInput,
  SearchInput,
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
import { MoneyField } from '../../components/MoneyField';
import { PersonLink } from '../../components/RecordLinks';
import { personName, userFilterToQuery, userOptionText } from '../balances/people';
import { ProofLink } from './ProofLink';

/**
 * Search, the person (an autocomplete over `users`) and the day range are always shown; the kind
 * through "Add filter", whose menu also saves the current query. `from` and `to` are days, both
 * inclusive (UTC), as the API reads them.
 */
export const historyFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <ReferenceInput key="userId" source="userId" reference="users" alwaysOn>
    <AutocompleteInput
      label="resources.balance-histories.fields.userId"
      optionText={userOptionText}
      filterToQuery={userFilterToQuery}
    />
  </ReferenceInput>,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={enumChoices('ledgerKind')} emptyText="app.filters.all" />,
];

const empty = <EmptyList message="app.balance_histories.none_found" />;

/** At phone width: who and what, the signed amount, the date and the proof link. */
const PhoneList = () => {
  const [locale = 'en'] = useLocaleState();
  const translate = useTranslate();
  return (
    <SimpleList
      primaryText={(record: RaRecord) =>
        `${personName(record.user)} · ${translate(`app.enums.ledgerKind.${String(record.kind)}`, {
          _: String(record.kind),
        })}`
      }
      secondaryText={() => (
        <Box component="span" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <MoneyField source="amount" signed />
          <ProofLink />
        </Box>
      )}
      tertiaryText={(record: RaRecord) => formatDate(record.at, locale, true) ?? ''}
      rowClick={false}
      empty={empty}
    />
  );
};

/** Every balance movement of every person, newest first (GET /api/balances/all-histories). */
export const BalanceHistoryList = () => (
  <ResourceList
    filters={historyFilters}
    sort={{ field: 'at', order: 'DESC' }}
    loadFailed="app.balance_histories.load_failed"
    empty={empty}
    phoneList={<PhoneList />}
    table={{ rowClick: false, hiddenColumns: ['createdBy'] }}
  >
    <DataTable.Col source="at">
      <DateText source="at" showTime />
    </DataTable.Col>
    <DataTable.Col source="user" label="resources.balance-histories.fields.user" disableSort>
      <PersonLink source="user" />
    </DataTable.Col>
    <DataTable.Col source="kind" disableSort>
      <EnumField source="kind" enumName="ledgerKind" />
    </DataTable.Col>
    <DataTable.Col source="amount">
      <MoneyField source="amount" signed />
    </DataTable.Col>
    <DataTable.Col source="balanceBefore" disableSort>
      <MoneyField source="balanceBefore" />
    </DataTable.Col>
    <DataTable.Col source="balanceAfter" disableSort>
      <MoneyField source="balanceAfter" />
    </DataTable.Col>
    <DataTable.Col source="note" disableSort />
    <DataTable.Col
      source="createdBy"
      disableSort
      render={(record: RaRecord) => record.createdBy?.email ?? ''}
    />
    <DataTable.Col source="proofUrl" label="resources.balance-histories.fields.proofUrl" disableSort>
      <ProofLink />
    </DataTable.Col>
  </ResourceList>
);
