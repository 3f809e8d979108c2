import AddCardIcon from '@mui/icons-material/AddCard';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Box, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import {
  BooleanField,
  Button,
  DataTable,
  EmailField,
  Labeled,
  ListButton,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleList,
  TabbedShowLayout,
  TabbedShowLayoutTabs,
  TextField,
  TopToolbar,
  useBasename,
  useCreatePath,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { AdminUser } from '../../../src-shared/contracts/users';
import { formatEuros } from '../../../src-shared/money';
import { paymentReference } from '../../../src-shared/rules/funding';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { MoneyField } from '../../components/MoneyField';
import { VentureLink } from '../../components/RecordLinks';
import { ProofLink } from '../balance-histories/ProofLink';
import { RespondByField, TicketNumberField } from '../tickets/TicketParts';
import { RoleForm } from './RoleForm';
import { ToggleActiveButton } from './ToggleActiveButton';
import { useUserPowers } from './useUserPowers';

const isPhone = (theme: Theme) => theme.breakpoints.down('sm');

/** "Add balance" for an investor or a corporate account: the add-balance form of that person. */
const AddBalanceLink = () => {
  const record = useRecordContext<AdminUser>();
  const basename = useBasename();
  const { canAddBalance } = useUserPowers(record);
  if (!record || !canAddBalance) return null;
  const { id, firstName, lastName, email } = record;
  return (
    <Button
      component={Link}
      to={`${basename}/balances/add-balance/${encodeURIComponent(String(id))}`}
      state={{ user: { id, firstName, lastName, email } }}
      label="app.balances.add_balance"
    >
      <AddCardIcon />
    </Button>
  );
};

const Actions = () => (
  <TopToolbar>
    <ListButton />
    <AddBalanceLink />
    <ToggleActiveButton />
  </TopToolbar>
);

/** A labelled value of the profile grid. The value sits in one block (Labeled is a flex column:
 * first and last name would stack, and a chip would stretch across the cell). */
const Item = ({ source, label, children }: { source?: string; label?: string; children: ReactNode }) => (
  <Labeled source={source} label={label} resource="users">
    <Box component="span" sx={{ display: 'block' }}>
      {children}
    </Box>
  </Labeled>
);

const CORPORATE_FIELDS = ['companyName', 'legalForm', 'registrationNumber'] as const;

/** The person's stated data and account state (GET /api/users/{id}). */
const UserProfile = (_props: { label?: false }) => {
  const record = useRecordContext<AdminUser>();
  if (!record) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        '& > *': { minWidth: 0, overflowWrap: 'anywhere' },
      }}
    >
      <Item label="resources.users.fields.name">
        <TextField source="firstName" /> <TextField source="lastName" />
      </Item>
      <Item source="email">
        <EmailField source="email" />
      </Item>
      <Item source="phone">
        <TextField source="phone" emptyText="-" />
      </Item>
      <Item source="countryName">
        <TextField source="countryName" emptyText="-" />
      </Item>
      <Item source="city">
        <TextField source="city" emptyText="-" />
      </Item>
      <Item source="address">
        <TextField source="address" emptyText="-" />
      </Item>
      <Item source="role">
        <EnumField source="role" enumName="role" />
      </Item>
      <Item source="isActive">
        <BooleanField source="isActive" />
      </Item>
      <Item source="emailVerified">
        <BooleanField source="emailVerified" />
      </Item>
      {record.role === 'corporate'
        ? CORPORATE_FIELDS.map((field) => (
            <Item key={field} source={field}>
              <TextField source={field} emptyText="-" />
            </Item>
          ))
        : null}
      <Item source="createdAt">
        <DateText source="createdAt" showTime />
      </Item>
      <Item source="lastLoginAt">
        <DateText source="lastLoginAt" showTime />
      </Item>
      <Item source="balance">
        <MoneyField source="balance" />
      </Item>
      {record.role === 'user' || record.role === 'corporate' ? (
        // The reference the person's bank transfers carry (their funding page shows the same one).
        <Item label="app.users.payment_reference">
          <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
            {paymentReference(String(record.id))}
          </Typography>
        </Item>
      ) : null}
    </Box>
  );
};

/**
 * One of the person's related lists (a tab): their records of `reference`, filtered by `userId`
 * through the dataProvider's getManyReference, 10 a page; a DataTable of `columns` on wider screens,
 * a SimpleList on phones (no sideways scroll).
 */
const RelatedTab = ({
  reference,
  sortBy,
  empty,
  rowClick = false,
  primaryText,
  secondaryText,
  tertiaryText,
  children,
}: {
  reference: string;
  /** Newest first by this field. */
  sortBy: string;
  empty: string;
  /** 'show' opens the row's record (its resource's show page). */
  rowClick?: false | 'show';
  primaryText: (record: RaRecord) => ReactNode;
  secondaryText: (record: RaRecord) => ReactNode;
  tertiaryText: (record: RaRecord) => ReactNode;
  /** The DataTable's columns. */
  children: ReactNode;
}) => {
  const phone = useMediaQuery(isPhone);
  return (
    <ReferenceManyField
      reference={reference}
      target="userId"
      sort={{ field: sortBy, order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
    >
      {phone ? (
        <SimpleList
          primaryText={primaryText}
          secondaryText={secondaryText}
          tertiaryText={tertiaryText}
          rowClick={rowClick}
          empty={<EmptyList message={empty} />}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={rowClick} empty={<EmptyList message={empty} />}>
          {children}
        </DataTable>
      )}
    </ReferenceManyField>
  );
};

const SignedAmount = ({ record }: { record: RaRecord }) => {
  const [locale] = useLocaleState();
  const amount = Number(record.amount);
  return (
    <Typography
      component="span"
      variant="body2"
      color={amount < 0 ? 'error.main' : amount > 0 ? 'success.main' : undefined}
    >
      {amount > 0 ? '+' : ''}
      {formatEuros(amount, locale)}
    </Typography>
  );
};

/** The person's ledger entries, newest first (GET /api/balances/all-histories?userId=). */
const BalanceHistoryTab = (_props: { label?: false }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <RelatedTab
      reference="balance-histories"
      sortBy="at"
      empty="app.balance_histories.none_found"
      primaryText={(record) => <SignedAmount record={record} />}
      secondaryText={(record) =>
        [translate(`app.enums.ledgerKind.${String(record.kind)}`, { _: String(record.kind) }), record.note]
          .filter(Boolean)
          .join(' · ')
      }
      tertiaryText={(record) => formatDate(record.at, locale, true) ?? ''}
    >
      <DataTable.Col source="at">
        <DateText source="at" showTime />
      </DataTable.Col>
      <DataTable.Col source="kind" disableSort>
        <EnumField source="kind" enumName="ledgerKind" />
      </DataTable.Col>
      <DataTable.Col source="note" disableSort />
      <DataTable.Col source="amount">
        <MoneyField source="amount" signed />
      </DataTable.Col>
      <DataTable.Col source="balanceAfter" disableSort>
        <MoneyField source="balanceAfter" />
      </DataTable.Col>
      <DataTable.Col label="resources.balance-histories.fields.proofUrl" disableSort>
        <ProofLink />
      </DataTable.Col>
    </RelatedTab>
  );
};

/** The person's investments, newest first (GET /api/investments/admin?userId=). */
const InvestmentsTab = (_props: { label?: false }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <RelatedTab
      reference="investments"
      sortBy="investmentDate"
      empty="app.investments.none_found"
      primaryText={() => <VentureLink source="venture" />}
      secondaryText={(record) =>
        `${formatEuros(Number(record.amount), locale)} · ${translate(
          `app.enums.investmentStatus.${String(record.status)}`,
          { _: String(record.status) },
        )}`
      }
      tertiaryText={(record) => formatDate(record.investmentDate, locale) ?? ''}
    >
      <DataTable.Col label="resources.investments.fields.venture" disableSort>
        <VentureLink source="venture" />
      </DataTable.Col>
      <DataTable.Col source="amount">
        <MoneyField source="amount" />
      </DataTable.Col>
      <DataTable.Col source="status">
        <EnumField source="status" enumName="investmentStatus" />
      </DataTable.Col>
      <DataTable.Col source="investmentDate">
        <DateText source="investmentDate" showTime />
      </DataTable.Col>
    </RelatedTab>
  );
};

/** The person's support tickets, newest first (GET /api/admin/tickets?userId=); a row opens the ticket. */
const TicketsTab = (_props: { label?: false }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <RelatedTab
      reference="tickets"
      sortBy="createdAt"
      empty="app.tickets.none_found"
      rowClick="show"
      primaryText={(record) => `#${String(record.number)} ${String(record.subject ?? '')}`}
      secondaryText={(record) =>
        `${translate(`app.enums.ticketStatus.${String(record.status)}`, { _: String(record.status) })} · ${translate(
          `app.enums.ticketCategory.${String(record.category)}`,
          { _: String(record.category) },
        )}`
      }
      tertiaryText={(record) => formatDate(record.createdAt, locale) ?? ''}
    >
      <DataTable.Col source="number" label="resources.tickets.fields.number">
        <TicketNumberField />
      </DataTable.Col>
      <DataTable.Col source="subject" label="resources.tickets.fields.subject" disableSort />
      <DataTable.Col source="category" label="resources.tickets.fields.category" disableSort>
        <EnumField source="category" enumName="ticketCategory" />
      </DataTable.Col>
      <DataTable.Col source="status" label="resources.tickets.fields.status">
        <EnumField source="status" enumName="ticketStatus" />
      </DataTable.Col>
      <DataTable.Col source="respondBy" label="resources.tickets.fields.respondBy" disableSort>
        <RespondByField />
      </DataTable.Col>
      <DataTable.Col source="createdAt" label="resources.tickets.fields.createdAt">
        <DateText source="createdAt" showTime />
      </DataTable.Col>
    </RelatedTab>
  );
};

/** The verification's state and a link to its review page (the `kyc` resource, by user id). */
const VerificationTab = (_props: { label?: false }) => {
  const record = useRecordContext<AdminUser>();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!record) return null;
  const started = record.kycStatus !== 'not_started';
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Item source="kycStatus">
        <EnumField source="kycStatus" enumName="kycStatus" />
      </Item>
      {started ? (
        <Button
          component={Link}
          to={createPath({ resource: 'kyc', id: record.id, type: 'show' })}
          label="app.users.open_verification"
          variant="outlined"
        >
          <VerifiedUserIcon />
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.users.no_verification')}
        </Typography>
      )}
    </Stack>
  );
};

/**
 * One person (spec 2.7): the profile with the superadmin's role change, then their balance history,
 * investments and verification as tabs (react-admin related lists through the dataProvider's
 * getManyReference: the resource's own list filtered by `userId`), and their support tickets.
 */
export const UserShow = () => (
  <Show actions={<Actions />}>
    {/* Scrollable tabs: at phone width the fourth tab would be cut off. */}
    <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
      <TabbedShowLayout.Tab label="app.users.tab_profile">
        <UserProfile label={false} />
        <RoleForm label={false} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="app.users.tab_balance_history" path="balance-history">
        <BalanceHistoryTab label={false} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="app.users.tab_investments" path="investments">
        <InvestmentsTab label={false} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="app.users.tab_tickets" path="tickets">
        <TicketsTab label={false} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="app.users.tab_verification" path="verification">
        <VerificationTab label={false} />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
