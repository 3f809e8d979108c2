import { Show, TabbedShowLayout, TabbedShowLayoutTabs, useRecordContext } from 'react-admin';
import { AuditHistory } from '../audit/AuditHistory';
import type { AdminUser } from '../../../src-shared/contracts/users';
import { RoleForm } from './RoleForm';
import { BalanceHistoryTab } from './show/BalanceHistoryTab';
import { InvestmentsTab } from './show/InvestmentsTab';
import { ProtectionTab } from './show/ProtectionTab';
import { TicketsTab } from './show/TicketsTab';
import { UserProfile } from './show/UserProfile';
import { UserShowActions } from './show/UserShowActions';
import { VerificationTab } from './show/VerificationTab';

/** The tabs; an investor (role `user`) has one more, their investor protection (issue 25). */
const UserTabs = () => {
  const record = useRecordContext<AdminUser>();
  return (
    // Scrollable tabs: at phone width the fourth tab would be cut off.
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
      {record?.role === 'user' ? (
        <TabbedShowLayout.Tab label="app.protection.tab" path="protection">
          <ProtectionTab label={false} />
        </TabbedShowLayout.Tab>
      ) : null}
      <TabbedShowLayout.Tab label="app.audit.tab_history" path="history">
        <AuditHistory targetType="user" label={false} />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  );
};

/**
 * One person (spec 2.7): the profile with the superadmin's role change, then their balance history,
 * investments and verification as tabs (react-admin related lists through the dataProvider's
 * getManyReference: the resource's own list filtered by `userId`), their support tickets, and for an
 * investor their investor protection (tests, acknowledgements, simulations, requests), and the
 * history: the audit log's rows about the person, newest first (issue 26).
 */
export const UserShow = () => (
  <Show actions={<UserShowActions />}>
    <UserTabs />
  </Show>
);
