import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { type SxProps } from '@mui/material';
import {
  BulkUpdateButton,
  DataTable,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocaleState,
  type RaRecord,
} from 'react-admin';
import type { MailRow } from '../../../src-shared/contracts/mails';
import { enumChoices } from '../../components/choices';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { ResourceList } from '../../components/ResourceList';
import { EnumField } from '../../components/EnumField';

/** Spec 2.7: search (name, e-mail, subject, message) and status filter, kept in the URL. */
export const mailFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('mailStatus')}
    alwaysOn
    emptyText="app.filters.all"
  />,
];

/** The selected mails marked read or unread, one PATCH each (undoable: nothing is lost). */
export const MailBulkActions = () => (
  <>
    <BulkUpdateButton
      label="app.mails.mark_read"
      data={{ status: 'read' }}
      mutationMode="undoable"
      icon={<MarkEmailReadIcon />}
    />
    <BulkUpdateButton
      label="app.mails.mark_unread"
      data={{ status: 'unread' }}
      mutationMode="undoable"
      icon={<MarkEmailUnreadIcon />}
    />
  </>
);

const empty = <EmptyList message="app.mails.none_found" />;

const isUnread = (record: RaRecord) => (record as Partial<MailRow>).status === 'unread';

/** Unread mails stand out in bold, as in a mail client. */
const unreadSx = (record: RaRecord): SxProps =>
  isUnread(record) ? { '& td, & .MuiTypography-root, & .MuiChip-label': { fontWeight: 700 } } : {};

const MailSimpleList = () => {
  const [locale] = useLocaleState();
  return (
    <SimpleList
      primaryText={(record: RaRecord) => String(record.subject ?? '')}
      secondaryText={(record: RaRecord) => `${String(record.name ?? '')} · ${String(record.excerpt ?? '')}`}
      tertiaryText={(record: RaRecord) => formatDate(record.createdAt, locale) ?? ''}
      rowSx={unreadSx}
      rowClick="show"
      empty={empty}
    />
  );
};

/** The contact form's messages (GET /api/admin/mails), newest first. */
export const MailList = () => (
  <ResourceList
    filters={mailFilters}
    sort={{ field: 'createdAt', order: 'DESC' }}
    empty={empty}
    phoneList={<MailSimpleList />}
    table={{ bulkActionButtons: <MailBulkActions />, rowSx: unreadSx }}
  >
    <DataTable.Col source="status">
      <EnumField source="status" enumName="mailStatus" />
    </DataTable.Col>
    <DataTable.Col source="name" disableSort />
    <DataTable.Col source="email" />
    <DataTable.Col source="subject" />
    <DataTable.Col source="excerpt" disableSort />
    <DataTable.Col source="createdAt">
      <DateText source="createdAt" showTime />
    </DataTable.Col>
  </ResourceList>
);
