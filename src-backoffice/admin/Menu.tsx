import DashboardIcon from '@mui/icons-material/Dashboard';
import { Menu, useBasename } from 'react-admin';
import { LogoutMenuItem } from '../components/LogoutMenuItem';

/** Spec 2.2 admin tabs: Overview, Users, Ventures, Balances, Balance Histories, Investments, Mails, Logout; plus Verifications (issue 13), Tickets (issue 15), Servicing (issue 24) and Investor protection (issue 25), the audit log (issue 26), and withdrawals, payment files and bank statements (issue 27). */
export const AdminMenu = () => {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.Item to={`${basename}/overview`} primaryText="app.menu.overview" leftIcon={<DashboardIcon />} />
      <Menu.ResourceItem name="users" />
      <Menu.ResourceItem name="ventures" />
      <Menu.ResourceItem name="balances" />
      <Menu.ResourceItem name="balance-histories" />
      <Menu.ResourceItem name="investments" />
      <Menu.ResourceItem name="withdrawals" />
      <Menu.ResourceItem name="withdrawal-exports" />
      <Menu.ResourceItem name="bank-statement-entries" />
      <Menu.ResourceItem name="servicing" />
      <Menu.ResourceItem name="mails" />
      <Menu.ResourceItem name="kyc" />
      <Menu.ResourceItem name="protection" />
      <Menu.ResourceItem name="tickets" />
      <Menu.ResourceItem name="audit" />
      <LogoutMenuItem />
    </Menu>
  );
};
