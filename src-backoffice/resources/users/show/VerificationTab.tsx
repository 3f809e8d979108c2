import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Stack, Typography } from '@mui/material';
import { Button, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AdminUser } from '../../../../src-shared/contracts/users';
import { EnumField } from '../../../components/EnumField';
import { Item } from './Item';

/** The verification's state and a link to its review page (the `kyc` resource, by user id). */
export const VerificationTab = (_props: { label?: false }) => {
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
