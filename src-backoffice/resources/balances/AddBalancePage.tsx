import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  FileField,
  FileInput,
  Form,
  ListButton,
  NumberInput,
  TextInput,
  Title,
  TopToolbar,
  number,
  required,
  useBasename,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import { errorText, fieldErrors } from '../../components/errors';

interface AddBalanceValues {
  amount?: number | null;
  note?: string;
  proof?: { rawFile?: File } | null;
}

/** Non-zero with at most two decimals (API contract: amounts cross as euros with two decimals). */
export const validateAmount = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const amount = Number(value);
  if (!Number.isFinite(amount)) return 'ra.validation.number';
  if (amount === 0) return 'app.balances.amount_not_zero';
  if (!/^-?\d+(\.\d{1,2})?$/.test(String(value))) return 'app.balances.amount_two_decimals';
  return undefined;
};

/**
 * Admin add-balance form (spec 2.7 and 5): amount (required, step 0.01, negative deducts), note,
 * optional proof (image or PDF), sent as multipart to POST /api/balances/add-balance/{userId}.
 */
export const AddBalancePage = () => {
  const { userId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const basename = useBasename();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [saving, setSaving] = useState(false);
  const user = (location.state as { user?: { firstName?: string; lastName?: string; email?: string } } | null)
    ?.user;
  const who = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email : undefined;

  const onSubmit = async (values: Record<string, unknown>) => {
    const { amount, note, proof } = values as AddBalanceValues;
    setSaving(true);
    try {
      await dataProvider.addBalance(userId, {
        amount: amount ?? 0,
        note: note ?? '',
        proof: proof?.rawFile ?? null,
      });
      notify('app.balances.updated', { type: 'success' });
      navigate(`${basename}/balances`);
    } catch (error) {
      notify(errorText(error, 'app.error.generic'), { type: 'error' });
      return fieldErrors(error);
    } finally {
      setSaving(false);
    }
  };

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
          <Form onSubmit={onSubmit} defaultValues={{ amount: null, note: '', proof: null }}>
            <Stack spacing={1} sx={{ maxWidth: 480 }}>
              <NumberInput
                source="amount"
                resource="balances"
                step={0.01}
                validate={[required(), number(), validateAmount]}
                helperText="app.balances.amount_help"
              />
              <TextInput source="note" resource="balances" multiline minRows={2} />
              <FileInput
                source="proof"
                resource="balances"
                accept={{ 'image/*': [], 'application/pdf': [] }}
                multiple={false}
                helperText="app.balances.proof_help"
              >
                <FileField source="src" title="title" />
              </FileInput>
              <Box>
                <Button type="submit" variant="contained" disabled={saving}>
                  {translate('ra.action.save')}
                </Button>
              </Box>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
};
