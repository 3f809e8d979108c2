import type { ReactNode } from 'react';
import { DataTable, ReferenceManyField, SimpleList, type RaRecord } from 'react-admin';
import { EmptyList } from '../../../components/EmptyList';
import { useIsPhone } from '../../../components/ListActions';
import { ListPagination } from '../../../components/ListPagination';

/**
 * One of the person's related lists (a tab): their records of `reference`, filtered by `userId`
 * through the dataProvider's getManyReference, 10 a page; a DataTable of `columns` on wider screens,
 * a SimpleList on phones (no sideways scroll).
 */
export const RelatedTab = ({
  reference,
  sortBy,
  empty,
  rowClick = false,
  primaryText,
  secondaryText,
  tertiaryText,
  children,
}: {
  reference: string;
  /** Newest first by this field. */
  sortBy: string;
  empty: string;
  /** 'show' opens the row's record (its resource's show page). */
  rowClick?: false | 'show';
  primaryText: (record: RaRecord) => ReactNode;
  secondaryText: (record: RaRecord) => ReactNode;
  tertiaryText: (record: RaRecord) => ReactNode;
  /** The DataTable's columns. */
  children: ReactNode;
}) => {
  const phone = useIsPhone();
  return (
    <ReferenceManyField
      reference={reference}
      target="userId"
      sort={{ field: sortBy, order: 'DESC' }}
      perPage={10}
      pagination={<ListPagination />}
    >
      {phone ? (
        <SimpleList
          primaryText={primaryText}
          secondaryText={secondaryText}
          tertiaryText={tertiaryText}
          rowClick={rowClick}
          empty={<EmptyList message={empty} />}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={rowClick} empty={<EmptyList message={empty} />}>
          {children}
        </DataTable>
      )}
    </ReferenceManyField>
  );
};
