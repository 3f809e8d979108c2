import AddCardIcon from '@mui/icons-material/AddCard';
import { Button, useBasename, useCanAccess, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { BalanceRow } from '../../../src-shared/api/types';

/** Per-row link to the add-balance form: balances/add-balance/{userId} (spec 2.1). */
export const AddBalanceButton = (_props: { label?: string }) => {
  const record = useRecordContext<BalanceRow>();
  const basename = useBasename();
  const { canAccess } = useCanAccess({ resource: 'balances', action: 'create', record });
  if (!record || !canAccess) return null;
  return (
    <Button
      component={Link}
      to={`${basename}/balances/add-balance/${encodeURIComponent(String(record.id))}`}
      state={{ user: record.user }}
      label="app.balances.add_balance"
      onClick={(event) => event.stopPropagation()}
    >
      <AddCardIcon />
    </Button>
  );
};
