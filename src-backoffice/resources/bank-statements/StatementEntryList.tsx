import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  Button,
  DataTable,
  FilterButton,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useBasename,
  useCanAccess,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { STATEMENT_ENTRY_STATUSES } from '../../../src-shared/constants/enums';
import { formatEuros } from '../../../src-shared/money';
import { DateText } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { ResourceList } from '../../components/ResourceList';
import type { StatementEntryRow } from '../../providers/resources/payments';
import { AssignButton } from './AssignButton';

type Row = StatementEntryRow & RaRecord;

export const ENTRY_STATUS_LABELS = 'app.payments.entry_status';
export const REASON_LABELS = 'app.payments.reason';

const entryFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="app.payments.fields.entryStatus"
    choices={STATEMENT_ENTRY_STATUSES.map((status) => ({
      id: status,
      name: `${ENTRY_STATUS_LABELS}.${status}`,
    }))}
    alwaysOn
    emptyText="app.filters.all"
  />,
];

/** The way to the statement upload, for admins who may upload. */
export const ImportStatementButton = () => {
  const basename = useBasename();
  const { canAccess } = useCanAccess({ resource: 'bank-statements', action: 'create' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={`${basename}/bank-statements/import`} label="app.payments.import.button">
      <UploadFileIcon />
    </Button>
  );
};

const empty = (
  <EmptyList message="app.payments.entries.none">
    <ImportStatementButton />
  </EmptyList>
);

/** The amount in its currency (an entry in another currency is never converted). */
export const EntryAmount = (_props: { label?: string }) => {
  const record = useRecordContext<Row>();
  const [locale = 'en'] = useLocaleState();
  if (!record) return null;
  const text =
    record.currency === 'EUR'
      ? formatEuros(record.amount, locale)
      : new Intl.NumberFormat(locale, { style: 'currency', currency: record.currency }).format(record.amount);
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', color: record.credit ? undefined : 'error.main' }}>
      {record.credit ? text : `-${text}`}
    </Box>
  );
};

const PhoneList = () => {
  const [locale = 'en'] = useLocaleState();
  const translate = useTranslate();
  return (
    <SimpleList
      primaryText={(record: RaRecord) =>
        `${String(record.name ?? '-')} · ${formatEuros(record.amount, locale)}`
      }
      secondaryText={(record: RaRecord) =>
        record.reason
          ? translate(`${REASON_LABELS}.${String(record.reason)}`, { _: String(record.reason) })
          : ''
      }
      tertiaryText={(record: RaRecord) => String(record.reference ?? '')}
      linkType={false}
      empty={empty}
    />
  );
};

/**
 * The entries of the imported bank statements (GET /api/admin/bank-statements/entries), newest
 * first, the unmatched ones by default: the amount, the sender, the reference found, the booking
 * date and why it was not credited by itself; an assignable one is credited to a person from its
 * row. The toolbar leads to the statement upload.
 */
export const StatementEntryList = () => (
  <ResourceList
    filters={entryFilters}
    filterDefaultValues={{ status: 'unmatched' }}
    sort={{ field: 'createdAt', order: 'DESC' }}
    loadFailed="app.payments.entries.load_failed"
    empty={empty}
    phoneList={<PhoneList />}
    actions={
      <TopToolbar>
        <FilterButton />
        <ImportStatementButton />
      </TopToolbar>
    }
    table={{ rowClick: false }}
  >
    <DataTable.Col source="amount" label="app.payments.fields.amount" disableSort>
      <EntryAmount />
    </DataTable.Col>
    <DataTable.Col source="name" label="app.payments.fields.sender" disableSort />
    <DataTable.Col source="reference" label="app.payments.fields.reference" disableSort />
    <DataTable.Col source="remittance" label="app.payments.fields.remittance" disableSort />
    <DataTable.Col source="bookingDate" label="app.payments.fields.bookingDate" disableSort>
      <DateText source="bookingDate" />
    </DataTable.Col>
    <DataTable.Col source="reason" label="app.payments.fields.reason" disableSort>
      <EnumField source="reason" labels={REASON_LABELS} />
    </DataTable.Col>
    <DataTable.Col source="status" label="app.payments.fields.entryStatus" disableSort>
      <EnumField source="status" labels={ENTRY_STATUS_LABELS} />
    </DataTable.Col>
    <DataTable.Col label="app.payments.fields.actions" disableSort>
      <AssignButton />
    </DataTable.Col>
  </ResourceList>
);
