import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useState } from 'react';
import {
  Button,
  DataTable,
  SearchInput,
  SimpleList,
  TopToolbar,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { errorText } from '../../components/errors';
import { MoneyField } from '../../components/MoneyField';
import { ResourceList } from '../../components/ResourceList';
import { saveFile } from '../../components/saveFile';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { WithdrawalExportRow } from '../../providers/resources/payments';

type Row = WithdrawalExportRow & RaRecord;

const empty = <EmptyList message="app.payments.files.none" />;

/** Saves one kept payment file again, byte for byte (GET /api/admin/withdrawals/exports/{id}). */
export const DownloadFileButton = (_props: { label?: string }) => {
  const record = useRecordContext<Row>();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const download = async () => {
    setPending(true);
    try {
      const file = await dataProvider.downloadWithdrawalExport(record.id);
      saveFile(file.fileName, file.xml);
    } catch (error) {
      notify(errorText(error, 'app.error.generic'), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      label="app.payments.files.download"
      aria-label={translate('app.payments.files.download_named', { name: record.messageId })}
      disabled={pending}
      onClick={(event) => {
        event.stopPropagation();
        void download();
      }}
    >
      <FileDownloadIcon />
    </Button>
  );
};

const PhoneList = () => {
  const [locale = 'en'] = useLocaleState();
  const translate = useTranslate();
  return (
    <SimpleList
      primaryText={(record: RaRecord) => String(record.messageId)}
      secondaryText={(record: RaRecord) =>
        `${translate('app.payments.files.transfers', { smart_count: Number(record.count) })} · ${formatEuros(record.total, locale)}`
      }
      tertiaryText={(record: RaRecord) => formatDate(record.createdAt, locale, true) ?? ''}
      linkType={false}
      empty={empty}
    />
  );
};

/**
 * The SEPA payment files made so far (GET /api/admin/withdrawals/exports), newest first: when, the
 * message id the bank reports, how many transfers and their total, and a download of each file.
 * The search finds a message id. Files are made from the withdrawals list.
 */
export const PaymentFileList = () => (
  <ResourceList
    filters={[<SearchInput key="search" source="search" alwaysOn />]}
    sort={{ field: 'createdAt', order: 'DESC' }}
    loadFailed="app.payments.files.load_failed"
    empty={empty}
    phoneList={<PhoneList />}
    actions={<TopToolbar />}
    table={{ rowClick: false }}
  >
    <DataTable.Col source="createdAt" label="app.payments.fields.createdAt" disableSort>
      <DateText source="createdAt" showTime />
    </DataTable.Col>
    <DataTable.Col source="messageId" label="app.payments.fields.messageId" disableSort />
    <DataTable.NumberCol source="count" label="app.payments.fields.count" disableSort />
    <DataTable.Col source="total" label="app.payments.fields.total" disableSort>
      <MoneyField source="total" />
    </DataTable.Col>
    <DataTable.Col label="app.payments.fields.file" disableSort>
      <DownloadFileButton />
    </DataTable.Col>
  </ResourceList>
);
