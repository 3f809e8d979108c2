import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '../../src-shared/constants/contact';
import type { ErrorCode } from '../../src-shared/errors';
import { Field } from '../auth/form/fields';
import { useForm } from '../auth/form/useForm';
import { useFormProblems } from '../auth/form/useFormProblems';
import { isValidEmail, trimAll } from '../auth/form/validation';
import { FailureAlert } from '../components/FailureAlert';
import { Page } from '../components/Page';
import { COMPANY } from '../layout/company';
import { useSendContactMessage, type ContactMessage } from './api';

const TALLINN_OFFICE = COMPANY.offices.find((office) => office.code === 'EE');

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden="true">
          {icon}
        </Box>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Box sx={{ mt: 1 }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };
const FIELD_ORDER = ['name', 'email', 'subject', 'message'] as const;

/** The server's checks (src-shared/contracts/mails.ts), each failing field with its error code. */
function problems(values: ContactMessage): Partial<Record<keyof ContactMessage, ErrorCode>> {
  const out: Partial<Record<keyof ContactMessage, ErrorCode>> = {};
  if (!values.name) out.name = 'contact.name_required';
  else if (values.name.length > CONTACT_LIMITS.name) out.name = 'contact.name_too_long';
  if (!values.email) out.email = 'auth.email_required';
  else if (!isValidEmail(values.email)) out.email = 'auth.email_invalid';
  if (!values.subject) out.subject = 'contact.subject_required';
  else if (values.subject.length > CONTACT_LIMITS.subject) out.subject = 'contact.subject_too_long';
  if (!values.message) out.message = 'contact.message_required';
  else if (values.message.length > CONTACT_LIMITS.message) out.message = 'contact.message_too_long';
  return out;
}

/**
 * The contact form (POST /api/contact): checked here as the server checks it, every field's error
 * translated by its code (the server's too); the button is disabled while sending; after the
 * thank-you text the fields are empty, so another message can follow.
 */
function ContactForm() {
  const { t } = useTranslation();
  const { mutateAsync: send, isPending } = useSendContactMessage();
  const { values, setValues, bind, setErrors } = useForm<ContactMessage>(EMPTY);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const problemsShown = useFormProblems(FIELD_ORDER, 'contact', setErrors, setFailure);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    setFailure(null);
    const body = trimAll(values);
    if (problemsShown.refused(problems(body))) return;
    try {
      await send(body);
      setValues(EMPTY);
      setErrors({});
      setSent(true);
    } catch (error) {
      problemsShown.failed(error, t('contactForm.failed'));
    }
  };

  const input = (field: keyof ContactMessage, max?: number) => ({
    ...bind(field, t(`contactForm.${field}`)),
    id: `contact-${field}`,
    required: true,
    disabled: isPending,
    ...(max ? { slotProps: { htmlInput: { maxLength: max } } } : {}),
  });

  return (
    <Box component="section" aria-labelledby="contact-form-title" sx={{ mt: 6, maxWidth: 720 }}>
      <Typography id="contact-form-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {t('contactForm.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('contactForm.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, mt: 3 }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field {...input('name', CONTACT_LIMITS.name)} autoComplete="name" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field {...input('email')} type="email" autoComplete="email" />
          </Grid>
        </Grid>
        <Field {...input('subject', CONTACT_LIMITS.subject)} />
        <Field {...input('message', CONTACT_LIMITS.message)} multiline minRows={6} />
        {sent ? (
          <Alert severity="success" role="status">
            {t('contactForm.success')}
          </Alert>
        ) : null}
        <FailureAlert failure={failure} />
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={isPending}>
            {isPending ? t('contactForm.sending') : t('contactForm.send')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

export function ContactUsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('contact.title')} intro={t('contact.intro')}>
      <Grid container spacing={3} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ContactCard icon={<MailOutlineIcon fontSize="large" />} title={t('contact.email')}>
            <Link href={`mailto:${COMPANY.email}`}>{COMPANY.email}</Link>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ContactCard icon={<PhoneOutlinedIcon fontSize="large" />} title={t('contact.phone')}>
            <Link href={COMPANY.phoneHref}>{COMPANY.phone}</Link>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ContactCard icon={<PlaceOutlinedIcon fontSize="large" />} title={t('contact.office')}>
            <Typography component="address" sx={{ fontStyle: 'normal' }}>
              {COMPANY.legalName}
              <br />
              {TALLINN_OFFICE?.address}
            </Typography>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ContactCard icon={<ScheduleOutlinedIcon fontSize="large" />} title={t('contact.hours')}>
            <Typography>{t('contact.hoursValue')}</Typography>
          </ContactCard>
        </Grid>
      </Grid>
      <ContactForm />
      <Box sx={{ display: 'flex', gap: 2, mt: 5, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/ventures" variant="contained" size="large">
          {t('contact.investNow')}
        </Button>
        <Button component={RouterLink} to="/help" variant="outlined" size="large">
          {t('contact.getHelp')}
        </Button>
      </Box>
    </Page>
  );
}

export { ContactUsPage as Component };
