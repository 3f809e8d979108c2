import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import DownloadIcon from '@mui/icons-material/GetApp';
import { useBulkExport, useDataProvider, type RaRecord } from 'react-admin';
import { BulkConfirmButton } from '../../components/BulkConfirmButton';
import { fullName } from './userName';

const nameOf = (record: RaRecord) => `${fullName(record)} (${String(record.email ?? '')})`;

/**
 * The selected people activated or deactivated (PATCH /api/users/{id} { isActive } for each, so the
 * server's rules hold for each: nobody deactivates themselves, an admin's account only by a
 * superadmin; deactivating ends the person's sessions), or exported to CSV; each after a confirmation
 * that names them (issue 30).
 */
export const UserBulkActions = () => {
  const dataProvider = useDataProvider();
  const bulkExport = useBulkExport();
  const setActive = (isActive: boolean) => (record: RaRecord) =>
    dataProvider.update('users', { id: record.id, data: { isActive }, previousData: record });
  return (
    <>
      <BulkConfirmButton
        label="app.users.activate"
        icon={<CheckCircleIcon />}
        title="app.bulk.users_activate_title"
        content="app.bulk.users_activate_content"
        nameOf={nameOf}
        skipReason={(record) => (record.isActive === true ? 'app.bulk.skip_already_active' : null)}
        run={setActive(true)}
      />
      <BulkConfirmButton
        label="app.users.deactivate"
        icon={<BlockIcon />}
        title="app.bulk.users_deactivate_title"
        content="app.bulk.users_deactivate_content"
        nameOf={nameOf}
        skipReason={(record) => (record.isActive === false ? 'app.bulk.skip_already_inactive' : null)}
        run={setActive(false)}
      />
      <BulkConfirmButton
        label="app.bulk.export"
        icon={<DownloadIcon />}
        title="app.bulk.users_export_title"
        content="app.bulk.users_export_content"
        nameOf={nameOf}
        run={async () => undefined}
        runAll={async () => bulkExport()}
      />
    </>
  );
};
