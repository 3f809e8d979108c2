import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

/** True below 600 px, where a table of more than three columns no longer fits. */
export function usePhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}

export interface PhoneListItem {
  key: string;
  /** The row's name: one line, an ellipsis when it is too long (usually a link). */
  primary: ReactNode;
  /** The row's figure on the right of the first line (an amount, a date); never wraps. */
  figure?: ReactNode;
  /** The second line: status, date, actions; wraps when it must. */
  secondary?: ReactNode;
}

/**
 * A table's rows on a phone (issue 30, decision 0182): one item per row, as the back office's
 * one-column lists: the name on one line beside its figure, the rest below. Nothing in it is wider
 * than the screen, so nothing scrolls sideways. `footer` closes the list (e.g. the totals).
 */
export function PhoneList({
  items,
  footer,
  ...name
}: {
  items: PhoneListItem[];
  footer?: ReactNode;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  return (
    <Paper variant="outlined" sx={{ mt: 3, overflow: 'hidden' }}>
      <List disablePadding {...name}>
        {items.map((item) => (
          <ListItem key={item.key} divider sx={{ display: 'block', py: 1, px: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, minWidth: 0 }}>
              <Box
                component="span"
                sx={{
                  flex: 1,
                  minWidth: 0,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  fontWeight: 600,
                }}
              >
                {item.primary}
              </Box>
              {item.figure !== undefined ? (
                <Box
                  component="span"
                  sx={{ flexShrink: 0, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {item.figure}
                </Box>
              ) : null}
            </Box>
            {item.secondary !== undefined ? (
              <Box
                sx={{
                  mt: 0.5,
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  columnGap: 1,
                  rowGap: 0.5,
                  color: 'text.secondary',
                  fontSize: '0.875rem',
                  minWidth: 0,
                }}
              >
                {item.secondary}
              </Box>
            ) : null}
          </ListItem>
        ))}
      </List>
      {footer}
    </Paper>
  );
}
