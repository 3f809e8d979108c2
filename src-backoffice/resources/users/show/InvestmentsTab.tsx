import { DataTable, useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../../../../src-shared/money';
import { DateText, formatDate } from '../../../components/DateText';
import { EnumField } from '../../../components/EnumField';
import { MoneyField } from '../../../components/MoneyField';
import { VentureLink } from '../../../components/RecordLinks';
import { RelatedTab } from './RelatedTab';

/** The person's investments, newest first (GET /api/investments/admin?userId=). */
export const InvestmentsTab = (_props: { label?: false }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <RelatedTab
      reference="investments"
      sortBy="investmentDate"
      empty="app.investments.none_found"
      primaryText={() => <VentureLink source="venture" />}
      secondaryText={(record) =>
        `${formatEuros(Number(record.amount), locale)} · ${translate(
          `app.enums.investmentStatus.${String(record.status)}`,
          { _: String(record.status) },
        )}`
      }
      tertiaryText={(record) => formatDate(record.investmentDate, locale) ?? ''}
    >
      <DataTable.Col label="resources.investments.fields.venture" disableSort>
        <VentureLink source="venture" />
      </DataTable.Col>
      <DataTable.Col source="amount">
        <MoneyField source="amount" />
      </DataTable.Col>
      <DataTable.Col source="status">
        <EnumField source="status" enumName="investmentStatus" />
      </DataTable.Col>
      <DataTable.Col source="investmentDate">
        <DateText source="investmentDate" showTime />
      </DataTable.Col>
    </RelatedTab>
  );
};
