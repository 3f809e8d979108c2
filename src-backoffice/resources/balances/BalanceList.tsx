import { DataTable, List, SearchInput, SortButton, TopToolbar, useNotify } from 'react-admin';
import { DateText } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { ListPagination } from '../../components/ListPagination';
import { MoneyField } from '../../components/MoneyField';
import { PersonField } from '../../components/PersonField';
import { AddBalanceButton } from './AddBalanceButton';

const balanceFilters = [<SearchInput key="search" source="search" alwaysOn />];

/** The API sorts balances by updatedAt or balance only (default updatedAt desc, spec 9). */
const Actions = () => (
  <TopToolbar>
    <SortButton fields={['updatedAt', 'balance']} />
  </TopToolbar>
);

const Empty = () => <EmptyList message="app.balances.none_found" />;

/** Spec 2.7: search, sort, paging and an Add Balance link per user. */
export const BalanceList = () => {
  const notify = useNotify();
  return (
    <List
      filters={balanceFilters}
      actions={<Actions />}
      perPage={10}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      exporter={false}
      pagination={<ListPagination />}
      empty={<Empty />}
      queryOptions={{ onError: () => notify('app.balances.load_failed', { type: 'error' }) }}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
        <DataTable.Col label="resources.balances.fields.user" disableSort>
          <PersonField source="user" />
        </DataTable.Col>
        <DataTable.Col source="balance">
          <MoneyField source="balance" />
        </DataTable.Col>
        <DataTable.Col source="createdAt" disableSort>
          <DateText source="createdAt" />
        </DataTable.Col>
        <DataTable.Col source="updatedAt">
          <DateText source="updatedAt" showTime />
        </DataTable.Col>
        <DataTable.Col label="app.common.actions" disableSort>
          <AddBalanceButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
