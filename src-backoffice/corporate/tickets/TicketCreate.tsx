import { Typography } from '@mui/material';
import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import {
  Create,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
  useI18nProvider,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ticketFieldErrors } from '../../../src-shared/rules/tickets';
import { enumChoices } from '../../components/choices';
import { errorText } from '../../components/errors';

const ComplaintHint = () => {
  const translate = useTranslate();
  const category = useWatch({ name: 'category' }) as string | undefined;
  if (category !== 'complaint') return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {translate('app.tickets.complaint_hint')}
    </Typography>
  );
};

const Intro = () => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {translate('app.tickets.new_intro')}
    </Typography>
  );
};

/**
 * New support ticket (POST /api/tickets): subject, category and the first message. The server's
 * field errors land on the inputs; on 'Ticket created.' the ticket's page opens.
 */
export const TicketCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const i18n = (useI18nProvider() as { i18n?: I18n }).i18n;
  // The server's own rules, each message translated by its code (the `errors` namespace).
  const validate = useCallback(
    (values: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(ticketFieldErrors(values)).map(([field, code]) => [
          field,
          i18n ? i18n.t(code, { ns: 'errors' }) : code,
        ]),
      ),
    [i18n],
  );
  return (
    <Create
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          notify('app.tickets.created', { type: 'success' });
          redirect('show', 'tickets', data.id);
        },
        onError: (error: unknown) =>
          notify(errorText(error, 'app.notification.save_failed'), { type: 'error' }),
      }}
    >
      <SimpleForm validate={validate}>
        <Intro />
        <TextInput source="subject" fullWidth />
        <SelectInput source="category" choices={enumChoices('ticketCategory')} />
        <ComplaintHint />
        <TextInput source="message" multiline minRows={5} fullWidth />
      </SimpleForm>
    </Create>
  );
};
