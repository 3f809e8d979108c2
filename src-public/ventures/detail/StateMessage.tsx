import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/usePageTitle';

/** The page without a venture: why (its title too) and the way back to the list. */
export function StateMessage({ children }: { children: string }) {
  const { t } = useTranslation();
  usePageTitle(children);
  return (
    <Container maxWidth="md" sx={{ py: 8, textAlign: 'center' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {children}
      </Typography>
      <Button component={RouterLink} to="/ventures" variant="outlined" sx={{ mt: 3 }}>
        {t('venture.backToList')}
      </Button>
    </Container>
  );
}
