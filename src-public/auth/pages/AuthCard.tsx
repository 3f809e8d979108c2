import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../components/usePageTitle';

/** The frame of the authentication screens: a card with the page's h1. */
export function AuthCard({
  title,
  subtitle,
  children,
  maxWidth = 'sm',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
}) {
  usePageTitle(title);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
      </Paper>
    </Container>
  );
}
