import { Box, Link, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { useCreatePath, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { getIn } from './getIn';

interface Person {
  id?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

interface VentureRef {
  _id?: string;
  id?: string;
  title?: string;
}

/** A link inside a clickable row opens only itself. */
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * A person of the record (`source`: the person object's path) as their name and e-mail, linking to
 * their page in the console (/admin/users/{id}/show).
 */
export const PersonLink = ({ source }: { source: string; label?: string; sortBy?: string }) => {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const person = getIn(record, source) as Person | undefined;
  if (!person) return null;
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email || '';
  const text = (
    <Typography variant="body2" component="span">
      {name}
    </Typography>
  );
  // Spans only: the link may sit inside a list item's text (a <p>).
  return (
    <Box component="span" sx={{ display: 'block' }}>
      {person.id ? (
        <Link
          component={RouterLink}
          to={createPath({ resource: 'users', id: person.id, type: 'show' })}
          onClick={stop}
        >
          {text}
        </Link>
      ) : (
        text
      )}
      {name !== person.email && person.email ? (
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {person.email}
        </Typography>
      ) : null}
    </Box>
  );
};

/** The record's venture (`source`: `{ _id, title }`) as its title, linking to /admin/ventures/{id}/show. */
export const VentureLink = ({ source }: { source: string; label?: string }) => {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const venture = getIn(record, source) as VentureRef | undefined;
  const id = venture?._id ?? venture?.id;
  if (!venture) return null;
  if (!id) return <span>{venture.title}</span>;
  return (
    <Link
      component={RouterLink}
      to={createPath({ resource: 'ventures', id, type: 'show' })}
      onClick={stop}
      variant="body2"
    >
      {venture.title}
    </Link>
  );
};
