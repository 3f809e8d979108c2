import type { ReactElement, ReactNode } from 'react';
import { DataTable, List, useNotify, type DataTableProps, type ListProps } from 'react-admin';
import { ListActions, useIsPhone } from './ListActions';
import { ListPagination } from './ListPagination';

export interface ResourceListProps extends Omit<ListProps, 'children' | 'empty'> {
  /** What the list shows without any row (an EmptyList): with no filter, and as the table's empty state. */
  empty: ReactElement;
  /** The one-line-per-record list (a SimpleList) shown instead of the table below MUI's `sm` breakpoint. */
  phoneList: ReactElement;
  /** The table's own settings (hidden columns, row style, bulk actions, row click) over the defaults. */
  table?: Omit<DataTableProps, 'children' | 'empty'>;
  /** The catalog key notified (as an error) when the list cannot be loaded. */
  loadFailed?: string;
  /** The table's columns: `<DataTable.Col>`s. */
  children: ReactNode;
}

/**
 * The list screen every back-office resource shares: react-admin's `<List>` with the filter,
 * column-chooser and export toolbar (ListActions), 10 rows a page with the page-size chooser
 * (ListPagination) and the resource's empty state; a `<DataTable>` of the given columns (no bulk
 * actions, a row opens its show page, unless `table` says otherwise), or the resource's phone list
 * at phone width. Every `<List>` prop (filters, sort, actions, exporter, title...) passes through.
 */
export const ResourceList = ({
  empty,
  phoneList,
  table,
  loadFailed,
  children,
  ...listProps
}: ResourceListProps) => {
  const phone = useIsPhone();
  const notify = useNotify();
  return (
    <List
      actions={<ListActions />}
      perPage={10}
      pagination={<ListPagination />}
      empty={empty}
      {...(loadFailed ? { queryOptions: { onError: () => notify(loadFailed, { type: 'error' }) } } : {})}
      {...listProps}
    >
      {phone ? (
        phoneList
      ) : (
        <DataTable bulkActionButtons={false} rowClick="show" empty={empty} {...table}>
          {children}
        </DataTable>
      )}
    </List>
  );
};
