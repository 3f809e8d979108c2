import { DataTable, List, SearchInput, SelectInput, useNotify } from 'react-admin';
import { enumChoices } from '../../components/choices';
import { DateText } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { ListPagination } from '../../components/ListPagination';
import { MoneyField } from '../../components/MoneyField';
import { PersonField } from '../../components/PersonField';

const investmentFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('investmentStatus')}
    alwaysOn
    emptyText="app.filters.all"
  />,
];

const Empty = () => <EmptyList message="app.investments.none_found" />;

/** All investments (GET /api/investments/admin). */
export const InvestmentList = () => {
  const notify = useNotify();
  return (
    <List
      filters={investmentFilters}
      perPage={10}
      exporter={false}
      pagination={<ListPagination />}
      empty={<Empty />}
      queryOptions={{ onError: () => notify('app.investments.load_failed', { type: 'error' }) }}
    >
      <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
        <DataTable.Col
          label="resources.investments.fields.venture"
          disableSort
          render={(record) => record.venture?.title ?? ''}
        />
        <DataTable.Col label="resources.investments.fields.investedBy" disableSort>
          <PersonField source="investedBy" />
        </DataTable.Col>
        <DataTable.Col source="amount" disableSort>
          <MoneyField source="amount" />
        </DataTable.Col>
        <DataTable.Col source="profitPaid" disableSort>
          <MoneyField source="profitPaid" />
        </DataTable.Col>
        <DataTable.Col source="totalExpectedReturn" disableSort>
          <MoneyField source="totalExpectedReturn" />
        </DataTable.Col>
        <DataTable.Col source="status" disableSort>
          <EnumField source="status" enumName="investmentStatus" />
        </DataTable.Col>
        <DataTable.Col source="investmentDate" disableSort>
          <DateText source="investmentDate" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};
