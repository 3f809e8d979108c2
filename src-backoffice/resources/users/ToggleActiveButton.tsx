import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { Button, useCanAccess, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';

/** Activates or deactivates an account (PATCH /api/users/{id} { isActive }). */
export const ToggleActiveButton = (_props: { label?: string }) => {
  const record = useRecordContext<{ id: string; isActive?: boolean }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'users', action: 'edit', record });
  const [update, { isPending }] = useUpdate();
  if (!record || !canAccess) return null;
  const nextActive = !record.isActive;
  const handleClick = () =>
    update(
      'users',
      { id: record.id, data: { isActive: nextActive }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.notification.updated', { type: 'success' });
          refresh();
        },
        onError: (error) =>
          notify((error as Error)?.message || 'app.notification.save_failed', { type: 'error' }),
      },
    );
  return (
    <Button
      label={nextActive ? 'app.users.activate' : 'app.users.deactivate'}
      onClick={handleClick}
      disabled={isPending}
      color={nextActive ? 'primary' : 'error'}
    >
      {nextActive ? <CheckCircleIcon /> : <BlockIcon />}
    </Button>
  );
};
