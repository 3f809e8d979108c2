import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface LabelledValueProps {
  /** Translation key of the label, shown small above the value. */
  label: string;
  /** Long words (an e-mail address, an address) break anywhere instead of running out of the box. */
  breakAnywhere?: boolean;
  children: ReactNode;
}

/** One figure or fact of a record on a show page: its label, then its value. */
export const LabelledValue = ({ label, breakAnywhere = false, children }: LabelledValueProps) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography
        variant="body1"
        component="div"
        sx={breakAnywhere ? { overflowWrap: 'anywhere' } : undefined}
      >
        {children}
      </Typography>
    </Box>
  );
};
