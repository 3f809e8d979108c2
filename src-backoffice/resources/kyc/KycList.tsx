import {
  DataTable,
  SearchInput,
  SelectInput,
  ShowButton,
  SimpleList,
  TextField,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { enumChoices } from '../../components/choices';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { ResourceList } from '../../components/ResourceList';
import { EnumField } from '../../components/EnumField';
import { PersonField } from '../../components/PersonField';
import type { KycRecord } from '../../providers/resources/kyc';
import { personName } from './personName';

/** Search (name, e-mail) and status; the list opens on the queue: pending, oldest first. */
const kycFilters = [
  <SearchInput key="search" source="search" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('kycStatus')}
    emptyText="app.kyc.all_submitted"
  />,
];

const empty = <EmptyList message="app.kyc.none_found" />;

const PhoneList = () => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  return (
    <SimpleList<KycRecord>
      linkType="show"
      primaryText={(record) => personName(record.user)}
      secondaryText={(record) =>
        [record.user?.email, translate(`app.enums.kycStatus.${record.status}`)].filter(Boolean).join(' · ')
      }
      tertiaryText={(record) => formatDate(record.submittedAt, locale) ?? ''}
      rowSx={() => ({ borderBottom: 1, borderColor: 'divider' })}
    />
  );
};

/** Verifications (issue 13 point 5): one row per person, their latest verification. */
export const KycList = () => (
  <ResourceList
    filters={kycFilters}
    filterDefaultValues={{ status: 'pending' }}
    sort={{ field: 'submittedAt', order: 'ASC' }}
    empty={empty}
    phoneList={<PhoneList />}
    table={{ hiddenColumns: ['provider'] }}
  >
    <DataTable.Col source="user" disableSort>
      <PersonField source="user" />
    </DataTable.Col>
    <DataTable.Col source="status" disableSort>
      <EnumField source="status" enumName="kycStatus" />
    </DataTable.Col>
    <DataTable.Col source="submittedAt">
      <DateText source="submittedAt" showTime />
    </DataTable.Col>
    <DataTable.Col source="decidedAt">
      <DateText source="decidedAt" showTime />
    </DataTable.Col>
    <DataTable.Col source="reason" disableSort>
      <TextField source="reason" emptyText="-" />
    </DataTable.Col>
    <DataTable.Col source="provider" disableSort />
    <DataTable.Col label="app.common.actions" disableSort>
      <ShowButton label="app.common.view" />
    </DataTable.Col>
  </ResourceList>
);
