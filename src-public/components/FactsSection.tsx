import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

/** A tile of a figures grid (and a card like it): outlined, rounded, as tall as its row. */
export const tileSx = {
  p: 2,
  height: '100%',
  border: '1px solid',
  borderColor: 'divider',
  borderRadius: 2,
  bgcolor: 'background.paper',
  minWidth: 0,
} as const;

/**
 * A section of figures: its heading (the section's label, by `id`), then a definition list laid out
 * as a grid whose cells (each a <dt> with its <dd>s) the caller gives.
 */
export function FactsSection({
  id,
  title,
  mt,
  children,
}: {
  id: string;
  title: string;
  mt: number;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Grid component="dl" container spacing={2} sx={{ m: 0 }}>
        {children}
      </Grid>
    </Box>
  );
}
