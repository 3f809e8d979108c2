import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, LinearProgress, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import {
  Button,
  DataTable,
  defaultExporter,
  SearchInput,
  SelectInput,
  TextField,
  useCreatePath,
  useListContext,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type Exporter,
  type RaRecord,
  type RowClickFunction,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { SOPHISTICATED_REQUEST_STATUSES } from '../../../src-shared/constants/enums';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { PersonField } from '../../components/PersonField';
import { ResourceList } from '../../components/ResourceList';
import type { ProtectionRow } from '../../providers/resources/protection';
import { personName } from '../kyc/personName';
import { useCriterionLabel } from './Criteria';

/** Search (name, e-mail) and status; the list opens on the queue: the pending requests. */
const protectionFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={SOPHISTICATED_REQUEST_STATUSES.map((status) => ({
      id: status,
      name: `app.protection.status.${status}`,
    }))}
    emptyText="app.protection.all_requests"
    alwaysOn
  />,
];

const empty = <EmptyList message="app.protection.none_found" />;

/** A row opens the person's page (the decision is the person's: decision 0110). */
const useOpenPerson = (): RowClickFunction => {
  const createPath = useCreatePath();
  return (_id, _resource, record) =>
    createPath({ resource: 'protection', id: (record as ProtectionRow).user.id, type: 'show' });
};

/** The criteria claimed, by their short names. */
const CriteriaField = (_props: { label?: string }) => {
  const record = useRecordContext<ProtectionRow>();
  const label = useCriterionLabel();
  return <span>{record?.criteria.map(label).join(', ')}</span>;
};

const DecidedByField = (_props: { label?: string }) => {
  const record = useRecordContext<ProtectionRow>();
  return <span>{record?.decidedBy ? personName(record.decidedBy) : '-'}</span>;
};

/** A named link to the person's page (a row click is not reachable by keyboard). */
const OpenButton = (_props: { label?: string }) => {
  const record = useRecordContext<ProtectionRow>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={createPath({ resource: 'protection', id: record.user.id, type: 'show' })}
      label="app.common.view"
      aria-label={translate('app.protection.open_request', { name: personName(record.user) })}
      onClick={(event) => event.stopPropagation()}
    >
      <VisibilityIcon />
    </Button>
  );
};

/**
 * At phone width: one line per request (the person, their e-mail and the status, the date), each a
 * link to the person's page. Written out rather than a SimpleList, whose row click to another
 * record than the row's is a button without an address.
 */
const PhoneList = () => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const createPath = useCreatePath();
  const { data, isPending } = useListContext<ProtectionRow>();
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (!data || data.length === 0) return empty;
  return (
    <List disablePadding>
      {data.map((record) => (
        <ListItem key={record.id} disablePadding sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <ListItemButton
            component={Link}
            to={createPath({ resource: 'protection', id: record.user.id, type: 'show' })}
          >
            <ListItemText
              primary={personName(record.user)}
              secondary={
                <>
                  <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {[record.user.email, translate(`app.protection.status.${record.status}`)].join(' · ')}
                  </Box>
                  <Box component="span" sx={{ display: 'block' }}>
                    {formatDate(record.createdAt, locale) ?? ''}
                  </Box>
                </>
              }
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
};

/** CSV of every request of the current filter: the person, the criteria (codes), the decision, the evidence's file. */
export const protectionExporter: Exporter = (records, fetchRelated, dataProvider) => {
  const rows = (records as (ProtectionRow & RaRecord)[]).map((row) => ({
    requestId: row._id,
    userId: row.user.id,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    email: row.user.email,
    criteria: row.criteria.join(' '),
    status: row.status,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt ?? '',
    decidedBy: row.decidedBy ? personName(row.decidedBy) : '',
    reason: row.reason ?? '',
    evidenceName: row.evidence.name,
    evidenceType: row.evidence.mimeType,
    evidenceSize: row.evidence.size,
  }));
  return defaultExporter(rows, fetchRelated, dataProvider, 'protection');
};

/**
 * The requests to be treated as a sophisticated investor (GET /api/admin/protection), in the API's
 * order (it sorts by nothing else, so no column sorts); a status filter (pending first shown) and a
 * search; a row opens the person's page, where the admin decides.
 */
export const ProtectionList = () => {
  const open = useOpenPerson();
  return (
    <ResourceList
      filters={protectionFilters}
      filterDefaultValues={{ status: 'pending' }}
      loadFailed="app.protection.load_failed"
      empty={empty}
      phoneList={<PhoneList />}
      exporter={protectionExporter}
      table={{ rowClick: open }}
    >
      <DataTable.Col source="user" disableSort>
        <PersonField source="user" />
      </DataTable.Col>
      <DataTable.Col source="criteria" disableSort>
        <CriteriaField />
      </DataTable.Col>
      <DataTable.Col source="status" disableSort>
        <EnumField source="status" labels="app.protection.status" />
      </DataTable.Col>
      <DataTable.Col source="createdAt" disableSort>
        <DateText source="createdAt" showTime />
      </DataTable.Col>
      <DataTable.Col source="decidedAt" disableSort>
        <DateText source="decidedAt" showTime />
      </DataTable.Col>
      <DataTable.Col source="decidedBy" disableSort>
        <DecidedByField />
      </DataTable.Col>
      <DataTable.Col source="reason" disableSort>
        <TextField source="reason" emptyText="-" />
      </DataTable.Col>
      <DataTable.Col label="app.common.actions" disableSort>
        <OpenButton />
      </DataTable.Col>
    </ResourceList>
  );
};
