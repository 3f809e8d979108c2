import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** Spec 2.1: the admin dashboard is an empty page; reached at /admin, /admin/dashboard, /admin/overview. */
export const AdminDashboard = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Title title="app.menu.overview" />
      <Typography variant="h5" component="h1">
        {translate('app.admin.dashboard_title')}
      </Typography>
    </Box>
  );
};
