import { Typography } from '@mui/material';
import { useLocaleState, useRecordContext } from 'react-admin';
import { getIn } from './getIn';

/** A percentage number from the API (12.5 -> "12.5 %"). */
export const PercentField = ({ source }: { source: string; label?: string }) => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const value = getIn(record, source);
  if (typeof value !== 'number' || !Number.isFinite(value)) return <span>-</span>;
  const text = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    value / 100,
  );
  return (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  );
};
