import {
  DataTable,
  SearchInput,
  SelectInput,
  ShowButton,
  SimpleList,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { enumChoices } from '../../components/choices';
import { CountryInput, countryName } from '../../components/CountryInput';
import { DateText } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { ResourceList } from '../../components/ResourceList';
import { EnumField } from '../../components/EnumField';
import { FundingField } from '../../components/FundingField';
import { MoneyField } from '../../components/MoneyField';
import { PercentField } from '../../components/PercentField';
import type { VentureRecord } from './ventureRecord';
import { VentureBulkActions } from './VentureBulkActions';

/**
 * Spec 2.7: search, lifecycleStatus, ventureType, adminStatus, visibility, riskLevel, country (a
 * select of names over ISO codes). The last three come from the filter button, which also offers
 * "Save current query".
 */
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
  <CountryInput key="country" source="country" emptyText="app.filters.all" />,
  // Submitted for review (public or private) or still the company's draft: the overview's waiting
  // ventures are the submitted ones.
  <SelectInput
    key="submitted"
    source="submitted"
    choices={[
      { id: 'true', name: 'app.ventures.submitted_yes' },
      { id: 'false', name: 'app.ventures.submitted_no' },
    ]}
    emptyText="app.filters.all"
  />,
  // An approved venture's changes awaiting review (decision 0127).
  <SelectInput
    key="hasRevision"
    source="hasRevision"
    choices={[
      { id: 'true', name: 'app.revisions.filter_yes' },
      { id: 'false', name: 'app.revisions.filter_no' },
    ]}
    emptyText="app.filters.all"
  />,
];

const empty = <EmptyList message="app.ventures.none_found" />;

/** The venture's country by name, in the reader's language. */
const CountryField = (_props: { label?: string }) => {
  const record = useRecordContext<VentureRecord>();
  const [locale = 'en'] = useLocaleState();
  return <span>{countryName(record?.country, locale)}</span>;
};

/** The company that created the venture (its name; a person's name or e-mail when it has none). */
const CompanyField = (_props: { label?: string }) => {
  const record = useRecordContext<VentureRecord>();
  const by = record?.createdBy as
    { companyName?: string | null; firstName?: string; lastName?: string; email?: string } | null | undefined;
  if (!by) return null;
  const person = [by.firstName, by.lastName].filter(Boolean).join(' ');
  return <span>{by.companyName || person || by.email}</span>;
};

/** Issue 30: a title reads on one or two lines at 1366 px; the company's column gives way; a date never wraps. */
const TITLE = { minWidth: 160 } as const;
const COMPANY = { minWidth: 120, maxWidth: 150 } as const;
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/** One line per venture on a phone: title, company and statuses, funding. */
const PhoneList = () => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  return (
    <SimpleList<VentureRecord>
      linkType="show"
      primaryText={(record) => record.title}
      secondaryText={(record) =>
        [
          translate(`app.enums.lifecycleStatus.${record.lifecycleStatus}`),
          translate(`app.enums.adminStatus.${record.adminStatus ?? 'pending'}`),
          countryName(record.country, locale),
        ].join(' · ')
      }
      tertiaryText={(record) =>
        `${formatEuros(record.amountFunded ?? 0, locale)} / ${formatEuros(record.targetAmount, locale)}`
      }
      rowSx={() => ({ borderBottom: 1, borderColor: 'divider' })}
      aria-label={translate('resources.ventures.name', { smart_count: 2 })}
    />
  );
};

export const VentureList = () => (
  <ResourceList
    filters={ventureFilters}
    sort={{ field: 'createdAt', order: 'DESC' }}
    empty={empty}
    phoneList={<PhoneList />}
    table={{
      // Visibility and risk level from the column chooser: the table fits 1366 px (issue 30).
      hiddenColumns: ['country', 'closingDate', 'expectedReturn', 'targetAmount', 'visibility', 'riskLevel'],
      bulkActionButtons: <VentureBulkActions />,
    }}
  >
    <DataTable.Col source="title" sx={TITLE} />
    <DataTable.Col source="createdBy" disableSort sx={COMPANY}>
      <CompanyField />
    </DataTable.Col>
    <DataTable.Col source="ventureType" disableSort>
      <EnumField source="ventureType" enumName="ventureType" />
    </DataTable.Col>
    <DataTable.Col source="lifecycleStatus">
      <EnumField source="lifecycleStatus" enumName="lifecycleStatus" />
    </DataTable.Col>
    <DataTable.Col source="adminStatus">
      <EnumField source="adminStatus" enumName="adminStatus" emptyValue="pending" />
    </DataTable.Col>
    <DataTable.Col source="visibility" disableSort>
      <EnumField source="visibility" enumName="visibility" />
    </DataTable.Col>
    <DataTable.Col source="riskLevel" disableSort>
      <EnumField source="riskLevel" enumName="riskLevel" />
    </DataTable.Col>
    <DataTable.Col source="country" disableSort>
      <CountryField />
    </DataTable.Col>
    <DataTable.Col source="amountFunded" label="resources.ventures.fields.funding">
      <FundingField />
    </DataTable.Col>
    <DataTable.Col source="targetAmount">
      <MoneyField source="targetAmount" />
    </DataTable.Col>
    <DataTable.Col source="expectedReturn">
      <PercentField source="expectedReturn" />
    </DataTable.Col>
    <DataTable.Col source="closingDate" sx={ONE_LINE}>
      <DateText source="closingDate" />
    </DataTable.Col>
    <DataTable.Col source="createdAt" sx={ONE_LINE}>
      <DateText source="createdAt" />
    </DataTable.Col>
    <DataTable.Col label="app.common.actions" disableSort sx={ONE_LINE}>
      <ShowButton label="app.common.view" />
    </DataTable.Col>
  </ResourceList>
);
