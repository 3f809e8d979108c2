import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import {
  Button,
  EmailField,
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import { DateText } from '../../components/DateText';
import { EnumField } from '../../components/EnumField';
import { errorText } from '../../components/errors';

interface Mail {
  id: string;
  status?: 'read' | 'unread';
}

/** Switches a mail between read and unread (PATCH /api/admin/mails/{id} { status }). */
const ToggleStatusButton = () => {
  const record = useRecordContext<Mail>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<Mail>();
  const { canAccess } = useCanAccess({ resource: 'mails', action: 'edit', record });
  if (!record || !canAccess) return null;
  const next = record.status === 'unread' ? 'read' : 'unread';
  return (
    <Button
      label={next === 'read' ? 'app.mails.mark_read' : 'app.mails.mark_unread'}
      disabled={isPending}
      onClick={() =>
        update(
          'mails',
          { id: record.id, data: { status: next }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify('app.notification.updated', { type: 'success' }),
            onError: (error) => notify(errorText(error, 'app.notification.save_failed'), { type: 'error' }),
          },
        )
      }
    >
      {next === 'read' ? <MarkEmailReadIcon /> : <MarkEmailUnreadIcon />}
    </Button>
  );
};

const Actions = () => (
  <TopToolbar>
    <ListButton />
    <ToggleStatusButton />
  </TopToolbar>
);

/** One contact mail with its message (opening it marks it read on the server). */
export const MailShow = () => (
  <Show actions={<Actions />}>
    <SimpleShowLayout>
      <Labeled source="status">
        <EnumField source="status" enumName="mailStatus" />
      </Labeled>
      <TextField source="name" />
      <EmailField source="email" />
      <TextField source="subject" />
      <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
      <Labeled source="createdAt">
        <DateText source="createdAt" showTime />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
