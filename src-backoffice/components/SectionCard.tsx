import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface SectionCardProps {
  /** Translation key of the heading. */
  title: string;
  /** The heading's level in the page's outline (it looks like an h6 whatever its level). */
  heading?: 'h2' | 'h3';
  /** The heading's id, for a table or a list it names. */
  headingId?: string;
  children: ReactNode;
}

/** A part of a show page: an outlined card headed by its translated title. */
export const SectionCard = ({ title, heading = 'h3', headingId, children }: SectionCardProps) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component={heading} gutterBottom id={headingId}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
};
