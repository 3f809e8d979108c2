import { Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  Form,
  SaveButton,
  SelectInput,
  required,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type { Role } from '../../../src-shared/constants/enums';
import type { AdminUser } from '../../../src-shared/contracts/users';
import { enumChoices } from '../../components/choices';
import { errorText } from '../../components/errors';
import { fullName } from './userName';
import { useUserPowers } from './useUserPowers';

/**
 * The role of a person (PATCH /api/users/{id} { role }), changed after a confirmation. Offered to
 * superadmins only and never on their own account; the server's refusals (403, or 409 for an account
 * that holds money, investments or ventures) are shown as the translated message of their code.
 */
export const RoleForm = (_props: { label?: false }) => {
  const record = useRecordContext<AdminUser>();
  const { canChangeRole } = useUserPowers(record);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pendingRole, setPendingRole] = useState<Role | null>(null);
  const [update, { isPending }] = useUpdate<AdminUser>();
  if (!record || !canChangeRole) return null;
  const name = fullName(record);
  const roleName = (role: string) => translate(`app.enums.role.${role}`, { _: role });

  const handleConfirm = () => {
    if (!pendingRole) return;
    update(
      'users',
      { id: record.id, data: { role: pendingRole }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setPendingRole(null);
          notify('app.users.role_changed', { type: 'success', messageArgs: { name } });
          refresh();
        },
        onError: (error) => {
          setPendingRole(null);
          notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
        },
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="user-role-form-title" sx={{ maxWidth: 480 }}>
      <Typography id="user-role-form-title" variant="subtitle1" component="h2" gutterBottom>
        {translate('app.users.change_role')}
      </Typography>
      <Form
        key={`${record.id}-${record.role}`}
        defaultValues={{ role: record.role }}
        record={{ id: record.id, role: record.role }}
        onSubmit={(values: Record<string, unknown>) => {
          const role = values.role as Role | undefined;
          if (role && role !== record.role) setPendingRole(role);
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
          <SelectInput
            source="role"
            label="resources.users.fields.role"
            choices={enumChoices('role')}
            helperText="app.users.role_help"
            validate={required()}
            sx={{ minWidth: 200 }}
          />
          <SaveButton label="app.users.change_role_save" sx={{ mt: { sm: 1 } }} />
        </Stack>
      </Form>
      <Confirm
        isOpen={pendingRole !== null}
        loading={isPending}
        title="app.users.change_role_title"
        content="app.users.change_role_content"
        translateOptions={{
          name,
          from: roleName(record.role),
          to: pendingRole ? roleName(pendingRole) : '',
        }}
        confirm="app.users.change_role_save"
        confirmColor="warning"
        onConfirm={handleConfirm}
        onClose={() => setPendingRole(null)}
      />
    </Box>
  );
};
