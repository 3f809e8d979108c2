import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  DataTable,
  DateInput,
  defaultExporter,
  RecordContextProvider,
  SelectInput,
  TextInput,
  useListContext,
  useLocaleState,
  useTranslate,
  type Exporter,
  type RaRecord,
} from 'react-admin';
import { DateText, formatDate } from '../../components/DateText';
import { EmptyList } from '../../components/EmptyList';
import { ResourceList } from '../../components/ResourceList';
import { AuditChanges } from './AuditChanges';
import { actionChoices, targetTypeChoices, useAuditNames } from './auditNames';

/**
 * The actor (e-mail, or part of it), the action (one, or a family) and the day range are always
 * shown; the target type and id through "Add filter". `from` and `to` are days, both inclusive (UTC).
 */
export const auditFilters = [
  <TextInput key="actor" source="actor" alwaysOn />,
  <SelectInput key="action" source="action" choices={actionChoices} emptyText="app.filters.all" alwaysOn />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
  <SelectInput
    key="targetType"
    source="targetType"
    choices={targetTypeChoices}
    emptyText="app.filters.all"
  />,
  <TextInput key="targetId" source="targetId" />,
];

/** CSV: one line a row, `before` and `after` as JSON text (empty when the row has none). */
export const auditExporter: Exporter = (records, fetchRelated, dataProvider) => {
  const rows = (records as RaRecord[]).map((row) => ({
    at: row.at,
    actorEmail: row.actor?.email ?? '',
    actorRole: row.actor?.role ?? '',
    actorId: row.actor?.id ?? '',
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId ?? '',
    before: row.before ? JSON.stringify(row.before) : '',
    after: row.after ? JSON.stringify(row.after) : '',
    ip: row.ip ?? '',
    userAgent: row.userAgent ?? '',
  }));
  return defaultExporter(rows, fetchRelated, dataProvider, 'audit');
};

const empty = <EmptyList message="app.audit.none_found" />;

/** Who did what to what: the line of an audit row in a phone list and in a history. In one
 * record's history the target is that record, so it is left out (`withTarget: false`): a venture's
 * history had read "Venture reviewed · Venture aa207ff7-…" on every line. */
export function useAuditSummary({ withTarget = true }: { withTarget?: boolean } = {}) {
  const names = useAuditNames();
  const [locale = 'en'] = useLocaleState();
  return (record: RaRecord) => ({
    what: withTarget
      ? `${names.action(record.action)} · ${names.targetType(record.targetType)}${
          record.targetId ? ` ${String(record.targetId)}` : ''
        }`
      : names.action(record.action),
    who: `${String(record.actor?.email ?? '')} · ${formatDate(record.at, locale, true) ?? ''}`,
  });
}

/** At phone width: one line a row, opening (in place) to its before and after. */
export const AuditAccordions = ({ withTarget = true }: { withTarget?: boolean }) => {
  const { data, isPending } = useListContext();
  const summary = useAuditSummary({ withTarget });
  if (isPending) return null;
  if (!data || data.length === 0) return empty;
  return (
    <Box>
      {data.map((record) => {
        const { what, who } = summary(record);
        return (
          <Accordion
            key={String(record.id)}
            disableGutters
            square
            // A line of a list, not a heading (MUI's default h3 would skip levels: axe heading-order).
            slotProps={{ heading: { component: 'div' } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                  {what}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {who}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails sx={{ overflowX: 'auto' }}>
              <RecordContextProvider value={record}>
                <AuditChanges />
              </RecordContextProvider>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
};

/** The columns of the audit table (the list's and a history's); a row opens to its changes. */
export const useAuditColumns = ({ withTarget = true }: { withTarget?: boolean }) => {
  const names = useAuditNames();
  return [
    <DataTable.Col key="at" source="at" label="resources.audit.fields.at">
      <DateText source="at" showTime />
    </DataTable.Col>,
    <DataTable.Col
      key="actor"
      source="actor"
      label="resources.audit.fields.actor"
      disableSort
      render={(record: RaRecord) => String(record.actor?.email ?? '')}
    />,
    <DataTable.Col
      key="action"
      source="action"
      label="resources.audit.fields.action"
      disableSort
      render={(record: RaRecord) => names.action(record.action)}
    />,
    ...(withTarget
      ? [
          <DataTable.Col
            key="targetType"
            source="targetType"
            label="resources.audit.fields.targetType"
            disableSort
            render={(record: RaRecord) => names.targetType(record.targetType)}
          />,
          <DataTable.Col
            key="targetId"
            source="targetId"
            label="resources.audit.fields.targetId"
            disableSort
            render={(record: RaRecord) => String(record.targetId ?? '')}
          />,
        ]
      : []),
  ];
};

/**
 * Names the table's expand column: react-admin leaves its header cell without text (axe
 * empty-table-header), so a visually hidden "Changes" goes into it.
 */
export const NamedExpandHeader = ({ children }: { children: ReactNode }) => {
  const ref = useRef<HTMLDivElement>(null);
  const translate = useTranslate();
  const name = translate('app.audit.changes');
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    // The table appears after its rows load (a later render of the children): watch for it.
    const name_ = () => {
      for (const th of root.querySelectorAll('th.RaDataTable-expandHeader')) {
        if (th.querySelector('[data-expand-name]')) continue;
        const span = document.createElement('span');
        span.dataset.expandName = '';
        span.textContent = name;
        Object.assign(span.style, {
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        });
        th.appendChild(span);
      }
    };
    name_();
    const observer = new MutationObserver(name_);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [name]);
  return <div ref={ref}>{children}</div>;
};

/** Every admin change, newest first (GET /api/admin/audit); a row opens to its before and after. */
export const AuditList = () => {
  const columns = useAuditColumns({});
  return (
    <NamedExpandHeader>
      <ResourceList
        filters={auditFilters}
        sort={{ field: 'at', order: 'DESC' }}
        loadFailed="app.audit.load_failed"
        empty={empty}
        exporter={auditExporter}
        phoneList={<AuditAccordions />}
        table={{ rowClick: 'expand', expand: <AuditChanges />, expandSingle: false }}
      >
        {columns}
      </ResourceList>
    </NamedExpandHeader>
  );
};
