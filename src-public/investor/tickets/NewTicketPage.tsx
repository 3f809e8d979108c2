import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TICKET_CATEGORIES, type TicketCategory } from '../../../src-shared/constants/enums';
import { ticketFieldErrors, TICKET_LIMITS, type TicketField } from '../../../src-shared/rules/tickets';
import { Field } from '../../auth/form/fields';
import { useForm } from '../../auth/form/useForm';
import { useFormProblems } from '../../auth/form/useFormProblems';
import { FailureAlert } from '../../components/FailureAlert';
import { Page } from '../../components/Page';
import { useToast } from '../../components/ToastProvider';
import { ticketKey } from '../dashboardParts';
import { useCreateTicket } from './api';

const FIELD_ORDER: TicketField[] = ['subject', 'category', 'message'];

interface Values {
  subject: string;
  category: TicketCategory | '';
  message: string;
}

/**
 * The form's first values from the address: `category`, `subject` and `message` (withdrawals have
 * their own form on the funding page since issue 27, so `amount` prefills nothing any more).
 */
export function prefill(params: URLSearchParams): Values {
  const category = params.get('category');
  return {
    category: (TICKET_CATEGORIES as readonly string[]).includes(category ?? '')
      ? (category as TicketCategory)
      : '',
    subject: (params.get('subject') ?? '').slice(0, TICKET_LIMITS.subject),
    message: (params.get('message') ?? '').slice(0, TICKET_LIMITS.message),
  };
}

/**
 * /user/tickets/new: subject, category and the first message, checked as the server checks them
 * (each message translated by its code, the server's too); on success the ticket's page opens.
 */
export function NewTicketPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { mutateAsync: create, isPending } = useCreateTicket();
  const { values, bind, set, setErrors, errorOf } = useForm<Values>(() => prefill(params));
  const [failure, setFailure] = useState<string | null>(null);

  const problemsShown = useFormProblems(FIELD_ORDER, 'ticket', setErrors, setFailure);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (problemsShown.refused(ticketFieldErrors(values))) return;
    try {
      const ticket = await create({
        subject: values.subject.trim(),
        category: values.category as TicketCategory,
        message: values.message.trim(),
      });
      toast.success(t('investor.ticketPages.created', { number: ticket.number }));
      navigate(`/user/tickets/${encodeURIComponent(ticket._id)}`);
    } catch (error) {
      problemsShown.failed(error, t('investor.ticketPages.createFailed'));
    }
  };

  return (
    <Page title={t('investor.ticketPages.newTitle')} intro={t('investor.ticketPages.newIntro')} maxWidth="md">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, mt: 3 }}>
        <Field
          {...bind('subject', t('investor.ticketPages.subject'))}
          id="ticket-subject"
          required
          disabled={isPending}
          slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.subject } }}
        />
        <Field
          select
          id="ticket-category"
          name="category"
          label={t('investor.ticketPages.category')}
          value={values.category}
          onChange={(event) => set('category', event.target.value as TicketCategory)}
          required
          disabled={isPending}
          {...errorOf('category')}
        >
          {TICKET_CATEGORIES.map((category) => (
            <MenuItem key={category} value={category}>
              {t(ticketKey('category', category))}
            </MenuItem>
          ))}
        </Field>
        {values.category === 'complaint' ? (
          <Typography variant="body2" color="text.secondary">
            {t('investor.ticketPages.complaintHint')}
          </Typography>
        ) : null}
        <Field
          {...bind('message', t('investor.ticketPages.message'))}
          id="ticket-message"
          required
          multiline
          minRows={6}
          disabled={isPending}
          slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.message } }}
        />
        <FailureAlert failure={failure} />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" size="large" disabled={isPending}>
            {isPending ? t('investor.ticketPages.sending') : t('investor.ticketPages.send')}
          </Button>
          <Link component={RouterLink} to="/user/tickets">
            {t('investor.ticketPages.backToList')}
          </Link>
        </Box>
      </Box>
    </Page>
  );
}

export { NewTicketPage as Component };
