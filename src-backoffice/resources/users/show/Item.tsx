import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Labeled } from 'react-admin';

/** A labelled value of the profile grid. The value sits in one block (Labeled is a flex column:
 * first and last name would stack, and a chip would stretch across the cell). */
export const Item = ({
  source,
  label,
  children,
}: {
  source?: string;
  label?: string;
  children: ReactNode;
}) => (
  <Labeled source={source} label={label} resource="users">
    <Box component="span" sx={{ display: 'block' }}>
      {children}
    </Box>
  </Labeled>
);
