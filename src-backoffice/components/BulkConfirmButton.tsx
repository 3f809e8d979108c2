import { Alert, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Button, useListContext, useRefresh, useTranslate, useUnselectAll, type RaRecord } from 'react-admin';
import { ActionDialog } from './ActionDialog';
import { errorText } from './errors';

/** What happened to one selected record: done, skipped (with why), or refused by the server. */
interface Outcome {
  id: RaRecord['id'];
  name: string;
  result: 'done' | 'skipped' | 'failed';
  reason?: string;
}

export interface BulkConfirmButtonProps {
  /** The button's catalog key (also the dialog's confirm button). */
  label: string;
  icon: ReactElement;
  /** The primary colour by default: the error red fails contrast on the selection toolbar's tint (axe). */
  color?: 'primary' | 'error' | 'warning' | 'success';
  /** The dialog's title, a catalog key given `%{count}`. */
  title: string;
  /** What the dialog says above the list of names, a catalog key given `%{count}`. */
  content: string;
  /** How a selected record is named in the dialog (a person's name, a venture's title). */
  nameOf: (record: RaRecord) => string;
  /** A catalog key when this record is left alone (already in the asked state...), else null. */
  skipReason?: (record: RaRecord) => string | null;
  /** Notes typed in the dialog and passed to `run`; `required` keeps the confirm off until typed. */
  notes?: { label: string; required: boolean };
  /** The change for one record; a thrown error (the server's refusal) is shown beside its name. */
  run: (record: RaRecord, notes: string) => Promise<unknown>;
  /** Runs once for all records instead of one `run` each (an export): no receipt, the dialog closes. */
  runAll?: (records: RaRecord[]) => Promise<unknown>;
}

/**
 * A bulk action of a list (issue 30): the selected records named in a confirmation (ActionDialog),
 * then the change made one record at a time through the same API call as on a single record (so
 * every server rule holds for each), and a receipt naming what was done, skipped or refused. Closing
 * the receipt clears the selection and reloads the list.
 */
export const BulkConfirmButton = ({
  label,
  icon,
  color = 'primary',
  title,
  content,
  nameOf,
  skipReason,
  notes,
  run,
  runAll,
}: BulkConfirmButtonProps) => {
  const translate = useTranslate();
  const { selectedIds, data = [], resource } = useListContext();
  const unselectAll = useUnselectAll(resource);
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [text, setText] = useState('');
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const selected = data.filter((record) => selectedIds.includes(record.id));
  const count = selected.length;

  const close = () => {
    if (pending) return;
    const changed = outcomes?.some((o) => o.result === 'done');
    setOpen(false);
    setOutcomes(null);
    setFailure(null);
    setText('');
    if (changed) {
      unselectAll();
      refresh();
    }
  };

  const confirm = async () => {
    setPending(true);
    setFailure(null);
    try {
      if (runAll) {
        await runAll(selected);
        setOpen(false);
        return;
      }
      const results: Outcome[] = [];
      for (const record of selected) {
        const name = nameOf(record);
        const skip = skipReason?.(record) ?? null;
        if (skip) {
          results.push({ id: record.id, name, result: 'skipped', reason: translate(skip) });
          continue;
        }
        try {
          await run(record, text.trim());
          results.push({ id: record.id, name, result: 'done' });
        } catch (error) {
          results.push({
            id: record.id,
            name,
            result: 'failed',
            reason: translate(errorText(error, 'app.notification.save_failed')),
          });
        }
      }
      setOutcomes(results);
    } catch (error) {
      setFailure(translate(errorText(error, 'app.notification.save_failed')));
    } finally {
      setPending(false);
    }
  };

  const done = outcomes !== null;
  const tally = (result: Outcome['result']) => outcomes?.filter((o) => o.result === result).length ?? 0;
  return (
    <>
      <Button label={label} color={color} onClick={() => setOpen(true)} disabled={count === 0}>
        {icon}
      </Button>
      <ActionDialog
        open={open}
        title={translate(title, { count, smart_count: count })}
        confirmLabel={translate(label)}
        pending={pending}
        done={done}
        disabled={count === 0 || (notes?.required === true && text.trim() === '')}
        onClose={close}
        onConfirm={confirm}
      >
        {done ? (
          <Typography role="status" gutterBottom>
            {translate('app.bulk.receipt', {
              done: tally('done'),
              skipped: tally('skipped'),
              failed: tally('failed'),
            })}
          </Typography>
        ) : (
          <Typography gutterBottom>{translate(content, { count, smart_count: count })}</Typography>
        )}
        <List dense aria-label={translate('app.bulk.selected')} sx={{ maxHeight: 240, overflowY: 'auto' }}>
          {(outcomes ?? selected.map((record) => ({ id: record.id, name: nameOf(record) }) as Outcome)).map(
            (row) => (
              <ListItem key={String(row.id)} disableGutters>
                <ListItemText
                  primary={row.name}
                  secondary={
                    row.result
                      ? `${translate(`app.bulk.result_${row.result}`)}${row.reason ? `: ${row.reason}` : ''}`
                      : undefined
                  }
                  secondaryTypographyProps={{
                    color: row.result === 'failed' ? 'error' : 'text.secondary',
                  }}
                />
              </ListItem>
            ),
          )}
        </List>
        {notes && !done ? (
          <TextField
            label={translate(notes.label)}
            value={text}
            onChange={(event) => setText(event.target.value)}
            required={notes.required}
            multiline
            minRows={2}
            fullWidth
            disabled={pending}
            sx={{ mt: 1 }}
          />
        ) : null}
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        ) : null}
      </ActionDialog>
    </>
  );
};
