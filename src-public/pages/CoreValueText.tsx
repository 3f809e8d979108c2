import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CoreValue } from './coreValues';

/** A core value's card text (home page and About us): its name over its sentence. */
export function CoreValueText({ value }: { value: CoreValue }) {
  const { t } = useTranslation();
  return (
    <CardContent>
      <Typography component="h3" variant="h6" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {t(`values.${value}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t(`values.${value}.text`)}
      </Typography>
    </CardContent>
  );
}
