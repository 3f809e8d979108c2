import type { ReactNode } from 'react';
import Container, { type ContainerProps } from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from './usePageTitle';

/** A page body with its one h1 (and the document title). */
export function Page({
  title,
  intro,
  children,
  maxWidth = 'lg',
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  maxWidth?: ContainerProps['maxWidth'];
}) {
  usePageTitle(title);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 4, md: 6 } }}>
      <Typography
        component="h1"
        variant="h3"
        sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.6rem' } }}
      >
        {title}
      </Typography>
      {intro ? (
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 1.5, fontWeight: 400 }}>
          {intro}
        </Typography>
      ) : null}
      {children}
    </Container>
  );
}
