import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Alert, DialogContentText, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  Button,
  Form,
  ReferenceInput,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { BalanceRow } from '../../../src-shared/api/types';
import { formatEuros } from '../../../src-shared/money';
import { errorText } from '../../components/errors';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { StatementEntryRow } from '../../providers/resources/payments';
import { personName, userOptionText } from '../balances/people';
import { ActionDialog } from '../../components/ActionDialog';
import { isAssignable } from './assignable';

type Row = StatementEntryRow & RaRecord;

/** A balances row (an investor or a company) as the autocomplete's choice: "Ann Lee (ann@example.com)". */
export const balanceOptionText = (record: RaRecord | undefined) => userOptionText(record?.user as RaRecord);

/**
 * Credits an unmatched entry to a person: the person (an autocomplete over the investors and
 * companies, who are the rows of `balances`, searched by name or e-mail) and a note, then the review
 * line "Credit EUR X to NAME", then POST /api/admin/bank-statements/entries/{id}/assign and a
 * notification. Only on entries the server can assign (a credit in euros, not returned).
 */
export const AssignButton = (_props: { label?: string }) => {
  const record = useRecordContext<Row>();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale = 'en'] = useLocaleState();
  const [open, setOpen] = useState(false);
  const [review, setReview] = useState(false);
  const [pending, setPending] = useState(false);
  const [person, setPerson] = useState<{ id: string; name: string } | null>(null);
  const [personError, setPersonError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  if (!record || !isAssignable(record)) return null;

  const amount = formatEuros(record.amount, locale);
  const close = () => {
    if (pending) return;
    setOpen(false);
    setReview(false);
    setPerson(null);
    setPersonError(null);
    setNote('');
  };
  const toReview = () => {
    if (!person) {
      setPersonError(translate('app.payments.assign.person_required'));
      return;
    }
    setReview(true);
  };
  const send = async () => {
    if (!person) return;
    setPending(true);
    try {
      await dataProvider.assignStatementEntry(record.id, { userId: person.id, note });
      notify('app.payments.assign.done', { type: 'success', messageArgs: { amount, name: person.name } });
      setPending(false);
      close();
      refresh();
    } catch (error) {
      notify(errorText(error, 'app.error.generic'), { type: 'error' });
      setPending(false);
      setReview(false);
    }
  };

  return (
    <>
      <Button
        label="app.payments.assign.button"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <PersonAddIcon />
      </Button>
      <ActionDialog
        open={open}
        title={translate('app.payments.assign.title', { amount })}
        pending={pending}
        done={false}
        confirmLabel={translate(review ? 'app.payments.assign.confirm' : 'app.payments.continue')}
        onClose={close}
        onConfirm={review ? send : toReview}
      >
        {review && person ? (
          <Stack spacing={1}>
            <DialogContentText>
              {translate('app.payments.assign.review', { amount, name: person.name })}
            </DialogContentText>
            {note.trim() ? (
              <DialogContentText>
                {translate('app.payments.assign.review_note', { note: note.trim() })}
              </DialogContentText>
            ) : null}
          </Stack>
        ) : (
          <Stack spacing={1}>
            <DialogContentText>
              {translate('app.payments.assign.intro', {
                name: record.name ?? '-',
                remittance: record.remittance ?? '-',
              })}
            </DialogContentText>
            <Form
              defaultValues={{ userId: person?.id ?? null }}
              onSubmit={() => undefined}
              noValidate
              id={`assign-${String(record.id)}`}
            >
              <ReferenceInput source="userId" reference="balances">
                <AutocompleteInput
                  label="app.payments.assign.person"
                  optionText={balanceOptionText}
                  filterToQuery={(text: string) => ({ search: text })}
                  helperText="app.payments.assign.person_help"
                  fullWidth
                  onChange={(value: unknown, choice: RaRecord | '') => {
                    setPersonError(null);
                    const row = choice === '' ? undefined : (choice as BalanceRow & RaRecord);
                    setPerson(value && row ? { id: String(value), name: personName(row.user) } : null);
                  }}
                />
              </ReferenceInput>
            </Form>
            {personError ? (
              <Alert severity="error" role="alert">
                {personError}
              </Alert>
            ) : null}
            <TextField
              label={translate('app.payments.assign.note')}
              helperText={translate('app.payments.assign.note_help')}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        )}
      </ActionDialog>
    </>
  );
};
