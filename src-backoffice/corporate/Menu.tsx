import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PersonIcon from '@mui/icons-material/Person';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Menu, useBasename } from 'react-admin';
import { LogoutMenuItem } from '../components/LogoutMenuItem';

/** Spec 2.2 corporate tabs: Dashboard, My Ventures, Verification, Profile, Logout; plus Support tickets (issue 15) and Funding (issue 27). */
export const CorporateMenu = () => {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.Item to={`${basename}/overview`} primaryText="app.menu.dashboard" leftIcon={<DashboardIcon />} />
      <Menu.Item
        to={`${basename}/ventures`}
        primaryText="app.menu.my_ventures"
        leftIcon={<BusinessCenterIcon />}
      />
      <Menu.Item
        to={`${basename}/funding`}
        primaryText="app.payments.menu.funding"
        leftIcon={<AccountBalanceWalletIcon />}
      />
      <Menu.Item to={`${basename}/tickets`} primaryText="app.menu.tickets" leftIcon={<SupportAgentIcon />} />
      <Menu.Item
        to={`${basename}/verification`}
        primaryText="app.menu.verification"
        leftIcon={<VerifiedUserIcon />}
      />
      <Menu.Item to={`${basename}/profile`} primaryText="app.menu.profile" leftIcon={<PersonIcon />} />
      <LogoutMenuItem />
    </Menu>
  );
};
