import { Show, TabbedShowLayout, TabbedShowLayoutTabs } from 'react-admin';
import { RoleForm } from './RoleForm';
import { BalanceHistoryTab } from './show/BalanceHistoryTab';
import { InvestmentsTab } from './show/InvestmentsTab';
import { TicketsTab } from './show/TicketsTab';
import { UserProfile } from './show/UserProfile';
import { UserShowActions } from './show/UserShowActions';
import { VerificationTab } from './show/VerificationTab';

/**
 * One person (spec 2.7): the profile with the superadmin's role change, then their balance history,
 * investments and verification as tabs (react-admin related lists through the dataProvider's
 * getManyReference: the resource's own list filtered by `userId`), and their support tickets.
 */
export const UserShow = () => (
  <Show actions={<UserShowActions />}>
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
