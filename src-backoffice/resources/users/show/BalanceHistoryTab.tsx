import { Typography } from '@mui/material';
import { DataTable, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { formatEuros } from '../../../../src-shared/money';
import { DateText, formatDate } from '../../../components/DateText';
import { EnumField } from '../../../components/EnumField';
import { MoneyField } from '../../../components/MoneyField';
import { ProofLink } from '../../balance-histories/ProofLink';
import { RelatedTab } from './RelatedTab';

const SignedAmount = ({ record }: { record: RaRecord }) => {
  const [locale] = useLocaleState();
  const amount = Number(record.amount);
  return (
    <Typography
      component="span"
      variant="body2"
      color={amount < 0 ? 'error.main' : amount > 0 ? 'success.main' : undefined}
    >
      {amount > 0 ? '+' : ''}
      {formatEuros(amount, locale)}
    </Typography>
  );
};

/** The person's ledger entries, newest first (GET /api/balances/all-histories?userId=). */
export const BalanceHistoryTab = (_props: { label?: false }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <RelatedTab
      reference="balance-histories"
      sortBy="at"
      empty="app.balance_histories.none_found"
      primaryText={(record) => <SignedAmount record={record} />}
      secondaryText={(record) =>
        [translate(`app.enums.ledgerKind.${String(record.kind)}`, { _: String(record.kind) }), record.note]
          .filter(Boolean)
          .join(' · ')
      }
      tertiaryText={(record) => formatDate(record.at, locale, true) ?? ''}
    >
      <DataTable.Col source="at">
        <DateText source="at" showTime />
      </DataTable.Col>
      <DataTable.Col source="kind" disableSort>
        <EnumField source="kind" enumName="ledgerKind" />
      </DataTable.Col>
      <DataTable.Col source="note" disableSort />
      <DataTable.Col source="amount">
        <MoneyField source="amount" signed />
      </DataTable.Col>
      <DataTable.Col source="balanceAfter" disableSort>
        <MoneyField source="balanceAfter" />
      </DataTable.Col>
      <DataTable.Col label="resources.balance-histories.fields.proofUrl" disableSort>
        <ProofLink />
      </DataTable.Col>
    </RelatedTab>
  );
};
