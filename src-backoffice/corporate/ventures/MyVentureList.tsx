import { Link as MuiLink } from '@mui/material';
import {
  CreateButton,
  DataTable,
  SimpleList,
  useCreatePath,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { DateText } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { ResourceList } from '../../components/ResourceList';
import { EnumField } from '../../components/EnumField';
import { FundingField } from '../../components/FundingField';
import { formatEuros } from '../../../src-shared/money';
import { CreateOnlyActions } from '../../components/ListActions';
import type { VentureRecord } from '../../resources/ventures/ventureRecord';
import { PercentField } from '../../components/PercentField';
import { CorporateStatusChips, corporateStatusText } from './CorporateStatusChips';

/** The title, linking to the venture page. */
const TitleLink = (_props: { label?: string }) => {
  const record = useRecordContext<{ id: string; title?: string }>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource: 'ventures', type: 'show', id: record.id })}
      onClick={(event) => event.stopPropagation()}
    >
      {record.title}
    </MuiLink>
  );
};

const empty = (
  <EmptyList message="app.corporate.ventures.empty">
    <CreateButton label="app.corporate.ventures.create" variant="contained" />
  </EmptyList>
);

/** A phone's list: one line per venture (title; type, status, risk; funded of the target). */
const PhoneList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <SimpleList<VentureRecord>
      linkType="show"
      primaryText={(record) => record.title}
      secondaryText={(record) =>
        [
          translate(`app.enums.ventureType.${record.ventureType}`),
          corporateStatusText(translate, record),
          translate(`app.enums.riskLevel.${record.riskLevel}`),
        ].join(' · ')
      }
      tertiaryText={(record) =>
        `${formatEuros(record.amountFunded ?? 0, locale)} / ${formatEuros(record.targetAmount, locale)}`
      }
      rowSx={() => ({ borderBottom: 1, borderColor: 'divider' })}
      empty={empty}
    />
  );
};

/**
 * My Ventures (spec 2.6): title, type, status (where the venture is, the review secondary: issue 30,
 * decision 0201), funding funded/target in EUR, return %,
 * risk, created; a Create Venture button. The API returns all own ventures; sorting and paging
 * happen in the dataProvider. Spec 2.6 labels the funding column PKR; money is euros everywhere on
 * this platform (API contract), so the column shows EUR. A phone gets a one-column list.
 */
export const MyVentureList = () => (
  <ResourceList
    title="app.menu.my_ventures"
    actions={<CreateOnlyActions label="app.corporate.ventures.create" />}
    sort={{ field: 'createdAt', order: 'DESC' }}
    exporter={false}
    loadFailed="app.corporate.ventures.load_failed"
    empty={empty}
    phoneList={<PhoneList />}
  >
    <DataTable.Col source="title">
      <TitleLink />
    </DataTable.Col>
    <DataTable.Col source="ventureType">
      <EnumField source="ventureType" enumName="ventureType" />
    </DataTable.Col>
    <DataTable.Col source="status" label="resources.ventures.fields.status" disableSort>
      <CorporateStatusChips />
    </DataTable.Col>
    <DataTable.Col source="amountFunded" label="resources.ventures.fields.funding">
      <FundingField />
    </DataTable.Col>
    <DataTable.Col source="expectedReturn">
      <PercentField source="expectedReturn" />
    </DataTable.Col>
    <DataTable.Col source="riskLevel">
      <EnumField source="riskLevel" enumName="riskLevel" />
    </DataTable.Col>
    <DataTable.Col source="createdAt">
      <DateText source="createdAt" />
    </DataTable.Col>
  </ResourceList>
);
