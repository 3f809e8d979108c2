import { DataTable, List, SearchInput, useNotify } from 'react-admin';
import { DateText } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { ListPagination } from '../../components/ListPagination';
import { MoneyField } from '../../components/MoneyField';
import { PersonField } from '../../components/PersonField';
import { ProofLink } from './ProofLink';

const historyFilters = [<SearchInput key="search" source="search" alwaysOn />];

const Empty = () => <EmptyList message="app.balance_histories.none_found" />;

/** Every ledger entry of every user, newest first (GET /api/balances/all-histories). */
export const BalanceHistoryList = () => {
  const notify = useNotify();
  return (
    <List
      filters={historyFilters}
      perPage={10}
      exporter={false}
      pagination={<ListPagination />}
      empty={<Empty />}
      queryOptions={{ onError: () => notify('app.balance_histories.load_failed', { type: 'error' }) }}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
        <DataTable.Col source="at" disableSort>
          <DateText source="at" showTime />
        </DataTable.Col>
        <DataTable.Col label="resources.balance-histories.fields.user" disableSort>
          <PersonField source="user" />
        </DataTable.Col>
        <DataTable.Col source="kind" disableSort>
          <EnumField source="kind" enumName="ledgerKind" />
        </DataTable.Col>
        <DataTable.Col source="amount" disableSort>
          <MoneyField source="amount" signed />
        </DataTable.Col>
        <DataTable.Col source="balanceBefore" disableSort>
          <MoneyField source="balanceBefore" />
        </DataTable.Col>
        <DataTable.Col source="balanceAfter" disableSort>
          <MoneyField source="balanceAfter" />
        </DataTable.Col>
        <DataTable.Col source="note" disableSort />
        <DataTable.Col label="resources.balance-histories.fields.proofUrl" disableSort>
          <ProofLink />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
