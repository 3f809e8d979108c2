import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import type { AdminUser } from '../../../src-shared/contracts/users';
import { errorText } from '../../components/errors';
import { fullName } from './userName';
import { useUserPowers } from './useUserPowers';

/**
 * Activates or deactivates an account (PATCH /api/users/{id} { isActive }) after a confirmation;
 * deactivating ends every session of that person on the server. Not offered for one's own account,
 * nor for an admin's account to a plain admin (the server refuses both with 403; a refusal that
 * still happens is shown as the translated message of its code).
 */
export const ToggleActiveButton = (_props: { label?: string }) => {
  const record = useRecordContext<AdminUser>();
  const notify = useNotify();
  const refresh = useRefresh();
  const powers = useUserPowers(record);
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate<AdminUser>();
  if (!record || !powers.canToggleActive) return null;
  const nextActive = !record.isActive;
  const name = fullName(record);
  const handleConfirm = () =>
    update(
      'users',
      { id: record.id, data: { isActive: nextActive }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(nextActive ? 'app.users.activated' : 'app.users.deactivated', {
            type: 'success',
            messageArgs: { name },
          });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button
        label={nextActive ? 'app.users.activate' : 'app.users.deactivate'}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        disabled={isPending}
        color={nextActive ? 'primary' : 'error'}
      >
        {nextActive ? <CheckCircleIcon /> : <BlockIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={nextActive ? 'app.users.activate_title' : 'app.users.deactivate_title'}
        content={nextActive ? 'app.users.activate_content' : 'app.users.deactivate_content'}
        confirm={nextActive ? 'app.users.activate' : 'app.users.deactivate'}
        confirmColor={nextActive ? 'primary' : 'warning'}
        translateOptions={{ name }}
        onConfirm={handleConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
