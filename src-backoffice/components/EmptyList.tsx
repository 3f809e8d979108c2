import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** What a list shows when it has no rows at all (spec 8 texts such as 'No ventures found.'). */
export const EmptyList = ({ message, children }: { message: string; children?: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <Typography variant="body1" color="text.secondary" gutterBottom>
        {translate(message)}
      </Typography>
      {children}
    </Box>
  );
};
