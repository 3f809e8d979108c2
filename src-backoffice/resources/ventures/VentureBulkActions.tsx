import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useDataProvider, type RaRecord } from 'react-admin';
import { BulkConfirmButton } from '../../components/BulkConfirmButton';
import { holdsMoney } from './ReviewActions';
import type { VentureRecord } from './ventureRecord';

const titleOf = (record: RaRecord) => String((record as VentureRecord).title ?? record.id);

/**
 * Bulk approve and reject (issue 30, item 6): the selected ventures' titles in a confirmation, then
 * each venture's own review call (PATCH /api/ventures/admin/{id}/admin-status-update), so that every
 * rule holds for each (EU 2020/1503 Art. 23: no approval without a complete key investment
 * information sheet; a venture holding investors' money stays approved). A rejection carries the
 * notes typed in the dialog (required); an approval keeps each venture's notes.
 */
export const VentureBulkActions = () => {
  const dataProvider = useDataProvider();
  const review = (adminStatus: 'approved' | 'rejected') => (record: RaRecord, notes: string) =>
    dataProvider.update('ventures', {
      id: record.id,
      data: {
        adminStatus,
        adminNotes: adminStatus === 'rejected' ? notes : ((record as VentureRecord).adminNotes ?? ''),
      },
      previousData: record,
    });
  return (
    <>
      <BulkConfirmButton
        label="app.bulk.approve"
        icon={<CheckIcon />}
        title="app.bulk.ventures_approve_title"
        content="app.bulk.ventures_approve_content"
        nameOf={titleOf}
        skipReason={(record) => (record.adminStatus === 'approved' ? 'app.bulk.skip_already_approved' : null)}
        run={review('approved')}
      />
      <BulkConfirmButton
        label="app.bulk.reject"
        icon={<CloseIcon />}
        title="app.bulk.ventures_reject_title"
        content="app.bulk.ventures_reject_content"
        nameOf={titleOf}
        notes={{ label: 'app.bulk.notes', required: true }}
        skipReason={(record) =>
          record.adminStatus === 'rejected'
            ? 'app.bulk.skip_already_rejected'
            : holdsMoney(record as VentureRecord)
              ? 'app.bulk.skip_holds_money'
              : null
        }
        run={review('rejected')}
      />
    </>
  );
};
