import { Card, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  ListBase,
  Pagination,
  SimpleList,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { EnumField } from '../../components/EnumField';
import { MoneyField } from '../../components/MoneyField';
import { PersonField } from '../../components/PersonField';
import type { VentureInvestment } from '../../providers/resources/ventures';
import type { VentureRecord } from './ventureRecord';

const name = (row: VentureInvestment) =>
  [row.investedBy?.firstName, row.investedBy?.lastName].filter(Boolean).join(' ') || row.investedBy?.email;

/**
 * The venture's investments below it: the `investments` resource filtered by `ventureId`
 * (GET /api/investments/admin?ventureId), newest first, 10 a page.
 */
export const VentureInvestments = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!record) return null;
  const empty = <EmptyList message="app.ventures.no_investments" />;

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('app.ventures.investments')}
        </Typography>
        <ListBase
          resource="investments"
          filter={{ ventureId: record.id }}
          sort={{ field: 'investmentDate', order: 'DESC' }}
          perPage={10}
          disableSyncWithLocation
          storeKey={false}
        >
          {isPhone ? (
            <SimpleList<VentureInvestment>
              primaryText={(row) => name(row)}
              secondaryText={(row) =>
                `${formatEuros(row.amount, locale)} · ${translate(`app.enums.investmentStatus.${row.status}`)}`
              }
              tertiaryText={(row) => formatDate(row.investmentDate, locale) ?? ''}
              linkType={false}
              empty={empty}
            />
          ) : (
            <DataTable bulkActionButtons={false} rowClick={false} empty={empty}>
              <DataTable.Col source="investedBy" label="resources.investments.fields.investedBy" disableSort>
                <PersonField source="investedBy" />
              </DataTable.Col>
              <DataTable.Col source="amount" label="resources.investments.fields.amount">
                <MoneyField source="amount" />
              </DataTable.Col>
              <DataTable.Col source="status" label="resources.investments.fields.status">
                <EnumField source="status" enumName="investmentStatus" />
              </DataTable.Col>
              <DataTable.Col source="profitPaid" label="resources.investments.fields.profitPaid" disableSort>
                <MoneyField source="profitPaid" />
              </DataTable.Col>
              <DataTable.Col source="investmentDate" label="resources.investments.fields.investmentDate">
                <DateText source="investmentDate" />
              </DataTable.Col>
            </DataTable>
          )}
          <Pagination rowsPerPageOptions={[10, 25, 50]} />
        </ListBase>
      </CardContent>
    </Card>
  );
};
