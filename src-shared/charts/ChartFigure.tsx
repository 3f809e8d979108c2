import { Component as ReactComponent, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/** A chart that cannot load or draw leaves its caption (the same facts in words) in place. */
export class ChartBoundary extends ReactComponent<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('A chart could not be shown', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Shared by the public site and the back office.
 *
 * A chart as a <figure>: the lazily drawn chart (a skeleton while its chunk loads) and its text
 * alternative as the visible <figcaption>, which states the numbers, so the facts are there before
 * (or without) the drawing.
 */
export function ChartFigure({
  id,
  caption,
  height = 300,
  sx,
  children,
}: {
  id: string;
  caption: string;
  height?: number;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}) {
  return (
    <Box
      component="figure"
      aria-labelledby={`${id}-caption`}
      sx={[{ m: 0 }, ...(sx === undefined ? [] : Array.isArray(sx) ? sx : [sx])]}
    >
      {children ? (
        <ChartBoundary>
          <Suspense fallback={<Skeleton variant="rounded" height={height} aria-hidden="true" />}>
            {children}
          </Suspense>
        </ChartBoundary>
      ) : null}
      <Typography
        id={`${id}-caption`}
        component="figcaption"
        variant="body2"
        color="text.secondary"
        sx={{ mt: 1 }}
      >
        {caption}
      </Typography>
    </Box>
  );
}
