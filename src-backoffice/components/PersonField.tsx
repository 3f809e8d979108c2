import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { getIn } from './getIn';

interface Person {
  firstName?: string;
  lastName?: string;
  email?: string;
}

/** A person's full name with the e-mail below it; `source` is the person object's path ('' = record). */
export const PersonField = ({ source = '' }: { source?: string; label?: string }) => {
  const record = useRecordContext();
  const person = (source ? getIn(record, source) : record) as Person | undefined;
  if (!person) return null;
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return (
    <Box>
      <Typography variant="body2">{name || person.email}</Typography>
      {name && person.email ? (
        <Typography variant="caption" color="text.secondary">
          {person.email}
        </Typography>
      ) : null}
    </Box>
  );
};
