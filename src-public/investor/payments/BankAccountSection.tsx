import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOLDER_NAME_MAX } from '../../../src-shared/contracts/payments';
import type { ErrorCode } from '../../../src-shared/errors';
import { translateFieldErrors } from '../../../src-shared/i18n/errors';
import { ibanProblem } from '../../../src-shared/rules/payments';
import { useAuth } from '../../auth/session/AuthProvider';
import { errorProps } from '../../auth/form/useForm';
import { failureText, translateRule } from '../../lib/errors';
import { formatMoment } from '../reflection';
import { useBankAccount, useSaveBankAccount, type BankAccount, type BankAccountInput } from './api';
import { Line } from './parts';

type Field = keyof BankAccountInput;
type Problems = Partial<Record<Field, string>>;

/** The form's own checks, with the server's codes (src-shared/rules/payments.ts, the contract's limits). */
function problemsOf(values: BankAccountInput): Problems {
  const problems: Problems = {};
  const iban = values.iban.trim();
  if (!iban) problems.iban = 'payments.bank.ibanRequired';
  else {
    const problem = ibanProblem(iban);
    if (problem) problems.iban = problem;
  }
  const holder = values.holderName.trim();
  if (!holder) problems.holderName = 'payments.holder_name_required';
  else if (holder.length > HOLDER_NAME_MAX) problems.holderName = 'payments.holder_name_too_long';
  return problems;
}

/**
 * The profile's "Bank account" section (issue 27; decision 0145), `#bank-account`: the registered
 * account from GET /api/payments/bank-account (IBAN masked but the last 4, the holder, verified or
 * held until when), and the form to register or change it (PUT /api/payments/bank-account). The
 * IBAN is checked with the server's rule (ISO 13616 check digits, country format, a SEPA country)
 * before sending; the server's field refusals show on their fields. Changing a registered account
 * first warns that a new IBAN holds withdrawals for 24 hours and sends an e-mail.
 */
export function BankAccountSection() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const query = useBankAccount();
  const account = query.data ?? null;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState('');
  const section = useRef<HTMLElement>(null);

  // Reached from the withdraw panel's link (/user/profile#bank-account): scroll there, focus it.
  useEffect(() => {
    if (hash !== '#bank-account' || query.isPending) return;
    const element = section.current;
    element?.scrollIntoView?.({ block: 'start' });
    element?.focus({ preventScroll: true });
  }, [hash, query.isPending]);

  const formOpen = editing || (query.isSuccess && !account);

  return (
    <Paper
      variant="outlined"
      component="section"
      id="bank-account"
      ref={section}
      tabIndex={-1}
      aria-labelledby="bank-account-title"
      sx={{ p: { xs: 2, md: 3 }, mt: 3, outline: 'none' }}
    >
      <Typography id="bank-account-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('payments.bank.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('payments.bank.intro')}
      </Typography>
      <Typography role="status" sx={{ mb: saved ? 2 : 0 }}>
        {saved}
      </Typography>
      {query.isPending ? (
        <Typography role="status" color="text.secondary">
          {t('payments.bank.loading')}
        </Typography>
      ) : query.isError ? (
        <Alert severity="error" role="status">
          {t('payments.bank.loadFailed')}
        </Alert>
      ) : (
        <>
          {account ? <AccountFacts account={account} /> : null}
          {formOpen ? (
            <BankAccountForm
              existing={account}
              onCancel={account ? () => setEditing(false) : undefined}
              onSaved={(message) => {
                setSaved(message);
                setEditing(false);
              }}
            />
          ) : (
            <Button
              variant="outlined"
              onClick={() => {
                setSaved('');
                setEditing(true);
              }}
              sx={{ mt: 2 }}
            >
              {t('payments.bank.change')}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}

function AccountFacts({ account }: { account: BankAccount }) {
  const { t, i18n } = useTranslation();
  const held = !account.verified && account.heldUntil;
  return (
    <Box
      component="dl"
      aria-label={t('payments.bank.current')}
      sx={{ display: 'grid', gap: 1, m: 0, maxWidth: 520 }}
    >
      <Line label={t('payments.bank.iban')}>
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {account.iban}
        </Box>
      </Line>
      <Line label={t('payments.bank.holder')}>{account.holderName}</Line>
      <Line label={t('payments.bank.status')}>
        {held
          ? t('payments.bank.heldUntil', { date: formatMoment(account.heldUntil, i18n.language) })
          : t('payments.bank.verified')}
      </Line>
    </Box>
  );
}

function BankAccountForm({
  existing,
  onCancel,
  onSaved,
}: {
  existing: BankAccount | null;
  onCancel?: () => void;
  onSaved: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const { mutateAsync, isPending } = useSaveBankAccount();
  const [values, setValues] = useState<BankAccountInput>(() => ({
    iban: '',
    holderName: existing?.holderName ?? [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim(),
  }));
  const [errors, setErrors] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [warning, setWarning] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const focusFirst = (fields: string[]) => {
    const name = (['iban', 'holderName'] as const).find((field) => fields.includes(field));
    if (name) form.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
  };

  const save = async () => {
    setWarning(false);
    setFailure(null);
    try {
      const account = await mutateAsync({ iban: values.iban.trim(), holderName: values.holderName.trim() });
      onSaved(
        !account.verified && account.heldUntil
          ? t('payments.bank.savedHeld', { date: formatMoment(account.heldUntil, i18n.language) })
          : t('payments.bank.saved'),
      );
    } catch (caught) {
      const fields = translateFieldErrors(i18n, caught);
      setErrors(fields);
      if (Object.keys(fields).length > 0) focusFirst(Object.keys(fields));
      else setFailure(failureText(i18n, caught, { fallback: t('payments.bank.failed') }));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(values);
    if (Object.keys(problems).length > 0) {
      setErrors(
        Object.fromEntries(
          Object.entries(problems).map(([field, code]) => [
            field,
            code === 'payments.bank.ibanRequired'
              ? t(code)
              : translateRule(i18n, { code: code as ErrorCode }),
          ]),
        ),
      );
      focusFirst(Object.keys(problems));
      return;
    }
    // A change of a registered account is warned about first (decision 0133: hold and e-mail).
    if (existing) setWarning(true);
    else void save();
  };

  return (
    <Box
      component="form"
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={existing ? t('payments.bank.changeForm') : t('payments.bank.registerTitle')}
      sx={{ mt: 2 }}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 7 }}>
          <TextField
            name="iban"
            label={t('payments.bank.ibanLabel')}
            value={values.iban}
            onChange={set('iban')}
            required
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
            {...(errors.iban ? errorProps(errors.iban) : { helperText: t('payments.bank.ibanHint') })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextField
            name="holderName"
            label={t('payments.bank.holderLabel')}
            value={values.holderName}
            onChange={set('holderName')}
            required
            fullWidth
            autoComplete="name"
            {...errorProps(errors.holderName)}
          />
        </Grid>
      </Grid>
      {failure ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={isPending}>
          {isPending ? t('payments.bank.saving') : t('payments.bank.save')}
        </Button>
        {onCancel ? (
          <Button onClick={onCancel} disabled={isPending}>
            {t('payments.bank.cancel')}
          </Button>
        ) : null}
      </Box>
      <Dialog
        open={warning}
        onClose={() => setWarning(false)}
        maxWidth="xs"
        aria-labelledby="bank-change-title"
        aria-describedby="bank-change-text"
      >
        <DialogTitle id="bank-change-title">{t('payments.bank.changeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="bank-change-text">{t('payments.bank.changeText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setWarning(false)}>{t('payments.bank.cancel')}</Button>
          <Button variant="contained" onClick={() => void save()}>
            {t('payments.bank.changeConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
