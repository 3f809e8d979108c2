import ShieldIcon from '@mui/icons-material/Shield';
import { Alert, Button, LinearProgress } from '@mui/material';
import { useCreatePath, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AdminUser } from '../../../../src-shared/contracts/users';
import type { ProtectionRecord } from '../../../providers/resources/protection';
import { HistoryCard } from '../../protection/HistoryCard';

/**
 * An investor's protection history (EU 2020/1503 Art. 21 and 22): category, knowledge tests, risk
 * acknowledgements, loss simulations and requests, newest first (the `protection` resource's getOne,
 * GET /api/admin/protection/{userId}/history), with a link to the requests page where the admin
 * decides.
 */
export const ProtectionTab = (_props: { label?: false }) => {
  const record = useRecordContext<AdminUser>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const history = useGetOne<ProtectionRecord>(
    'protection',
    { id: record?.id ?? '' },
    { enabled: record?.role === 'user', staleTime: 0 },
  );
  if (!record || record.role !== 'user') return null;
  if (history.isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (history.isError || !history.data)
    return <Alert severity="error">{translate('app.protection.history_failed')}</Alert>;
  return (
    <HistoryCard
      record={history.data}
      action={
        history.data.requests.length > 0 ? (
          <Button
            component={Link}
            to={createPath({ resource: 'protection', id: record.id, type: 'show' })}
            variant="outlined"
            size="small"
            startIcon={<ShieldIcon aria-hidden />}
          >
            {translate('app.protection.open_requests')}
          </Button>
        ) : null
      }
    />
  );
};
