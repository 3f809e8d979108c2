import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { AriaAttributes } from 'react';

/**
 * Shared by the public site and the back office (venture cards and page, the corporate and admin
 * lists, the corporate overview).
 *
 * A funding bar: the filled part is exactly the funded share, in the funded green, on a neutral grey
 * track; nothing else is drawn, so 0 % reads empty and 1 % reads 1 % (issue 30, decision 0181; spec 9's
 * fixed 20 % segment made small shares look a fifth funded). `percent` is clamped to 0..100.
 * The ARIA attributes go on the track (a `progressbar` where the bar is the figure's only statement,
 * `aria-hidden` where a text beside it says the same).
 */
export function FundingTrack({
  percent,
  height = 8,
  sx,
  ...aria
}: {
  percent: number;
  height?: number;
  sx?: SxProps<Theme>;
  role?: 'progressbar';
} & AriaAttributes) {
  const width = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  return (
    <Box
      data-funding-track=""
      {...aria}
      sx={[
        (theme) => ({
          height,
          borderRadius: height / 2,
          overflow: 'hidden',
          bgcolor: theme.palette.mode === 'dark' ? '#616161' : '#e0e0e0',
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box data-segment="funded" sx={{ width: `${width}%`, height: '100%', bgcolor: 'success.main' }} />
    </Box>
  );
}
