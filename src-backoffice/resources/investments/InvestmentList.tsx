import { Box } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocaleState,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { enumChoices } from '../../components/choices';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { ResourceList } from '../../components/ResourceList';
import { EnumField } from '../../components/EnumField';
import { MoneyField } from '../../components/MoneyField';
import { PersonLink, VentureLink } from '../../components/RecordLinks';
import { userFilterToQuery, userOptionText, ventureFilterToQuery } from '../balances/people';

/**
 * Search, status and venture (an autocomplete over `ventures`) always shown; the investor through
 * "Add filter", whose menu also saves the current query.
 */
export const investmentFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('investmentStatus')}
    alwaysOn
    emptyText="app.filters.all"
  />,
  <ReferenceInput key="ventureId" source="ventureId" reference="ventures" alwaysOn>
    <AutocompleteInput
      label="resources.investments.fields.ventureId"
      optionText="title"
      filterToQuery={ventureFilterToQuery}
    />
  </ReferenceInput>,
  <ReferenceInput key="userId" source="userId" reference="users">
    <AutocompleteInput
      label="resources.investments.fields.userId"
      optionText={userOptionText}
      filterToQuery={userFilterToQuery}
    />
  </ReferenceInput>,
];

const empty = <EmptyList message="app.investments.none_found" />;

/** At phone width: the venture and the investor (both links), amount and status, the date. */
const PhoneList = () => {
  const [locale = 'en'] = useLocaleState();
  const translate = useTranslate();
  return (
    <SimpleList
      primaryText={() => <VentureLink source="venture" />}
      secondaryText={(record: RaRecord) => (
        <Box component="span" sx={{ display: 'block' }}>
          <PersonLink source="investedBy" />
          {`${formatEuros(record.amount as number, locale)} · ${translate(
            `app.enums.investmentStatus.${String(record.status)}`,
            { _: String(record.status) },
          )}`}
        </Box>
      )}
      tertiaryText={(record: RaRecord) => formatDate(record.investmentDate, locale) ?? ''}
      rowClick={false}
      empty={empty}
    />
  );
};

/**
 * Every investment (GET /api/investments/admin), newest first; filtered by status, venture, investor
 * or search; sorted by the API's date, amount and status; each row links to its venture and investor.
 */
export const InvestmentList = () => (
  <ResourceList
    filters={investmentFilters}
    sort={{ field: 'investmentDate', order: 'DESC' }}
    loadFailed="app.investments.load_failed"
    empty={empty}
    phoneList={<PhoneList />}
    table={{ rowClick: false }}
  >
    <DataTable.Col source="venture" label="resources.investments.fields.venture" disableSort>
      <VentureLink source="venture" />
    </DataTable.Col>
    <DataTable.Col source="investedBy" label="resources.investments.fields.investedBy" disableSort>
      <PersonLink source="investedBy" />
    </DataTable.Col>
    <DataTable.Col source="amount">
      <MoneyField source="amount" />
    </DataTable.Col>
    <DataTable.Col source="profitPaid" disableSort>
      <MoneyField source="profitPaid" />
    </DataTable.Col>
    <DataTable.Col source="totalExpectedReturn" disableSort>
      <MoneyField source="totalExpectedReturn" />
    </DataTable.Col>
    <DataTable.Col source="status">
      <EnumField source="status" enumName="investmentStatus" />
    </DataTable.Col>
    <DataTable.Col source="investmentDate">
      <DateText source="investmentDate" showTime />
    </DataTable.Col>
  </ResourceList>
);
