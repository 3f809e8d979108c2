import AddCardIcon from '@mui/icons-material/AddCard';
import { Button, ListButton, TopToolbar, useBasename, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AdminUser } from '../../../../src-shared/contracts/users';
import { ToggleActiveButton } from '../ToggleActiveButton';
import { useUserPowers } from '../useUserPowers';

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

/** The person page's toolbar: back to the list, Add balance, Activate or Deactivate. */
export const UserShowActions = () => (
  <TopToolbar>
    <ListButton />
    <AddBalanceLink />
    <ToggleActiveButton />
  </TopToolbar>
);
