import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';

type Values = Record<string, unknown> | null | undefined;

/** A value as text: strings as they are, anything else as JSON; absent as a dash. */
export function auditValue(value: unknown): string {
  if (value === undefined || value === null) return '-';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Every field of `before` and `after`, in the order they first appear. */
export function changedKeys(before: Values, after: Values): string[] {
  return [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
}

/**
 * One audit row opened: each field with its value before and after the change side by side, then
 * who made it from where (IP address and browser).
 */
export const AuditChanges = ({ record: given }: { record?: RaRecord }) => {
  const context = useRecordContext();
  const record = given ?? context;
  const translate = useTranslate();
  if (!record) return null;
  const before = record.before as Values;
  const after = record.after as Values;
  const keys = changedKeys(before, after);
  return (
    <div>
      {keys.length === 0 ? (
        <Typography variant="body2">{translate('app.audit.no_values')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('app.audit.changes')} sx={{ maxWidth: 900 }}>
          <TableHead>
            <TableRow>
              <TableCell component="th">{translate('app.audit.field')}</TableCell>
              <TableCell component="th">{translate('resources.audit.fields.before')}</TableCell>
              <TableCell component="th">{translate('resources.audit.fields.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.map((key) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row">
                  {key}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{auditValue(before?.[key])}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{auditValue(after?.[key])}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, wordBreak: 'break-word' }}>
        {translate('resources.audit.fields.ip')}: {auditValue(record.ip)} ·{' '}
        {translate('resources.audit.fields.userAgent')}: {auditValue(record.userAgent)}
      </Typography>
    </div>
  );
};
