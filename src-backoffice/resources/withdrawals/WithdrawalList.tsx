import { Box } from '@mui/material';
import {
  ColumnsButton,
  DataTable,
  defaultExporter,
  FilterButton,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import { WITHDRAWAL_STATUSES } from '../../../src-shared/constants/enums';
import { formatEuros } from '../../../src-shared/money';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { ExportButton } from '../../components/ExportButton';
import { useIsPhone } from '../../components/ListActions';
import { MoneyField } from '../../components/MoneyField';
import { PersonField } from '../../components/PersonField';
import { ResourceList } from '../../components/ResourceList';
import type { AdminWithdrawalRow } from '../../providers/resources/payments';
import { BulkApproveButton } from './BulkApproveButton';
import { ExportPaymentFileButton } from './ExportPaymentFileButton';
import { RejectButton } from './RejectButton';

/** The status labels (`app.payments.status.*`). */
export const WITHDRAWAL_STATUS_LABELS = 'app.payments.status';

export const withdrawalStatusChoices = WITHDRAWAL_STATUSES.map((status) => ({
  id: status,
  name: `${WITHDRAWAL_STATUS_LABELS}.${status}`,
}));

const withdrawalFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="app.payments.fields.status"
    choices={withdrawalStatusChoices}
    alwaysOn
    emptyText="app.filters.all"
  />,
];

const empty = <EmptyList message="app.payments.withdrawals_none" />;

type Row = AdminWithdrawalRow & RaRecord;

const personOf = (row: Row) => [row.user.firstName, row.user.lastName].filter(Boolean).join(' ');

/** CSV of every withdrawal of the current filter: the person, the amount, where it goes, the steps. */
export const withdrawalExporter: Exporter = (records, fetchRelated, dataProvider) => {
  const rows = (records as Row[]).map((row) => ({
    id: row._id,
    person: personOf(row),
    email: row.user.email,
    amount: row.amount,
    iban: row.iban,
    holderName: row.holderName,
    status: row.status,
    reason: row.reason ?? '',
    requestedAt: row.createdAt,
    decidedAt: row.decidedAt ?? '',
    exportId: row.exportId ?? '',
  }));
  return defaultExporter(rows, fetchRelated, dataProvider, 'withdrawals');
};

/** Filters, columns, the CSV of the list, and the SEPA payment file of the approved withdrawals. */
const WithdrawalActions = () => {
  const phone = useIsPhone();
  return (
    <TopToolbar>
      <FilterButton />
      {phone ? null : <ColumnsButton />}
      <ExportButton />
      <ExportPaymentFileButton />
    </TopToolbar>
  );
};

/** At phone width: the person, the amount and status, where it goes (the decisions need the table). */
const PhoneList = () => {
  const [locale = 'en'] = useLocaleState();
  const translate = useTranslate();
  return (
    <SimpleList
      primaryText={(record: RaRecord) => `${personOf(record as Row)} · ${formatEuros(record.amount, locale)}`}
      secondaryText={(record: RaRecord) =>
        `${translate(`${WITHDRAWAL_STATUS_LABELS}.${String(record.status)}`, { _: String(record.status) })} · ${String(record.iban)}`
      }
      tertiaryText={(record: RaRecord) => formatDate(record.createdAt, locale) ?? ''}
      linkType={false}
      empty={empty}
    />
  );
};

/**
 * Every withdrawal (GET /api/admin/withdrawals), newest first, the requested ones by default: the
 * person, the amount, the masked IBAN and its holder, the status, when it was requested and decided.
 * Selected rows are approved in bulk (one PATCH each, after a confirmation naming the count and the
 * total); a requested row is rejected with a reason; the toolbar makes the SEPA payment file of every
 * approved withdrawal. The API orders by the request's time only, so the columns do not sort.
 */
export const WithdrawalList = () => (
  <ResourceList
    filters={withdrawalFilters}
    filterDefaultValues={{ status: 'requested' }}
    sort={{ field: 'createdAt', order: 'DESC' }}
    loadFailed="app.payments.withdrawals_load_failed"
    empty={empty}
    phoneList={<PhoneList />}
    exporter={withdrawalExporter}
    actions={<WithdrawalActions />}
    table={{ bulkActionButtons: <BulkApproveButton />, rowClick: false }}
  >
    <DataTable.Col source="user" label="app.payments.fields.person" disableSort>
      <PersonField source="user" />
    </DataTable.Col>
    <DataTable.Col source="amount" label="app.payments.fields.amount" disableSort>
      <MoneyField source="amount" />
    </DataTable.Col>
    <DataTable.Col source="iban" label="app.payments.fields.iban" disableSort>
      <IbanText />
    </DataTable.Col>
    <DataTable.Col source="holderName" label="app.payments.fields.holderName" disableSort />
    <DataTable.Col source="status" label="app.payments.fields.status" disableSort>
      <EnumField source="status" labels={WITHDRAWAL_STATUS_LABELS} />
    </DataTable.Col>
    <DataTable.Col source="createdAt" label="app.payments.fields.requestedAt" disableSort>
      <DateText source="createdAt" showTime />
    </DataTable.Col>
    <DataTable.Col source="decidedAt" label="app.payments.fields.decidedAt" disableSort>
      <DateText source="decidedAt" showTime />
    </DataTable.Col>
    <DataTable.Col label="app.payments.fields.actions" disableSort>
      <RejectButton />
    </DataTable.Col>
  </ResourceList>
);

/** The masked IBAN in a monospace face, kept on one line. */
const IbanText = () => {
  const record = useRecordContext<Row>();
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {record?.iban ?? ''}
    </Box>
  );
};
