import { DataTable, ReferenceManyField, useRecordContext } from 'react-admin';
import { EmptyList } from '../../components/EmptyList';
import { useIsPhone } from '../../components/ListActions';
import { ListPagination } from '../../components/ListPagination';
import { AuditChanges } from './AuditChanges';
import { AuditAccordions, NamedExpandHeader, useAuditColumns } from './AuditList';

/**
 * The audit rows of one target (a person, a venture), newest first, 10 a page: the `audit`
 * resource's list filtered by `targetType` and `targetId` (the record's id); a row opens to its
 * before and after.
 */
export const AuditHistory = ({ targetType }: { targetType: 'user' | 'venture'; label?: false }) => {
  const record = useRecordContext();
  const phone = useIsPhone();
  const columns = useAuditColumns({ withTarget: false });
  const empty = <EmptyList message="app.audit.no_history" />;
  if (!record) return null;
  return (
    <ReferenceManyField
      reference="audit"
      target="targetId"
      filter={{ targetType }}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={10}
      pagination={<ListPagination />}
      empty={empty}
    >
      {phone ? (
        <AuditAccordions withTarget={false} />
      ) : (
        <NamedExpandHeader>
          <DataTable bulkActionButtons={false} rowClick="expand" expand={<AuditChanges />} empty={empty}>
            {columns}
          </DataTable>
        </NamedExpandHeader>
      )}
    </ReferenceManyField>
  );
};
