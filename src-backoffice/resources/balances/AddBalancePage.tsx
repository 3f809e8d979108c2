import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  Confirm,
  FileField,
  FileInput,
  Form,
  HttpError,
  ListButton,
  NumberInput,
  SaveButton,
  TextInput,
  Title,
  TopToolbar,
  number,
  required,
  useBasename,
  useDataProvider,
  useGetOne,
  useLocaleState,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { BalanceRow } from '../../../src-shared/api/types';
import { centsToEuros, eurosToCents, formatEuros } from '../../../src-shared/money';
import { paymentReference } from '../../../src-shared/rules/funding';
import { errorText, fieldErrors } from '../../components/errors';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import { personName } from './people';

/** The server keeps proofs of at most 10 MB (JPEG, PNG or PDF). */
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;
const PROOF_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/pdf': ['.pdf'],
};

interface AddBalanceValues {
  amount?: number | null;
  note?: string;
  proof?: { rawFile?: File; title?: string } | null;
}

type BalanceRecord = BalanceRow & RaRecord;

/** Non-zero with at most two decimals (API contract: amounts cross as euros with two decimals). */
export const validateAmount = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const amount = Number(value);
  if (!Number.isFinite(amount)) return 'ra.validation.number';
  if (amount === 0) return 'app.balances.amount_not_zero';
  if (!/^-?\d+(\.\d{1,2})?$/.test(String(value))) return 'app.balances.amount_two_decimals';
  return undefined;
};

/** The balance after adding `amount` to `current` (euros, computed in cents), or null if unreadable. */
export function balanceAfter(current: unknown, amount: unknown): number | null {
  const from = eurosToCents(current);
  const change = eurosToCents(amount);
  return from === null || change === null ? null : centsToEuros(from + change);
}

/** One key per form: a second click, or a retry after a lost answer, credits once. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The form's values waiting for the admin's confirmation, and what the form's submit resolves to. */
interface Pending {
  values: AddBalanceValues;
  settle: (errors: Record<string, string> | undefined) => void;
}

/**
 * Admin add-balance form (spec 2.7 and 5): amount (required, step 0.01, negative deducts), note,
 * optional proof (JPEG, PNG or PDF), sent as multipart to POST /api/balances/add-balance/{userId}
 * after a confirmation that states the person, the amount and the new balance. One
 * `Idempotency-Key` per form; the proof's upload shows its progress. On success the balances (and
 * the histories) are read anew, so the list shows the new balance at once.
 */
export const AddBalancePage = () => {
  const { userId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const basename = useBasename();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale = 'en'] = useLocaleState();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const holder = useGetOne<BalanceRecord>('balances', { id: userId }, { enabled: userId !== '' });
  const idempotencyKey = useRef(newIdempotencyKey());
  const sending = useRef(false);
  const [isSending, setSending] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const stateUser = (location.state as { user?: BalanceRow['user'] } | null)?.user;
  const person = holder.data?.user ?? stateUser;
  const who = personName(person);
  const current = holder.data?.balance;
  const money = (euros: unknown) => formatEuros(euros, locale);

  /** A deduction may not take the balance below zero (the server refuses it too). */
  const notBelowZero = (value: unknown) => {
    const after = balanceAfter(current, value);
    if (after === null || after >= 0) return undefined;
    return { message: 'app.balances.below_zero', args: { balance: money(current) } };
  };

  // The submit waits for the confirmation: the form stays "submitting" (no second submit) meanwhile.
  const onSubmit = (values: Record<string, unknown>) =>
    new Promise<Record<string, string> | undefined>((settle) => {
      setProgress(null);
      setPending({ values: values as AddBalanceValues, settle });
    });

  const cancel = () => {
    if (sending.current) return;
    pending?.settle(undefined);
    setPending(null);
  };

  const send = async () => {
    if (!pending || sending.current) return;
    sending.current = true;
    setSending(true);
    const { amount, note, proof } = pending.values;
    const hasProof = Boolean(proof?.rawFile);
    setProgress(hasProof ? 0 : null);
    let errors: Record<string, string> | undefined;
    try {
      const answer = await dataProvider.addBalance(userId, {
        amount: amount ?? 0,
        note: note ?? '',
        proof: proof?.rawFile ?? null,
        idempotencyKey: idempotencyKey.current,
        onProgress: hasProof ? setProgress : undefined,
      });
      // This key has done its work; another credit needs a new form (and so a new key).
      idempotencyKey.current = newIdempotencyKey();
      notify('app.balances.updated_to', {
        type: 'success',
        messageArgs: { name: who, balance: money(answer.balance) },
      });
      // The lists read the new balance before they show again (react-query keys start with the resource).
      await queryClient.invalidateQueries({ queryKey: ['balances'], refetchType: 'all' });
      queryClient.removeQueries({ queryKey: ['balance-histories'] });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      navigate(`${basename}/balances`);
    } catch (error) {
      // The key stays: a refused request did not use it, and a request whose answer was lost must be
      // sent again with the same key so that it cannot credit twice.
      const code = error instanceof HttpError ? (error.body as { code?: string } | null)?.code : undefined;
      if (code === 'idempotency.key_reused') notify('app.balances.key_reused', { type: 'error' });
      else notify(errorText(error, 'app.error.generic'), { type: 'error' });
      errors = fieldErrors(error);
    } finally {
      sending.current = false;
      setSending(false);
      setProgress(null);
      pending.settle(errors);
      setPending(null);
    }
  };

  const pendingAmount = pending?.values.amount ?? 0;
  const after = pending ? balanceAfter(current, pendingAmount) : null;
  const proofName = pending?.values.proof?.rawFile?.name ?? pending?.values.proof?.title;
  const noteText = pending?.values.note?.trim();

  return (
    <Box>
      <Title title="app.balances.add_balance_title" />
      <TopToolbar>
        <ListButton resource="balances" />
      </TopToolbar>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {who
              ? translate('app.balances.add_balance_for', { name: who })
              : translate('app.balances.add_balance_title')}
          </Typography>
          {/* Issue 27: deposits arrive through the bank-statement import; this form corrects. */}
          <Alert severity="info" role="note" sx={{ mb: 2 }}>
            {translate('app.payments.add_balance_corrections')}
          </Alert>
          {holder.isPending ? (
            <LinearProgress aria-label={translate('ra.page.loading')} />
          ) : holder.error ? (
            <Alert severity="error">
              {(holder.error as { status?: number }).status === 404
                ? translate('app.balances.person_unknown')
                : translate(errorText(holder.error, 'app.balances.load_failed'))}
            </Alert>
          ) : (
            <>
              <Typography variant="body1" gutterBottom>
                {translate('app.balances.current_balance', { balance: money(current) })}
              </Typography>
              <Typography variant="body1" gutterBottom>
                {/* To match a bank transfer to this person: the reference on their funding page. */}
                {translate('app.balances.payment_reference', { reference: paymentReference(userId) })}
              </Typography>
              <Form onSubmit={onSubmit} defaultValues={{ amount: null, note: '', proof: null }}>
                <Stack spacing={1} sx={{ maxWidth: 480 }}>
                  <NumberInput
                    source="amount"
                    resource="balances"
                    step={0.01}
                    validate={[required(), number(), validateAmount, notBelowZero]}
                    helperText="app.balances.amount_help"
                  />
                  <TextInput source="note" resource="balances" multiline minRows={2} />
                  <FileInput
                    source="proof"
                    resource="balances"
                    accept={PROOF_TYPES}
                    maxSize={MAX_PROOF_BYTES}
                    multiple={false}
                    helperText="app.balances.proof_help"
                    // react-admin's label is a <span>, not the file input's <label>: name the input.
                    inputProps={{ 'aria-label': translate('resources.balances.fields.proof') }}
                    options={{
                      onDropRejected: () => notify('app.balances.proof_rejected', { type: 'error' }),
                    }}
                  >
                    <FileField source="src" title="title" />
                  </FileInput>
                  <Box>
                    <SaveButton label="app.balances.review" alwaysEnable={false} />
                  </Box>
                </Stack>
              </Form>
            </>
          )}
        </CardContent>
      </Card>
      <Confirm
        isOpen={pending !== null}
        loading={isSending}
        title="app.balances.confirm_title"
        content={
          <Stack spacing={1}>
            <Typography>
              {translate(
                Number(pendingAmount) < 0 ? 'app.balances.confirm_debit' : 'app.balances.confirm_credit',
                { amount: money(Math.abs(Number(pendingAmount))), name: who },
              )}
            </Typography>
            <Typography>
              {translate('app.balances.confirm_new_balance', {
                current: money(current),
                next: money(after),
              })}
            </Typography>
            {noteText ? (
              <Typography>{translate('app.balances.confirm_note', { note: noteText })}</Typography>
            ) : null}
            <Typography>
              {proofName
                ? translate('app.balances.confirm_proof', { file: proofName })
                : translate('app.balances.confirm_no_proof')}
            </Typography>
            {progress !== null ? (
              <Box>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(progress * 100)}
                  aria-label={translate('app.balances.upload_progress')}
                />
                <Typography variant="caption">
                  {translate('app.balances.uploading', { percent: Math.round(progress * 100) })}
                </Typography>
              </Box>
            ) : null}
          </Stack>
        }
        confirm="app.balances.confirm_send"
        onConfirm={() => void send()}
        onClose={cancel}
      />
    </Box>
  );
};
