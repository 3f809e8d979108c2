import { Box } from '@mui/material';
import {
  DataTable,
  defaultExporter,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import { LOAN_STATUSES } from '../../../src-shared/constants/enums';
import { formatEuros } from '../../../src-shared/money';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { MoneyField } from '../../components/MoneyField';
import { ResourceList } from '../../components/ResourceList';
import type { ServicingRow } from '../../providers/resources/servicing';
import { formatDay } from './loanRules';

/** The status filter: every loan status and `late` (any late bucket), as the API takes them. */
export const loanStatusChoices = [
  { id: 'late', name: 'app.servicing.late_any' },
  ...LOAN_STATUSES.map((status) => ({ id: status, name: `app.enums.loanStatus.${status}` })),
];

export const servicingFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="loanStatus"
    source="loanStatus"
    label="app.servicing.fields.loanStatus"
    choices={loanStatusChoices}
    alwaysOn
    emptyText="app.filters.all"
  />,
];

const empty = <EmptyList message="app.servicing.none_found" />;

/** The next instalment: its date and amount, or a dash. */
export const NextDueField = (_props: { label?: string }) => {
  const record = useRecordContext<ServicingRow & RaRecord>();
  const [locale = 'en'] = useLocaleState();
  if (!record?.nextDue) return <span>-</span>;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {`${formatDay(record.nextDue.dueDate, locale)} · ${formatEuros(record.nextDue.amount, locale)}`}
    </Box>
  );
};

/** At phone width: the venture and its company, the status and days late, what is overdue. */
const PhoneList = () => {
  const [locale = 'en'] = useLocaleState();
  const translate = useTranslate();
  return (
    <SimpleList
      primaryText={(record: RaRecord) => String(record.venture?.title ?? '')}
      secondaryText={(record: RaRecord) =>
        `${record.company ?? '-'} · ${translate(`app.enums.loanStatus.${String(record.loanStatus)}`, {
          _: String(record.loanStatus),
        })} · ${translate('app.servicing.days_late', { smart_count: Number(record.daysLate) })}`
      }
      tertiaryText={(record: RaRecord) =>
        `${translate('app.servicing.fields.overdue')}: ${formatEuros(record.overdue as number, locale)}`
      }
      linkType="show"
      empty={empty}
    />
  );
};

/** CSV of every loan of the current filter: one column per figure, the next instalment in two. */
export const servicingExporter: Exporter = (records, fetchRelated, dataProvider) => {
  const rows = (records as (ServicingRow & RaRecord)[]).map((row) => ({
    ventureId: row.venture._id,
    venture: row.venture.title,
    company: row.company ?? '',
    loanStatus: row.loanStatus,
    daysLate: row.daysLate,
    principal: row.principal,
    outstandingPrincipal: row.outstandingPrincipal,
    overdue: row.overdue,
    nextDueDate: row.nextDue?.dueDate ?? '',
    nextDueAmount: row.nextDue?.amount ?? '',
    disbursedAt: row.disbursedAt,
  }));
  return defaultExporter(rows, fetchRelated, dataProvider, 'servicing');
};

/**
 * Every loan (GET /api/admin/servicing) in the API's order, most days late first; filtered by status
 * (or any late bucket) and a search of the title and the company; a row opens the loan's page.
 */
export const ServicingList = () => (
  <ResourceList
    filters={servicingFilters}
    sort={{ field: 'daysLate', order: 'DESC' }}
    loadFailed="app.servicing.load_failed"
    empty={empty}
    phoneList={<PhoneList />}
    exporter={servicingExporter}
  >
    <DataTable.Col source="venture.title" label="app.servicing.fields.venture" disableSort />
    <DataTable.Col source="company" label="app.servicing.fields.company" disableSort />
    <DataTable.Col source="loanStatus" label="app.servicing.fields.loanStatus" disableSort>
      <EnumField source="loanStatus" enumName="loanStatus" />
    </DataTable.Col>
    <DataTable.NumberCol source="daysLate" label="app.servicing.fields.daysLate" disableSort />
    <DataTable.Col
      source="outstandingPrincipal"
      label="app.servicing.fields.outstandingPrincipal"
      disableSort
    >
      <MoneyField source="outstandingPrincipal" />
    </DataTable.Col>
    <DataTable.Col source="overdue" label="app.servicing.fields.overdue" disableSort>
      <MoneyField source="overdue" />
    </DataTable.Col>
    <DataTable.Col source="nextDue" label="app.servicing.fields.nextDue" disableSort>
      <NextDueField />
    </DataTable.Col>
  </ResourceList>
);
