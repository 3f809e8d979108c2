import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TicketThread } from '../api/types';

type Message = TicketThread['messages'][number];

/** An admin's or a superadmin's message is the support team's answer. */
export const isStaffRole = (role: string) => role === 'admin' || role === 'superadmin';

/**
 * A ticket's conversation, oldest first, as a list: the support team's answers set apart (left,
 * shaded) from the author's messages (right). The investor area, the corporate area and the back
 * office say who wrote each message in their own words (`author`).
 */
export function ThreadMessages({
  messages,
  label,
  author,
  time,
}: {
  messages: Message[];
  label: string;
  author: (message: Message, staff: boolean) => ReactNode;
  time: (iso: string) => string;
}) {
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
      {messages.map((m) => {
        const staff = isStaffRole(m.author.role);
        return (
          <Paper
            key={m._id}
            component="li"
            variant="outlined"
            sx={{
              p: 2,
              ml: staff ? 0 : { xs: 2, sm: 6 },
              mr: staff ? { xs: 2, sm: 6 } : 0,
              bgcolor: staff ? 'action.hover' : 'background.paper',
            }}
          >
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              {author(m, staff)}
              <Typography variant="caption" color="text.secondary" component="span">
                {time(m.createdAt)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.body}
            </Typography>
          </Paper>
        );
      })}
    </Stack>
  );
}
