import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** A step's number in a filled circle (decorative: the list already numbers its steps). */
export function StepNumber({ number, sx }: { number: number; sx: SxProps<Theme> }) {
  return (
    <Box
      aria-hidden="true"
      sx={[
        {
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: '#fff',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {number}
    </Box>
  );
}
