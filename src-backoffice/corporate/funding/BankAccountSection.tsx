import { Alert, Box, Button, DialogContentText, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { HOLDER_NAME_MAX } from '../../../src-shared/contracts/payments';
import { formatDate } from '../../components/DateText';
import { errorText, fieldErrors } from '../../components/errors';
import { LabelledValue } from '../../components/LabelledValue';
import { ActionDialog } from '../../components/ActionDialog';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import { bankAccountKey } from './queries';

type Errors = { iban?: string; holderName?: string };

/** The registered account: the IBAN masked but its last four, the holder, and whether withdrawals wait. */
export const BankAccountSummary = () => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: bankAccountKey,
    queryFn: () => dataProvider.getBankAccount(),
  });
  if (isPending) return <Skeleton variant="rectangular" height={48} />;
  if (error)
    return (
      <Alert severity="error" role="alert">
        {translate('app.payments.bank.load_failed')}
      </Alert>
    );
  if (!data)
    return (
      <Alert severity="info" role="note">
        {translate('app.payments.bank.none')}
      </Alert>
    );
  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <LabelledValue label="app.payments.bank.iban">
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {data.iban}
          </Box>
        </LabelledValue>
        <LabelledValue label="app.payments.bank.holder" breakAnywhere>
          {data.holderName}
        </LabelledValue>
      </Box>
      {data.verified ? null : (
        <Alert severity="warning" role="note">
          {translate('app.payments.bank.held_until', {
            date: formatDate(data.heldUntil, locale, true) ?? '-',
          })}
        </Alert>
      )}
    </Stack>
  );
};

/**
 * The company's bank account for withdrawals (GET and PUT /api/payments/bank-account): what is
 * registered (masked), and the form to register or change it. Changing a registered IBAN first asks
 * for a confirmation: withdrawals are then held for 24 hours of business time and an e-mail is sent
 * (decision 0133). The server checks the IBAN (400 `payments.invalid_iban`,
 * `payments.iban_not_sepa`): its message shows under the field, in the reader's language.
 */
export const BankAccountSection = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { data: current } = useQuery({
    queryKey: bankAccountKey,
    queryFn: () => dataProvider.getBankAccount(),
  });
  const [iban, setIban] = useState('');
  const [holderName, setHolderName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);

  const check = (): boolean => {
    const next: Errors = {};
    if (iban.trim() === '') next.iban = translate('app.payments.bank.iban_required');
    if (holderName.trim() === '') next.holderName = translate('app.payments.bank.holder_required');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await dataProvider.setBankAccount({ iban, holderName });
      queryClient.setQueryData(bankAccountKey, saved);
      notify(saved.verified ? 'app.payments.bank.saved' : 'app.payments.bank.saved_held', {
        type: 'success',
      });
      setIban('');
      setHolderName('');
      setErrors({});
    } catch (error) {
      const fields = fieldErrors(error) ?? {};
      setErrors({ iban: fields.iban, holderName: fields.holderName });
      notify(errorText(error, 'app.error.generic'), { type: 'error' });
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    // A change of a registered account holds withdrawals: say so before it is made.
    if (current) setConfirming(true);
    else void save();
  };

  return (
    <Box component="section" aria-labelledby="bank-account-title">
      <Typography variant="h6" component="h2" id="bank-account-title" gutterBottom>
        {translate('app.payments.bank.title')}
      </Typography>
      <Stack spacing={2}>
        <Typography variant="body2">{translate('app.payments.bank.intro')}</Typography>
        {/* Always mounted, with its own skeleton: mounting it only once the section's query had
            settled made a failed query refetch at each mount, which unmounted it again (a loop). */}
        <BankAccountSummary />
        <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 560 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            {translate(current ? 'app.payments.bank.change' : 'app.payments.bank.register')}
          </Typography>
          <Stack spacing={1}>
            <TextField
              label={translate('app.payments.bank.iban')}
              value={iban}
              onChange={(event) => {
                setIban(event.target.value);
                setErrors((e) => ({ ...e, iban: undefined }));
              }}
              required
              fullWidth
              autoComplete="off"
              error={Boolean(errors.iban)}
              helperText={errors.iban ?? translate('app.payments.bank.iban_help')}
              slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
            />
            <TextField
              label={translate('app.payments.bank.holder')}
              value={holderName}
              onChange={(event) => {
                setHolderName(event.target.value);
                setErrors((e) => ({ ...e, holderName: undefined }));
              }}
              required
              fullWidth
              autoComplete="name"
              error={Boolean(errors.holderName)}
              helperText={errors.holderName ?? translate('app.payments.bank.holder_help')}
              slotProps={{ htmlInput: { maxLength: HOLDER_NAME_MAX } }}
            />
            {current ? (
              <Alert severity="warning" role="note">
                {translate('app.payments.bank.change_warning')}
              </Alert>
            ) : null}
            <Box>
              <Button type="submit" variant="contained" disabled={saving}>
                {translate(current ? 'app.payments.bank.save_change' : 'app.payments.bank.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Stack>
      <ActionDialog
        open={confirming}
        title={translate('app.payments.bank.confirm_title')}
        pending={saving}
        done={false}
        confirmLabel={translate('app.payments.bank.confirm')}
        onClose={() => setConfirming(false)}
        onConfirm={save}
      >
        <DialogContentText>{translate('app.payments.bank.confirm_text')}</DialogContentText>
      </ActionDialog>
    </Box>
  );
};
