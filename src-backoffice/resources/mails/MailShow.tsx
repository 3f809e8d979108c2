import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import ReplyIcon from '@mui/icons-material/Reply';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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
  useRedirect,
  useTranslate,
  useUpdate,
  type GetListResult,
} from 'react-admin';
import type { Mail } from '../../../src-shared/contracts/mails';
import { DateText } from '../../components/DateText';
import { EnumField } from '../../components/EnumField';
import { errorText } from '../../components/errors';

/**
 * Opening a mail marks it read on the server (GET /api/admin/mails/{id}); the lists react-admin has
 * cached still show it unread. Mark it read there at once and have them read again from the server.
 */
export function markReadInCachedLists(queryClient: QueryClient, id: Mail['id']): Promise<void> {
  queryClient.setQueriesData<GetListResult>({ queryKey: ['mails', 'getList'] }, (old) =>
    old?.data
      ? { ...old, data: old.data.map((row) => (row.id === id ? { ...row, status: 'read' } : row)) }
      : old,
  );
  return queryClient.invalidateQueries({ queryKey: ['mails', 'getList'] });
}

/** Puts the mail back to unread (PATCH { status: 'unread' }) and returns to the inbox, like a mail
 * client: staying on the page would read it again. */
const MarkUnreadButton = () => {
  const record = useRecordContext<Mail>();
  const notify = useNotify();
  const redirect = useRedirect();
  const [update, { isPending }] = useUpdate<Mail>();
  const { canAccess } = useCanAccess({ resource: 'mails', action: 'edit', record });
  if (!record || !canAccess || record.status === 'unread') return null;
  return (
    <Button
      label="app.mails.mark_unread"
      disabled={isPending}
      onClick={() =>
        update(
          'mails',
          { id: record.id, data: { status: 'unread' }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify('app.mails.marked_unread', { type: 'success' });
              redirect('list', 'mails');
            },
            onError: (error) => notify(errorText(error, 'app.notification.save_failed'), { type: 'error' }),
          },
        )
      }
    >
      <MarkEmailUnreadIcon />
    </Button>
  );
};

/** mailto: the sender's address with "Re: subject". */
export function replyHref(email: string, subject: string, prefix: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(
    `${prefix}${subject}`,
  )}`;
}

const ReplyButton = () => {
  const record = useRecordContext<Mail>();
  const translate = useTranslate();
  if (!record?.email) return null;
  return (
    <Button
      component="a"
      href={replyHref(record.email, record.subject ?? '', translate('app.mails.reply_prefix'))}
      label="app.mails.reply"
    >
      <ReplyIcon />
    </Button>
  );
};

const Actions = () => (
  <TopToolbar>
    <ListButton />
    <ReplyButton />
    <MarkUnreadButton />
  </TopToolbar>
);

/** One contact mail with its message; opening it marks it read. */
export const MailShow = () => {
  const queryClient = useQueryClient();
  const onLoaded = useCallback(
    (mail: Mail) => {
      void markReadInCachedLists(queryClient, mail.id);
    },
    [queryClient],
  );
  return (
    // Always read the mail from the server, even when the list has just cached its row (react-admin
    // seeds getOne from getList; the app's staleTime would keep that row): only this call carries
    // the message and marks the mail read.
    <Show<Mail> actions={<Actions />} queryOptions={{ onSuccess: onLoaded, staleTime: 0 }}>
      <SimpleShowLayout>
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="subject" />
        <Labeled source="createdAt">
          <DateText source="createdAt" showTime />
        </Labeled>
        <Labeled source="status">
          <EnumField source="status" enumName="mailStatus" />
        </Labeled>
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
      </SimpleShowLayout>
    </Show>
  );
};
